import Foundation

/// A small recording of two sensor units in one file, as `../shared/datasets/ActRecTut_Gestures/all-sensors` lays
/// them out: the primary unit (`ax…az`, milli-g) and a unit on the lower arm (`bx…bz`), 10 Hz. Line 4 (t = 0.2 s)
/// has the lower arm's cells empty (its gap), line 6 (t = 0.4 s) every primary cell (a row without the primary
/// unit), line 7 (t = 0.5 s) a lower-arm cell alone empty.
public enum SensorUnitsFixture {
    /// The CSV text.
    public static let csv = """
        time,ax,ay,az,bx,by,bz
        0.0,0,0,-1000,10,0,-1000
        0.1,0,0,-1000,20,0,-1000
        0.2,0,0,-1000,,,
        0.3,0,0,-1000,40,0,-1000
        0.4,,,,50,0,-1000
        0.5,0,0,-1000,60,,-1000
        0.6,0,0,-1000,70,0,-1000
        0.7,0,0,-1000,80,0,-1000

        """

    /// A project manifest reading `recordings/units.csv` with the lower arm as the unit `lowerarm`.
    public static let manifest = """
        name: units
        samplingRate: 10
        channels:
          - {name: accel.x, column: ax, scale: 0.001}
          - {name: accel.y, column: ay, scale: 0.001}
          - {name: accel.z, column: az, scale: 0.001}
        sensors:
          - placement: lowerarm
            channels:
              - {name: accel.x, column: bx, scale: 0.001}
              - {name: accel.y, column: by, scale: 0.001}
              - {name: accel.z, column: bz, scale: 0.001}
        recordings:
          - {id: units, subject: s1, session: '1', file: recordings/units.csv}

        """

    /// The motion on the lower arm's x and y at `u` ∈ [0, 1) of its 1 s, g.
    public static func armMotion(_ u: Double) -> (x: Double, y: Double) {
        (0.8 * sin(2 * .pi * 2 * u), 0.6 * sin(2 * .pi * 3 * u + 1))
    }

    /// A longer recording of the same two units at `rate` Hz for `seconds`: the primary unit still at −1 g on z,
    /// the lower arm making ``armMotion(_:)`` for 1 s from each time in `motions`, and absent (empty cells) over
    /// `gap`. `header` names the columns: the fixture's milli-g `time,ax,ay,az,bx,by,bz` (read by ``manifest``), or
    /// a CSV in g that `detect` reads (`time,accel_x,…,accel_x@lowerarm,…`) with `placed: true`.
    public static func motionCSV(seconds: Double = 12, rate: Double = 20, motions: [Double] = [2, 8],
                                 gap: Range<Double> = 5..<5.3, placed: Bool = false) -> String {
        let scale = placed ? 1.0 : 1000
        var text = placed ? "time,accel_x,accel_y,accel_z,accel_x@lowerarm,accel_y@lowerarm,accel_z@lowerarm\n" : "time,ax,ay,az,bx,by,bz\n"
        for i in 0..<Int(seconds * rate) {
            let t = Double(i) / rate
            var arm = (x: 0.0, y: 0.0)
            for m in motions where t >= m && t < m + 1 { arm = armMotion(t - m) }
            let primary = "\(t),0,0,\(-scale)"
            text += gap.contains(t) ? primary + ",,,\n" : primary + ",\(arm.x * scale),\(arm.y * scale),\(-scale)\n"
        }
        return text
    }
}
