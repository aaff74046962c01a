import Foundation

/// Recordings in the shapes of issue 75's files (round four of every real file): body-worn IMUs lying still with a
/// slow gyroscope in °/s, raw int16 counts, "g, up positive" exports, a header below a preamble, user acceleration in
/// m/s² of a hand in motion, and units whose clocks start far apart. Made up for the tests, each with a deterministic
/// wobble so that still stretches are as still as a real device's.
public enum RoundFourRecordings {
    static func wobble(_ i: Int, _ amplitude: Double) -> Double { DeviceRecordings.wobble(i, amplitude) }

    /// A unit on the lower back lying still for `seconds` at 100 Hz (g, CoreMotion's sign, gravity on −y), its
    /// gyroscope reading `atRest` (°/s of a resting gyroscope: a zero point of 0.2–0.3 °/s and noise), under `header`:
    /// `time,accel_x,accel_y,accel_z,` then the gyroscope's three names. Read as rad/s, |ω| is about 0.3 "rad/s".
    public static func lowerBackStill(seconds: Double = 16, atRest: (Double, Double, Double) = (0.2, -0.2, 0.1),
                                      gyroscope: [String] = ["gyro_x", "gyro_y", "gyro_z"]) -> String {
        var text = "time,accel_x,accel_y,accel_z," + gyroscope.joined(separator: ",") + "\n"
        for i in 0..<Int(seconds * 100) {
            text += String(format: "%.2f,%.4f,%.4f,%.4f,%.3f,%.3f,%.3f\n", Double(i) / 100, 0.05 + wobble(i, 0.002), -0.99 + wobble(i + 1, 0.002),
                           0.1 + wobble(i + 2, 0.002), atRest.0 + wobble(i + 3, 0.02), atRest.1 + wobble(i + 4, 0.02), atRest.2 + wobble(i + 5, 0.02))
        }
        return text
    }

    /// A device tilting slowly about x at `rate` rad/s for `seconds` at 100 Hz, its gyroscope in rad/s and its
    /// accelerometer following the turn (gravity from −z towards −y): a real slow rotation, which physics reads.
    public static func slowTilt(rate: Double = 0.15, seconds: Double = 12) -> String {
        var text = "time,accel_x,accel_y,accel_z,gyro_x,gyro_y,gyro_z\n"
        for i in 0..<Int(seconds * 100) {
            let angle = rate * Double(i) / 100
            text += String(format: "%.2f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f\n", Double(i) / 100, wobble(i, 0.002), -sin(angle) + wobble(i + 1, 0.002),
                           -cos(angle) + wobble(i + 2, 0.002), rate + wobble(i + 3, 0.003), wobble(i + 4, 0.003), wobble(i + 5, 0.003))
        }
        return text
    }

    /// Raw int16 counts of a 16-bit IMU (MPU-6050 style) at 100 Hz for 12 s: the accelerometer at 16384 counts per g
    /// lying face up (−16384 on z), the gyroscope at 16.4 counts per °/s (±2000 °/s), spinning about z (the vertical,
    /// so gravity does not turn) in `spins` half-second spins peaking at `peak` °/s.
    public static func rawCounts(spins: Int = 4, peak: Double = 300) -> String {
        var text = "time,ax,ay,az,gx,gy,gz\n"
        for i in 0..<1200 {
            let phase = i % 300
            let spinning = i >= 100 && phase < 50 && i / 300 < spins
            let rate = spinning ? peak * sin(Double(phase) / 50 * .pi) : 0.3 + wobble(i, 0.2)
            text += String(format: "%.2f,%d,%d,%d,%d,%d,%d\n", Double(i) / 100, Int((wobble(i, 0.002) * 16384).rounded()),
                           Int((wobble(i + 1, 0.002) * 16384).rounded()), Int(((-1 + wobble(i + 2, 0.002)) * 16384).rounded()),
                           Int((wobble(i + 3, 0.3) * 16.4).rounded()), Int((wobble(i + 4, 0.3) * 16.4).rounded()), Int((rate * 16.4).rounded()))
        }
        return text
    }

    /// An x-io style export lying level, face up, for `seconds` at 100 Hz in "g, up positive" (+1 g on z), its gyroscope
    /// in °/s by its header: `Time (s),Gyroscope X (deg/s),…,Accelerometer X (g),…`. `x` puts the device upright on
    /// its x axis instead (+1 g on x: not level on z).
    public static func upPositive(seconds: Double = 6, onX: Bool = false) -> String {
        var text = "Time (s),Gyroscope X (deg/s),Gyroscope Y (deg/s),Gyroscope Z (deg/s),Accelerometer X (g),Accelerometer Y (g),Accelerometer Z (g)\n"
        for i in 0..<Int(seconds * 100) {
            let (x, z) = onX ? (1.0, 0.02) : (0.01, 0.998)
            text += String(format: "%.2f,%.3f,%.3f,%.3f,%.4f,%.4f,%.4f\n", Double(i) / 100, wobble(i, 0.1), wobble(i + 1, 0.1), wobble(i + 2, 0.1),
                           x + wobble(i + 3, 0.002), -0.02 + wobble(i + 4, 0.002), z + wobble(i + 5, 0.002))
        }
        return text
    }

    /// An Xsens-like export whose header is line 8, below a preamble of device tags, the rate and blank lines; 60 Hz,
    /// g (CoreMotion's sign, −1 g on z) and rad/s.
    public static func belowPreamble(rows: Int = 300) -> String {
        var text = "DeviceTag:,DOT-1\nFirmware Version:,2.0.0\nSample rate:,60\nFilter Profile:,General\n\n\nComment:,\n"
        text += "Time,Acc_X,Acc_Y,Acc_Z,Gyr_X,Gyr_Y,Gyr_Z\n"
        for i in 0..<rows {
            text += String(format: "%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f\n", Double(i) / 60, 0.01 + wobble(i, 0.002), -0.02 + wobble(i + 1, 0.002),
                           -1 + wobble(i + 2, 0.002), wobble(i + 3, 0.002), wobble(i + 4, 0.002), wobble(i + 5, 0.002))
        }
        return text
    }

    /// A phone's linear acceleration (without gravity) in m/s² while a hand moves it, 100 Hz for `seconds`: `time` in
    /// seconds and `accel_x…z`, as a logger names them. Read as g it is about 3 "g" that averages out second by second.
    public static func movingUserAcceleration(seconds: Double = 15) -> String {
        var text = "time,accel_x,accel_y,accel_z\n"
        for i in 0..<Int(seconds * 100) {
            let t = Double(i) / 100
            text += String(format: "%.2f,%.3f,%.3f,%.3f\n", t, 3 * sin(7 * t), 2.5 * sin(5.3 * t + 1), 2 * sin(3.1 * t + 2))
        }
        return text
    }

    /// A manifest of units on epoch clocks (``epochUnit(start:seconds:rate:gyroscope:)``): the primary `back.csv`, then
    /// each of `placed` (a placement, its file `<placement>.csv`, and its `clock:` in YAML or `nil`) as a placed stream.
    public static func unitsManifest(_ placed: [(placement: String, clock: String?)]) -> String {
        let channels = "[{name: accel.x, column: accel_x}, {name: accel.y, column: accel_y}, {name: accel.z, column: accel_z}]"
        var text = "name: far-clocks\ntime: {column: epoch}\nstreams:\n  - name: back\n    channels: \(channels)\n"
        for unit in placed {
            text += "  - name: \(unit.placement)\n    placement: \(unit.placement)\n" + (unit.clock.map { "    clock: \($0)\n" } ?? "")
                + "    channels: \(channels)\n"
        }
        let files = placed.map { "\($0.placement): \($0.placement).csv" }.joined(separator: ", ")
        return text + "recordings:\n  - {id: walk, subject: p01, session: '1', file: back.csv, files: {\(files)}}\n"
    }

    /// 10 s at 50 Hz lying still, in milli-g (−1000 on z), under `header`.
    public static func milliG(header: String = "time,accel_x,accel_y,accel_z") -> String {
        var text = header + "\n"
        for i in 0..<500 {
            text += String(format: "%.2f,%.1f,%.1f,%.1f\n", Double(i) / 50, 10 + wobble(i, 3), -20 + wobble(i + 1, 3), -1000 + wobble(i + 2, 3))
        }
        return text
    }

    /// A unit's export on an epoch clock in milliseconds (`epoch` from 1,709,371,800,000 + `start` s), lying face up
    /// (−1 g on z), for `seconds` at `rate` Hz, with its gyroscope in rad/s when `gyroscope`.
    public static func epochUnit(start: Double = 0, seconds: Double = 20, rate: Double = 50, gyroscope: Bool = false) -> String {
        var text = "epoch,accel_x,accel_y,accel_z" + (gyroscope ? ",gyro_x,gyro_y,gyro_z" : "") + "\n"
        for i in 0..<Int(seconds * rate) {
            let ms = 1_709_371_800_000 + Int64((start * 1000).rounded()) + Int64((Double(i) * 1000 / rate).rounded())
            text += "\(ms)" + String(format: ",%.4f,%.4f,%.4f", 0.01 + wobble(i, 0.002), -0.02 + wobble(i + 1, 0.002), -1 + wobble(i + 2, 0.002))
                + (gyroscope ? String(format: ",%.4f,%.4f,%.4f", wobble(i + 3, 0.002), wobble(i + 4, 0.002), wobble(i + 5, 0.002)) : "") + "\n"
        }
        return text
    }
}
