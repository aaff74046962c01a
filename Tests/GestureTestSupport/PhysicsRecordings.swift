import Foundation

/// Recordings written in the layouts of issue 56's devices to test physics on every path: an Arduino IMU log with a
/// gyroscope in °/s, a Shimmer export lying still with its gyroscope unscaled, and Sensor Logger's iOS export (user
/// acceleration and gravity in two files). Made up for the tests, each with a deterministic wobble so that still
/// stretches are as still as a real device's.
public enum PhysicsRecordings {
    static func wobble(_ i: Int, _ amplitude: Double) -> Double { DeviceRecordings.wobble(i, amplitude) }

    /// An Arduino Nano 33 BLE IMU_Capture-style log (LSM9DS1): `aX,aY,aZ,gX,gY,gZ`, no time column, 119 Hz, g and
    /// °/s, the board lying still with +1 g up on z (the LSM9DS1's sign) between `punches` punches whose rotation
    /// peaks near 390 °/s.
    public static func arduinoLog(punches: Int = 3, header: String = "aX,aY,aZ,gX,gY,gZ") -> String {
        var text = header + "\n"
        for i in 0..<(punches * 238 + 119) {
            let phase = i % 238
            let punching = i >= 119 && (0..<30).contains(phase)
            let rate = punching ? 390 * sin(Double(phase) / 30 * .pi) : wobble(i, 0.3)
            let ax = punching ? 2.5 * sin(Double(phase) / 15 * .pi) : wobble(i, 0.004)
            text += String(format: "%.3f,%.3f,%.3f,%.2f,%.2f,%.2f\n", ax, wobble(i + 1, 0.004), 1 + wobble(i + 2, 0.003), rate, wobble(i + 3, 0.3), wobble(i + 4, 0.3))
        }
        return text
    }

    /// A Shimmer3-like export lying still for `seconds` at 51.2 Hz: |a| ≈ 1.031 g, the gyroscope reading `atRest`
    /// (°/s of a resting gyroscope: a zero point and noise) on x, y, z. `time_ms`, g, gyro as written.
    public static func stillShimmer(seconds: Double = 1.7, atRest: (Double, Double, Double) = (1.6, -1.1, 0.5)) -> String {
        var text = "time_ms,accel_x,accel_y,accel_z,gyro_x,gyro_y,gyro_z\n"
        for i in 0..<Int(seconds * 51.2) {
            text += String(format: "%.3f,%.4f,%.4f,%.4f,%.3f,%.3f,%.3f\n", Double(i) * 1000 / 51.2, 0.01 + wobble(i, 0.001), -0.05 + wobble(i + 1, 0.001),
                           -1.0298 + wobble(i + 2, 0.002), atRest.0 + wobble(i + 3, 0.05), atRest.1 + wobble(i + 4, 0.05), atRest.2 + wobble(i + 5, 0.05))
        }
        return text
    }

    /// Sensor Logger's iOS export of a phone lying still face up for `seconds`, 100 Hz: `Accelerometer.csv` (user
    /// acceleration, m/s², a few hundredths of noise), `Gravity.csv` (m/s², −9.8 on z: iOS's sign is CoreMotion's) and
    /// `Gyroscope.csv` (rad/s), under `<subject>/<session>/`.
    public static func sensorLoggerIOS(seconds: Double = 4, accelerometerName: String = "Accelerometer.csv") -> [String: String] {
        var accelerometer = "time,seconds_elapsed,z,y,x\n", gravity = accelerometer, gyroscope = accelerometer
        for i in 0..<Int(seconds * 100) {
            let t = 1_709_371_800_000_000_000 + Int64(i) * 10_000_000
            let elapsed = String(format: "%.3f", Double(i) / 100)
            accelerometer += String(format: "\(t),\(elapsed),%.4f,%.4f,%.4f\n", wobble(i, 0.02), wobble(i + 1, 0.015), wobble(i + 2, 0.01))
            gravity += "\(t),\(elapsed),-9.7935,-0.5131,0.0000\n"
            gyroscope += String(format: "\(t + 2_000_000),\(elapsed),%.4f,%.4f,%.4f\n", wobble(i, 0.002), wobble(i + 3, 0.002), wobble(i + 5, 0.002))
        }
        var files = ["me/rest-1/\(accelerometerName)": accelerometer, "me/rest-1/Gravity.csv": gravity, "me/rest-1/Gyroscope.csv": gyroscope,
                     "me/rest-1/Metadata.csv": "version,device name,recording time,platform,appVersion\n3,iPhone 15,2024-03-02_09-30-00,ios,1.31.1\n"]
        if accelerometerName != "Accelerometer.csv" { files["me/rest-1/Gravity.csv"] = nil }
        return files
    }
}
