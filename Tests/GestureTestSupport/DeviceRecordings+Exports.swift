import Foundation

/// Exports of the research devices of issue 56, written by the tests in each device's documented layout (Shimmer's
/// Consensys, Axivity's OMGUI, Polar Sensor Logger, Arduino's IMU_Capture sketch, the mHealth format's short
/// names): a device lying still with its z axis up, a little noise on every axis, and a gyroscope's small bias.
extension DeviceRecordings {
    /// A Consensys CSV export of a Shimmer3 at 51.2 Hz: Excel's `"sep=X"` directive, the header
    /// (`Shimmer_8A1F_Timestamp_Unix_CAL`, `…_Accel_LN_X_CAL`, `…_Gyro_X_CAL`, each line ending with the separator),
    /// a `CAL` row when `formatRow`, the units row (`ms`, `m/(s^2)`, `deg/s`), then Unix milliseconds, m/s² with
    /// +9.81 up, and °/s with a bias of (0.3, −0.2, 0.1) °/s.
    public static func consensys(seconds: Double = 2, separator: String = ";", formatRow: Bool = false) -> String {
        let names = ["Timestamp_Unix_CAL", "Accel_LN_X_CAL", "Accel_LN_Y_CAL", "Accel_LN_Z_CAL", "Gyro_X_CAL", "Gyro_Y_CAL", "Gyro_Z_CAL"]
        var text = "\"sep=\(separator)\"\n" + names.map { "Shimmer_8A1F_\($0)\(separator)" }.joined() + "\n"
        if formatRow { text += String(repeating: "CAL\(separator)", count: names.count) + "\n" }
        text += ["ms", "m/(s^2)", "m/(s^2)", "m/(s^2)", "deg/s", "deg/s", "deg/s"].map { $0 + separator }.joined() + "\n"
        for i in 0..<Int(seconds * 51.2) {
            let values = [1_620_000_000_000 + Double(i) * 1000 / 51.2, wobble(i, 0.04), wobble(i + 1, 0.04), 9.80665 + wobble(i + 2, 0.03),
                          0.3 + wobble(i, 0.1), -0.2 + wobble(i + 1, 0.1), 0.1 + wobble(i + 2, 0.1)]
            text += values.map { String(format: "%.3f", $0) + separator }.joined() + "\n"
        }
        return text
    }

    /// An OMGUI CSV export of an Axivity AX3 (or, with `gyroscope`, an AX6) at 100 Hz, without a header: the
    /// date-time (`yyyy-MM-dd HH:mm:ss.SSS`), or Unix seconds when `unixTime`, then x, y, z in g with +1 g up (and
    /// the AX6's x, y, z in °/s, a bias of (0.5, −0.3, 0.2) °/s).
    public static func omgui(seconds: Double = 2, gyroscope: Bool = false, unixTime: Bool = false) -> String {
        var text = ""
        for i in 0..<Int(seconds * 100) {
            let ms = i * 10
            text += unixTime ? String(format: "%.2f", 1_682_942_400 + Double(ms) / 1000)
                : String(format: "2023-05-01 12:00:%02d.%03d", ms / 1000, ms % 1000)
            text += String(format: ",%.6f,%.6f,%.6f", wobble(i, 0.0156), wobble(i + 1, 0.0156), 1 + wobble(i + 2, 0.0156))
            if gyroscope { text += String(format: ",%.4f,%.4f,%.4f", 0.5 + wobble(i, 0.2), -0.3 + wobble(i + 1, 0.2), 0.2 + wobble(i + 2, 0.2)) }
            text += "\n"
        }
        return text
    }

    /// Polar Sensor Logger's ACC stream at 52 Hz: `Phone timestamp;sensor timestamp [ns];X [mg];Y [mg];Z [mg]`, the
    /// phone's ISO-8601 time, the sensor's nanoseconds since 2000, milli-g with +1000 up.
    public static func polarAcc(seconds: Double = 2) -> String {
        var text = "Phone timestamp;sensor timestamp [ns];X [mg];Y [mg];Z [mg]\n"
        for i in 0..<Int(seconds * 52) {
            let ns = 736_257_600_000_000_000 + Int64((Double(i) * 1e9 / 52).rounded())
            let ms = Int((ns - 736_257_600_000_000_000) / 1_000_000)
            text += String(format: "2023-05-01T12:00:%02d.%03d;%lld;%d;%d;%d\n", ms / 1000, ms % 1000, ns,
                           Int(wobble(i, 4).rounded()), Int(wobble(i + 1, 4).rounded()), 1000 + Int(wobble(i + 2, 3).rounded()))
        }
        return text
    }

    /// Polar Sensor Logger's GYRO stream at 52 Hz from 10 ms before ``polarAcc(seconds:)``, `X [dps]…`, a bias of
    /// (0.61, −0.31, 0.15) °/s.
    public static func polarGyro(seconds: Double = 2) -> String {
        var text = "Phone timestamp;sensor timestamp [ns];X [dps];Y [dps];Z [dps]\n"
        for i in 0..<(Int(seconds * 52) + 2) {
            let ns = 736_257_600_000_000_000 - 10_000_000 + Int64((Double(i) * 1e9 / 52).rounded())
            text += String(format: "2023-05-01T12:00:00.000;%lld;%.2f;-0.31;0.15\n", ns, 0.61 + wobble(i, 0.2))
        }
        return text
    }

    /// The serial log of Arduino's IMU_Capture sketch: the header `aX,aY,aZ,gX,gY,gZ`, then `captures` captures of
    /// 119 rows (1 s at 119 Hz) each followed by a blank line, g with +1 g up and °/s, a bias of (0.61, −0.43, 0.18) °/s.
    /// In capture `punchIn`, if any, x swings to ±3.5 g and z turns at 390 °/s for 0.2 s from its 0.4 s.
    public static func imuCapture(captures: Int = 2, punchIn: Int? = nil) -> String {
        var text = "aX,aY,aZ,gX,gY,gZ\n"
        for c in 0..<captures {
            for i in 0..<119 {
                let punch = c == punchIn && (48..<72).contains(i)
                let ax = punch ? 3.5 * sin(Double(i - 48) * .pi / 12) : wobble(i, 0.01)
                let gz = punch ? 390 * sin(Double(i - 48) * .pi / 24) : 0.18 + wobble(i + 2, 0.3)
                text += String(format: "%.3f,%.3f,%.3f,%.3f,%.3f,%.3f\n", ax, wobble(i + 1, 0.01), 1 + wobble(i + 2, 0.008),
                               0.61 + wobble(i, 0.3), -0.43 + wobble(i + 1, 0.3), gz)
            }
            text += "\n"
        }
        return text
    }

    /// An mHealth-format sensor file as the SPADES study and the mhealth-format tools write it: `HEADER_TIME_STAMP,X,Y,Z`,
    /// `yyyy-MM-dd HH:mm:ss.SSS`, g with +1 g up, at 80 Hz.
    public static func mHealthShortNames(seconds: Double = 2) -> String {
        mHealth(seconds: seconds).replacingOccurrences(
            of: "X_ACCELERATION_METERS_PER_SECOND_SQUARED,Y_ACCELERATION_METERS_PER_SECOND_SQUARED,Z_ACCELERATION_METERS_PER_SECOND_SQUARED",
            with: "X,Y,Z")
    }
}
