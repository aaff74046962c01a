import Foundation

/// Small recordings written in the layouts of the phone and watch logging apps users bring (Sensor
/// Logger, phyphox, SensorLog on an Apple Watch, an iOS CoreMotion logger), made up for the tests:
/// each has the app's column names, separators, number format and clock, and a few rows of a
/// device lying face up (about 1 g on z).
public enum PhoneAppRecordings {
    /// phyphox "Acceleration with g" as a comma-decimal spreadsheet saves it: comma-separated, every
    /// field quoted, decimal commas inside the quotes. m/s², Android's sign (+9.81 on z face up).
    public static let phyphoxQuotedDecimalComma = """
        "Time (s)","Acceleration x (m/s^2)","Acceleration y (m/s^2)","Acceleration z (m/s^2)"
        "0,00","0,5","1,25","9,81"
        "0,01","0,5","1,25","9,80"
        "0,02","0,4","1,20","9,79"
        "0,03","0,5","1,25","9,81"

        """

    /// phyphox's own "CSV (Semicolon, decimal comma)" export of Accelerometer.csv.
    public static let phyphoxSemicolonAccelerometer = """
        "Time (s)";"Acceleration x (m/s^2)";"Acceleration y (m/s^2)";"Acceleration z (m/s^2)"
        0,000000000E0;4,903325000E-1;0,000000000E0;9,806650000E0
        1,000000000E-2;4,903325000E-1;0,000000000E0;9,806650000E0
        2,000000000E-2;4,903325000E-1;0,000000000E0;9,806650000E0
        3,000000000E-2;4,903325000E-1;0,000000000E0;9,806650000E0

        """

    /// The gyroscope file beside ``phyphoxSemicolonAccelerometer``.
    public static let phyphoxSemicolonGyroscope = """
        "Time (s)";"Gyroscope x (rad/s)";"Gyroscope y (rad/s)";"Gyroscope z (rad/s)"
        0,000000000E0;1,000000000E-1;0,000000000E0;0,000000000E0
        1,500000000E-2;1,000000000E-1;0,000000000E0;0,000000000E0
        3,000000000E-2;1,000000000E-1;0,000000000E0;0,000000000E0

        """

    /// phyphox's single-file export of the "Acceleration with g" experiment, `Raw Data.csv`.
    public static let phyphoxRawData = """
        "Time (s)","Acceleration x (m/s^2)","Acceleration y (m/s^2)","Acceleration z (m/s^2)","Absolute acceleration (m/s^2)"
        0.000000000E0,4.903325000E-1,0.000000000E0,9.806650000E0,9.818900000E0
        1.000000000E-2,4.903325000E-1,0.000000000E0,9.806650000E0,9.818900000E0
        2.000000000E-2,4.903325000E-1,0.000000000E0,9.806650000E0,9.818900000E0

        """

    /// phyphox's single-file export of the "Linear Acceleration" experiment (gravity removed).
    public static let phyphoxLinearRawData = """
        "Time (s)","Linear Acceleration x (m/s^2)","Linear Acceleration y (m/s^2)","Linear Acceleration z (m/s^2)","Absolute acceleration (m/s^2)"
        0.000000000E0,9.806650000E-1,0.000000000E0,0.000000000E0,9.806650000E-1
        1.000000000E-2,9.806650000E-1,0.000000000E0,0.000000000E0,9.806650000E-1
        2.000000000E-2,9.806650000E-1,0.000000000E0,0.000000000E0,9.806650000E-1

        """

    /// Sensor Logger (Android) TotalAcceleration.csv: epoch nanoseconds, seconds since the start, then
    /// z, y, x in m/s² with Android's sign, at 100 Hz for `seconds`.
    public static func sensorLoggerTotalAcceleration(seconds: Double = 0.5) -> String {
        var text = "time,seconds_elapsed,z,y,x\n"
        for i in 0..<Int(seconds * 100) {
            text += "\(1_700_000_000_000_000_000 + Int64(i) * 10_000_000),\(Double(i) / 100),9.80665,0.0,0.0\n"
        }
        return text
    }

    /// Sensor Logger's Orientation.csv: the attitude quaternion (qz, qy, qx, qw) and Euler angles, on
    /// the accelerometer's clock, turning about x by `turn` radians over the file.
    public static func sensorLoggerOrientation(seconds: Double = 0.5, turn: Double = 0) -> String {
        var text = "time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw\n"
        let n = Int(seconds * 100)
        for i in 0..<n {
            let angle = turn * Double(i) / Double(max(1, n - 1))
            text += "\(1_700_000_000_000_000_000 + Int64(i) * 10_000_000),\(Double(i) / 100),0.0,0.0,\(sin(angle / 2)),\(cos(angle / 2)),0.0,\(angle),0.0\n"
        }
        return text
    }

    /// The classes of ``sensorLogWatch``'s three exercise runs, by their `label(N)` value.
    public static let sensorLogWatchClasses = ["1": "squat", "2": "pushup", "3": "curl"]

    /// The true runs of ``sensorLogWatch``: label and first and last time, seconds from its first row.
    public static let sensorLogWatchRuns: [(label: String, start: Double, end: Double)] = [
        ("squat", 0.4, 1.18), ("pushup", 1.6, 2.38), ("curl", 2.8, 3.58),
    ]

    /// SensorLog on an Apple Watch: CoreMotion names with units in brackets, an uptime clock
    /// (`motionTimestamp_sinceReboot(s)` near 89,098 s), 50 Hz, and a `label(N)` column (0 between
    /// exercises; 1, 2, 3 during three runs). Its rows arrive in batches written out of order (every
    /// two batches of 8 rows swapped), as a watch's deferred transfers write them.
    public static func sensorLogWatch() -> String {
        var rows: [String] = []
        for i in 0..<200 {
            let t = Double(i) * 0.02
            let label = (20..<60).contains(i) ? 1 : (80..<120).contains(i) ? 2 : (140..<180).contains(i) ? 3 : 0
            let time = String(format: "%.3f", 89_098.25 + t)
            rows.append("2024-03-02 10:00:\(String(format: "%06.3f", t)) +0100,\(i),\(time),0.01,0.02,-1.0,0.0,0.0,0.0,0.01,0.02,0.0,0.0,0.0,-1.0,1.0,0.0,0.0,0.0,\(label)")
        }
        var order: [Int] = []
        let batches = stride(from: 0, to: rows.count, by: 8).map { Array($0..<min($0 + 8, rows.count)) }
        for pair in stride(from: 0, to: batches.count, by: 2) {
            if pair + 1 < batches.count { order += batches[pair + 1] }
            order += batches[pair]
        }
        return "loggingTime(txt),loggingSample(N),motionTimestamp_sinceReboot(s),accelerometerAccelerationX(G),"
            + "accelerometerAccelerationY(G),accelerometerAccelerationZ(G),motionRotationRateX(rad/s),motionRotationRateY(rad/s),"
            + "motionRotationRateZ(rad/s),motionUserAccelerationX(G),motionUserAccelerationY(G),motionUserAccelerationZ(G),"
            + "motionGravityX(G),motionGravityY(G),motionGravityZ(G),motionQuaternionW(R),motionQuaternionX(R),motionQuaternionY(R),"
            + "motionQuaternionZ(R),label(N)\n" + order.map { rows[$0] + "\n" }.joined()
    }

    /// A dataset manifest (the user's) reading ``sensorLogWatch`` files as `{subject}/{session}.csv`,
    /// with the label column's runs as annotations.
    public static let sensorLogWatchManifest = """
        format: gesturelab-dataset/1
        name: watch-exercises
        kind: continuous
        table: {delimiter: ",", header: true}
        time: {column: "motionTimestamp_sinceReboot(s)", unit: s}
        labels: {column: "label(N)", background: ["0"], names: {"1": squat, "2": pushup, "3": curl}}
        channels:
          - {name: accel.x, column: "accelerometerAccelerationX(G)"}
          - {name: accel.y, column: "accelerometerAccelerationY(G)"}
          - {name: accel.z, column: "accelerometerAccelerationZ(G)"}
          - {name: gyro.x, column: "motionRotationRateX(rad/s)"}
          - {name: gyro.y, column: "motionRotationRateY(rad/s)"}
          - {name: gyro.z, column: "motionRotationRateZ(rad/s)"}
        source:
          files:
            - {pattern: "{subject}/{session}.csv"}

        """

    /// Writes `files` (relative path → text) under a new folder in ``TemporaryFolder/root`` and returns it.
    public static func folder(_ name: String, _ files: [String: String]) throws -> URL {
        let root = TemporaryFolder.root.appendingPathComponent("phone-\(name)-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }
}
