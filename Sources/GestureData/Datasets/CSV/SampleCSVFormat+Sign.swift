import GestureKit

extension SampleCSVFormat {
    /// The least share of a recording's still windows with gravity that must lie level on z, with one sign, for that
    /// rest to settle the sign convention.
    static let levelShare = 0.9

    /// The sign convention a `csv:` file's acceleration is read with, settled once its rows are read, and said in the
    /// reading report on every run. The project's is CoreMotion's: a device lying face up reads −1 g on z.
    ///
    /// Stated (`--acceleration`), it is what was stated. Otherwise gravity at rest settles it when it is unambiguous:
    /// when at least ``levelShare`` of the still windows with gravity (``PhysicalPlausibility/StillWindows``, at least
    /// ``PhysicalPlausibility/turningWindows`` of them) lie level on z with one sign. A device lying level lies face up,
    /// so +1 g on z is "g, up positive" (x-io, Xsens, Axivity, MetaWear; Android's m/s²) and the acceleration,
    /// gravity and user acceleration of every unit in `columns` are negated; −1 g is CoreMotion's. Any other rest
    /// (a unit worn upright, on its side, or several poses) keeps the values as written, and the note says that
    /// `--acceleration g-up` reads the other convention. O(rows).
    ///
    /// - Returns: the note, starting `sign:`.
    func settleSign(_ columns: inout SampleCSVColumns) -> String {
        if let statedAcceleration {
            return "sign: acceleration read as \(statedAcceleration.signWords) (--acceleration \(statedAcceleration.rawValue))"
        }
        let unit = headerAcceleration == .metersPerSecondSquared ? "m/s²" : headerAcceleration == .milliG ? "mg" : "g"
        var windows = PhysicalPlausibility.StillWindows()
        if columns.channels.count >= 3 {
            let (x, y, z) = (columns.values[0], columns.values[1], columns.values[2])
            for i in columns.timestamps.indices {
                windows.add(time: columns.timestamps[i], acceleration: Vector3(x[i], y[i], z[i]), rotationRate: nil)
            }
        }
        let still = windows.withGravity, level = windows.levelOnZ
        let rest = still > 0 ? windows.restSum / Double(still) : nil
        let seconds = Double(still) * PhysicalPlausibility.stillWindowSeconds
        let settles = still >= PhysicalPlausibility.turningWindows
        func g(_ value: Double) -> String { Self.format(value) }
        if settles, Double(level.up) >= Self.levelShare * Double(still), let rest {
            columns.negateAcceleration()
            return "sign: at rest the device lay level reading +\(g(rest.z)) g on z (\(still) still windows, \(g(seconds)) s or more): "
                + "\(unit), up positive (+1 g up at rest, as x-io, Xsens, Axivity, MetaWear and Android write), negated to the project's "
                + "convention, CoreMotion's (−1 g on z lying face up); if the device lay face down, pass --acceleration g"
        }
        if settles, Double(level.down) >= Self.levelShare * Double(still), let rest {
            return "sign: at rest the device lay level reading \(g(rest.z)) g on z (\(still) still windows): \(unit) with CoreMotion's sign "
                + "(−1 g on z lying face up), the project's, as written"
        }
        let resting = rest.map { "gravity at rest (\(g($0.x)), \(g($0.y)), \(g($0.z))) g does not settle it" }
            ?? "no still stretch with gravity settles it"
        return "sign: acceleration read as written with CoreMotion's sign (−1 g on z lying face up), the project's convention; "
            + "\(resting): for g, up positive (+1 g up at rest: x-io, Xsens, Axivity, MetaWear) pass --acceleration g-up"
    }
}

extension SampleCSVColumns {
    /// Negates every acceleration, gravity and user-acceleration column, of every sensor unit. O(rows × channels).
    mutating func negateAcceleration() {
        let quantities = Set((Channel.acceleration + Channel.gravity + Channel.userAcceleration).map(\.rawValue))
        for (k, channel) in channels.enumerated() {
            let quantity = channel.motion.map { Channel($0.unplaced).rawValue } ?? channel.rawValue
            guard quantities.contains(quantity) else { continue }
            values[k].withUnsafeMutableBufferPointer { column in for i in column.indices { column[i] = -column[i] } }
        }
    }
}
