import GestureKit

extension SampleCSVFormat {
    /// Another sensor unit's columns in a sample CSV: the header's names that end in `@<placement>`
    /// (`accel_x@lowerarm`, `gyro.x@lowerarm`), each read as the same name without it would be read for the primary
    /// unit, in the same units and scale (g or the stated acceleration unit, rad/s or the gyroscope's stated unit).
    package struct UnitColumns: Hashable, Sendable {
        /// The unit's placement (`lowerarm`), as a placed channel names it (``GestureKit/MotionChannel/placement``).
        package var placement: String
        /// Column index of each of the unit's channels, keyed by the primary unit's channel names (`accel.x`).
        package var mapping: [Channel: Int]
    }

    /// The other units `columns` name, in order of their first column: per placement (the text after the last `@`,
    /// letters, digits, `_` and `-`), the columns whose names without it read as channels
    /// (``channelMapping(_:)``), when they include the three acceleration axes. A placement without them (raw counts
    /// such as `gyr_2_x@lowerarm` alone) is left to the columns the reader does not read. O(columns × units).
    static func unitColumns(_ columns: [String]) -> [UnitColumns] {
        var order: [String] = []
        for name in columns {
            guard let at = name.lastIndex(of: "@") else { continue }
            let placement = String(name[name.index(after: at)...])
            if MotionChannel.isPlacement(placement), !order.contains(placement) { order.append(placement) }
        }
        return order.compactMap { placement in
            // A column of another unit, or the primary's, can match none of this unit's names.
            let keys = columns.map { name in name.hasSuffix("@" + placement) ? normalize(String(name.dropLast(placement.count + 1))) : "@" }
            let mapping = channelMapping(keys)
            guard Channel.acceleration.allSatisfy({ mapping[$0] != nil }) else { return nil }
            return UnitColumns(placement: placement, mapping: mapping)
        }
    }

    /// The other units' readings on a data line split into `fields`, stamped `time` (seconds), keyed by placement,
    /// scaled as the primary unit's values are: a unit with an empty or non-finite cell is absent (its gap, as an
    /// empty cell in a manifest's `sensors:` columns is); `nil` when the header names no other unit.
    ///
    /// - Throws: ``DataFileError`` at `lineNumber` for a cell that is neither empty nor a number.
    /// - Complexity: O(units × channels).
    func unitReadings(_ fields: [String], time: Double, lineNumber: Int) throws(DataFileError) -> [String: MotionSample]? {
        guard !sensorUnits.isEmpty else { return nil }
        var present: [String: MotionSample] = [:]
        for unit in sensorUnits {
            var values: [Channel: Double] = [:], gap = false
            for (channel, index) in unit.mapping {
                let text = fields[index].trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { gap = true; continue }
                guard let v = Self.number(text, decimalComma: decimalComma) else {
                    throw DataFileError(file: file, line: lineNumber, field: columns[index], "\(DataFileError.quote(text)) is not a number (an empty cell is the unit's gap)")
                }
                if !v.isFinite { gap = true }
                values[channel] = v
            }
            guard !gap else { continue }
            func vector(_ names: [Channel], _ factor: Double = 1) -> Vector3? {
                guard let x = values[names[0]], let y = values[names[1]], let z = values[names[2]] else { return nil }
                return Vector3(x * factor, y * factor, z * factor)
            }
            var attitude: Quaternion?
            if let w = values[.quatW], let x = values[.quatX], let y = values[.quatY], let z = values[.quatZ] {
                attitude = Quaternion(w: w, x: x, y: y, z: z)
            } else if let r = values[.roll], let p = values[.pitch], let yw = values[.yaw] {
                attitude = Quaternion(EulerAngles(pitch: p, roll: r, yaw: yw))
            }
            present[unit.placement] = MotionSample(
                timestamp: time, acceleration: vector(Channel.acceleration, accelerationFactor)!,
                rotationRate: vector(Channel.rotationRate, rotationRateFactor), attitude: attitude,
                gravity: vector(Channel.gravity, accelerationFactor), userAcceleration: vector(Channel.userAcceleration, accelerationFactor),
                magneticField: vector(Channel.magneticField), pressure: values[.pressure])
        }
        return present
    }

    /// The note said when the header names other units: which columns are read as which unit.
    static func unitsNote(_ units: [UnitColumns], columns: [String]) -> String {
        "units: " + units.map { unit in
            let names = unit.mapping.values.sorted().map { columns[$0] }
            return "'\(unit.placement)' from \(names.joined(separator: ", "))"
        }.joined(separator: "; ") + " (placed channels such as accel.x@\(units[0].placement); an empty cell is that unit's gap)"
    }

    /// Sets the gyroscope columns' scale from the unit their headers state (`gX (deg/s)`) or the caller states
    /// (`--gyroscope`, `stated`), which must agree, saying degrees per second in ``notes``; rad/s when neither states one.
    ///
    /// - Throws: ``DataFileError`` at line 1 naming the first gyroscope column when the headers state different units
    ///   or one the caller contradicts.
    mutating func settleRotationRateUnit(stated rotationRate: RotationUnit?) throws(DataFileError) {
        // A unit in the gyroscope's headers sets its scale, as one in the accelerometer's does.
        let rotationUnits = Set(Channel.rotationRate.compactMap { mapping[$0] }.compactMap { Self.rotationRateUnit(columns[$0]) })
        if rotationUnits.count > 1 {
            throw DataFileError(file: file, line: 1, field: columns[mapping[.gyroX]!],
                                "the rotation-rate columns state different units; convert them to one unit")
        }
        if let stated = rotationRate, let gyro = mapping[.gyroX] {
            // A unit the caller states must agree with the headers'.
            if let factor = rotationUnits.first, factor != stated.toRadiansPerSecond {
                throw DataFileError(file: file, line: 1, field: columns[gyro],
                                    "the header states \(factor == 1 ? "rad/s" : "degrees per second") but --gyroscope says \(stated.argument); "
                                        + "drop the option or give the one that matches the header")
            }
            rotationRateFactor = stated.toRadiansPerSecond
            headerRotationRate = true
            if stated == .degreesPerSecond {
                notes.append("units: rotation rate in degrees per second (--gyroscope deg/s: '\(columns[gyro])' and the other axes), times π/180 to rad/s")
            }
        } else if let factor = rotationUnits.first {
            rotationRateFactor = factor
            headerRotationRate = true
            if factor != 1 {
                notes.append("units: rotation rate in degrees per second by its header ('\(columns[mapping[.gyroX]!])'), times π/180 to rad/s")
            }
        }
    }
}
