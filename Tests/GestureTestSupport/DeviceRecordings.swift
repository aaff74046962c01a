import Foundation

/// Small recordings written in the layouts of the research devices and studies users bring (Empatica
/// E4, ActiGraph's CSV export, the WISDM phone study, the mHealth format, a Garmin watch, activPAL),
/// made up for the tests: each has the device's preamble or metadata rows, separators, clock and raw
/// units, and a device lying still with its z axis up (1 g on z, plus a little noise so that stretches
/// are as still as a real device's, not constant).
public enum DeviceRecordings {
    /// A small deterministic wobble, ±`amplitude`, for sample `i`.
    public static func wobble(_ i: Int, _ amplitude: Double) -> Double { amplitude * sin(Double(i) * 0.7) }

    /// Empatica E4 `ACC.csv`: a row with the start time (epoch seconds) in every column, a row with the
    /// rate (32 Hz), then x, y, z in counts of 1/64 g, +1 g on the axis pointing up. No header.
    public static func empaticaE4(seconds: Double = 4, start: Int = 1_495_437_325) -> String {
        var text = "\(start).000000, \(start).000000, \(start).000000\n32.000000, 32.000000, 32.000000\n"
        for i in 0..<Int(seconds * 32) {
            text += "\(i % 3 == 0 ? 1 : 0),\(i % 4 == 0 ? -1 : 0),\(64 + (i % 5 == 0 ? 1 : 0))\n"
        }
        return text
    }

    /// ActiGraph GT3X+ CSV export by ActiLife with timestamps: a 10-line preamble, a header, then the
    /// date-time (`M/d/yyyy HH:mm:ss.SSS`) and x, y, z in g, +1 g up, at 30 Hz from 6/14/2018 12:08:39.725.
    public static func actiGraph(seconds: Double = 4) -> String {
        var text = """
            ------------ Data File Created By ActiGraph GT3X+ ActiLife v6.13.3 Firmware v2.5.0 date format M/d/yyyy at 30 Hz  Filter Normal -----------
            Serial Number: MOS2D12345678
            Start Time 12:08:39
            Start Date 6/14/2018
            Epoch Period (hh:mm:ss) 00:00:00
            Download Time 09:15:02
            Download Date 6/15/2018
            Current Memory Address: 0
            Current Battery Voltage: 4.19     Mode = 12
            --------------------------------------------------
            Timestamp,Accelerometer X,Accelerometer Y,Accelerometer Z

            """
        let startMillis = (12 * 3600 + 8 * 60 + 39) * 1000 + 725
        for i in 0..<Int(seconds * 30) {
            let ms = startMillis + Int((Double(i) * 1000 / 30).rounded())
            let time = String(format: "6/14/2018 %d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
            text += time + String(format: ",%.3f,%.3f,%.3f\n", wobble(i, 0.004), wobble(i + 1, 0.004), 1 + wobble(i + 2, 0.003))
        }
        return text
    }

    /// WISDM v1.1 raw: `user,activity,timestamp,x,y,z;` (no header, every line ends with `;`), the
    /// phone's uptime in nanoseconds at 20 Hz, m/s² with Android's sign; `Standing` then `Jogging`.
    public static func wisdm(user: Int = 33, standing: Int = 60, jogging: Int = 40) -> String {
        var text = ""
        for i in 0..<(standing + jogging) {
            let activity = i < standing ? "Standing" : "Jogging"
            let time = 49_105_962_326_000 + Int64(i) * 50_000_000
            let z = i < standing ? 9.80665 + wobble(i, 0.05) : 9.80665 + 6 * sin(Double(i))
            text += "\(user),\(activity),\(time),\(String(format: "%.7g", wobble(i, 0.05))),\(String(format: "%.7g", wobble(i + 1, 0.05))),\(String(format: "%.8g", z));\n"
        }
        return text
    }

    /// mHealth format (`…sensor.csv`): `HEADER_TIME_STAMP` as `yyyy-MM-dd HH:mm:ss.SSS`, and x, y, z in
    /// g (as the format's files hold, whatever the column names say), +1 g up, at 80 Hz.
    public static func mHealth(seconds: Double = 2) -> String {
        var text = "HEADER_TIME_STAMP,X_ACCELERATION_METERS_PER_SECOND_SQUARED,Y_ACCELERATION_METERS_PER_SECOND_SQUARED,Z_ACCELERATION_METERS_PER_SECOND_SQUARED\n"
        for i in 0..<Int(seconds * 80) {
            let ms = 14 * 3_600_000 + 5 * 60_000 + Int((Double(i) * 12.5).rounded(.down))
            text += String(format: "2015-09-28 %02d:%02d:%02d.%03d,%.3f,%.3f,%.3f\n", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000,
                           wobble(i, 0.004), wobble(i + 1, 0.004), 1 + wobble(i + 2, 0.003))
        }
        return text
    }

    /// A Garmin watch's accelerometer export: ISO-8601 local time with its offset (`+02:00`), x, y, z in
    /// milli-g, +1000 up, at 25 Hz from 2019-03-11T10:00:00.000+02:00.
    public static func garmin(seconds: Double = 4, offset: String = "+02:00") -> String {
        var text = "timestamp,x,y,z\n"
        for i in 0..<Int(seconds * 25) {
            let ms = i * 40
            text += String(format: "2019-03-11T10:00:%02d.%03d%@,%d,%d,%d\n", ms / 1000, ms % 1000, offset,
                           Int(wobble(i, 4).rounded()), Int(wobble(i + 1, 4).rounded()), 1000 + Int(wobble(i + 2, 3).rounded()))
        }
        return text
    }

    /// activPAL raw export: `Time` in days since 1899-12-30 (the spreadsheet clock), a sample index and
    /// x, y, z in 8-bit counts around 128 (64 per g), +1 g up, at 20 Hz.
    public static func activPAL(seconds: Double = 4) -> String {
        var text = "Time,Sample Index,X,Y,Z\n"
        for i in 0..<Int(seconds * 20) {
            let days = 43265.5 + Double(i) / 20 / 86_400
            text += String(format: "%.10f,%d,%d,%d,%d\n", days, i, 128 + (i % 3 == 0 ? 1 : 0), 128 - (i % 4 == 0 ? 1 : 0), 192 + (i % 5 == 0 ? 1 : 0))
        }
        return text
    }
}
