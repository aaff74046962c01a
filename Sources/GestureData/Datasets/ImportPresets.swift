/// Manifests for the files common recording tools export, so `gesturelab datasets import PRESET DIR`
/// needs no manifest file. Each text is byte-identical to `datasets/presets/<name>/dataset.yaml` (a
/// test checks), beside which a short example recording shows the layout; the unit, sign and clock
/// conversions are stated there.
public enum ImportPresets {
    /// The presets by name: `sensor-logger`, `phyphox`, `phyphox-raw`, `android-csv`, `coremotion-logger`.
    public static let byName: [String: String] = [
        "sensor-logger": sensorLogger,
        "phyphox": phyphox,
        "phyphox-raw": phyphoxRaw,
        "android-csv": androidCSV,
        "coremotion-logger": coreMotionLogger,
    ]

    /// The manifest of preset `name`, or `nil` when there is none by that name.
    public static func manifest(_ name: String) throws(DataFileError) -> DatasetManifest? {
        guard let yaml = byName[name] else { return nil }
        return try DatasetManifest(yaml: yaml, file: "datasets/presets/\(name)/dataset.yaml")
    }

    /// Sensor Logger (Android) export: one CSV per sensor, nanosecond epoch clock (`datasets/presets/sensor-logger/dataset.yaml`).
    public static let sensorLogger = #"""
format: gesturelab-dataset/1
name: sensor-logger
description: >-
  Sensor Logger (Android) zip export, unzipped: one folder per recording with one CSV per sensor,
  TotalAcceleration.csv (with gravity) and Gyroscope.csv, each on its own clock and rate.
kind: continuous
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: ",", header: true}
time: {column: time, unit: ns, origin: first, batches: spread}
conversion: >-
  time is nanoseconds since the epoch, made relative to the recording's first accelerometer sample
  (seconds_elapsed is not used). On Android TotalAcceleration.csv holds acceleration with gravity
  (Accelerometer.csv is without gravity, and on iOS only that one exists: use Accelerometer.csv plus
  Gravity.csv there); m/s2 with Android's sign, times -1/9.80665 to g with CoreMotion's. Gyroscope
  rad/s, the same sign on both. Orientation.csv, when present, gives the attitude quaternion (qw, qx,
  qy, qz: device to reference frame, z up). Magnetometer.csv, when present, gives the magnetic field
  (x, y, z in uT, device axes, sign kept) and Barometer.csv the pressure (hPa). The gyroscope,
  orientation, magnetometer and barometer are interpolated onto the accelerometer's clock
  (orientation by slerp).
streams:
  - name: accelerometer
    channels:
      - {name: accel.x, column: x, scale: -0.10197162129779283}
      - {name: accel.y, column: y, scale: -0.10197162129779283}
      - {name: accel.z, column: z, scale: -0.10197162129779283}
  - name: gyroscope
    pattern: "{subject}/{session}/Gyroscope.csv"
    channels:
      - {name: gyro.x, column: x}
      - {name: gyro.y, column: y}
      - {name: gyro.z, column: z}
  - name: orientation
    pattern: "{subject}/{session}/Orientation.csv"
    optional: true
    channels:
      - {name: quat.w, column: qw}
      - {name: quat.x, column: qx}
      - {name: quat.y, column: qy}
      - {name: quat.z, column: qz}
  - name: magnetometer
    pattern: "{subject}/{session}/Magnetometer.csv"
    optional: true
    channels:
      - {name: mag.x, column: x}
      - {name: mag.y, column: y}
      - {name: mag.z, column: z}
  - name: barometer
    pattern: "{subject}/{session}/Barometer.csv"
    optional: true
    channels:
      - {name: pressure, column: pressure}
source:
  path: example
  files:
    - {pattern: "{subject}/{session}/TotalAcceleration.csv"}
license: CC0-1.0 (the example recording)
citation: Sensor Logger by Kelvin Choi (tszheichoi/awesome-sensor-logger, UNITS.md and COORDINATES.md)
"""#

    /// phyphox CSV export: one CSV per sensor, seconds since the experiment started (`datasets/presets/phyphox/dataset.yaml`).
    public static let phyphox = #"""
format: gesturelab-dataset/1
name: phyphox
description: >-
  phyphox CSV export ("CSV (Comma, decimal point)" or "CSV (Semicolon, decimal comma)"), unzipped: one
  folder per experiment run with Accelerometer.csv ("Acceleration with g") and Gyroscope.csv, each on
  its own clock. For the single-file "Raw Data.csv" use the phyphox-raw preset.
kind: continuous
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: auto, header: true}
time: {column: "Time (s)", unit: s}
conversion: >-
  Time is seconds since the experiment started. Acceleration with g in m/s2 with the Android sign
  (+9.81 on z lying face up; phyphox uses it on every platform), times -1/9.80665 to g with
  CoreMotion's sign. Gyroscope rad/s, sign kept. Magnetometer.csv ("Magnetic field x (uT)" ...) and
  Pressure.csv ("Pressure (hPa)"), when present, give the magnetic field (sign kept) and the pressure.
  The other sensors are interpolated linearly onto the accelerometer's clock. The separator is read from each header (comma or semicolon), and a file
  whose numbers are written 0,5 is read with decimal commas (both reported).
streams:
  - name: accelerometer
    channels:
      - {name: accel.x, column: "Acceleration x (m/s^2)", scale: -0.10197162129779283}
      - {name: accel.y, column: "Acceleration y (m/s^2)", scale: -0.10197162129779283}
      - {name: accel.z, column: "Acceleration z (m/s^2)", scale: -0.10197162129779283}
  - name: gyroscope
    pattern: "{subject}/{session}/Gyroscope.csv"
    channels:
      - {name: gyro.x, column: "Gyroscope x (rad/s)"}
      - {name: gyro.y, column: "Gyroscope y (rad/s)"}
      - {name: gyro.z, column: "Gyroscope z (rad/s)"}
  - name: magnetometer
    pattern: "{subject}/{session}/Magnetometer.csv"
    optional: true
    channels:
      - {name: mag.x, column: "Magnetic field x (µT)"}
      - {name: mag.y, column: "Magnetic field y (µT)"}
      - {name: mag.z, column: "Magnetic field z (µT)"}
  - name: barometer
    pattern: "{subject}/{session}/Pressure.csv"
    optional: true
    channels:
      - {name: pressure, column: "Pressure (hPa)"}
source:
  path: example
  files:
    - {pattern: "{subject}/{session}/Accelerometer.csv"}
license: CC0-1.0 (the example recording)
citation: phyphox, RWTH Aachen University (phyphox.org)
"""#

    /// phyphox's single-file export "Raw Data.csv" of "Acceleration with g" (`datasets/presets/phyphox-raw/dataset.yaml`).
    public static let phyphoxRaw = #"""
format: gesturelab-dataset/1
name: phyphox-raw
description: >-
  phyphox's single-file export of the "Acceleration with g" experiment: one folder per run holding
  "Raw Data.csv" (time and acceleration x, y, z and its absolute value), comma or semicolon separated.
kind: continuous
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: auto, header: true}
time: {column: "Time (s)", unit: s}
conversion: >-
  Time is seconds since the experiment started. Acceleration with g in m/s2 with the Android sign,
  times -1/9.80665 to g with CoreMotion's. The "Linear Acceleration" experiment (gravity removed)
  writes "Linear Acceleration x (m/s^2)" columns, which this preset does not read: its values are
  user acceleration, not total acceleration.
channels:
  - {name: accel.x, column: "Acceleration x (m/s^2)", scale: -0.10197162129779283}
  - {name: accel.y, column: "Acceleration y (m/s^2)", scale: -0.10197162129779283}
  - {name: accel.z, column: "Acceleration z (m/s^2)", scale: -0.10197162129779283}
source:
  path: example
  files:
    - {pattern: "{subject}/{session}/Raw Data.csv"}
citation: phyphox, RWTH Aachen University (phyphox.org)
"""#

    /// Android sensor CSV: epoch milliseconds, batches, a label column (`datasets/presets/android-csv/dataset.yaml`).
    public static let androidCSV = #"""
format: gesturelab-dataset/1
name: android-csv
description: >-
  A typical Android sensor-logging CSV: one file per recording, epoch milliseconds, accelerometer and
  gyroscope in one row, delivered in batches (several rows with one timestamp), a label per row.
kind: continuous
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: ",", header: true}
time: {column: timestamp_ms, unit: ms, origin: first, batches: spread}
labels: {column: label, background: [""]}
conversion: >-
  Milliseconds since the epoch to seconds from the recording's first row; rows sharing one timestamp
  are spread evenly up to the next one. Acceleration m/s2 with Android's sign, times -1/9.80665 to g
  with CoreMotion's. Gyroscope rad/s, sign kept. An empty label is background.
channels:
  - {name: accel.x, column: ax, scale: -0.10197162129779283}
  - {name: accel.y, column: ay, scale: -0.10197162129779283}
  - {name: accel.z, column: az, scale: -0.10197162129779283}
  - {name: gyro.x, column: gx}
  - {name: gyro.y, column: gy}
  - {name: gyro.z, column: gz}
source:
  path: example
  files:
    - {pattern: "{subject}/{session}.csv"}
license: CC0-1.0 (the example recording)
citation: GestureLab preset
"""#

    /// iOS CoreMotion logger CSV (SensorLog-style names) (`datasets/presets/coremotion-logger/dataset.yaml`).
    public static let coreMotionLogger = #"""
format: gesturelab-dataset/1
name: coremotion-logger
description: >-
  An iOS CoreMotion logging app's CSV (SensorLog-style column names): one file per recording,
  accelerometer and device motion in each row.
kind: continuous
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: ",", header: true}
time: {column: "motionTimestamp_sinceReboot(s)", unit: s, origin: first}
conversion: >-
  Already g, rad/s and CoreMotion's axes and signs, so every scale is 1. Time is seconds since the
  phone booted, made relative to the recording's first row.
channels:
  - {name: accel.x, column: "accelerometerAccelerationX(G)"}
  - {name: accel.y, column: "accelerometerAccelerationY(G)"}
  - {name: accel.z, column: "accelerometerAccelerationZ(G)"}
  - {name: gyro.x, column: "motionRotationRateX(rad/s)"}
  - {name: gyro.y, column: "motionRotationRateY(rad/s)"}
  - {name: gyro.z, column: "motionRotationRateZ(rad/s)"}
  - {name: quat.w, column: "motionQuaternionW(R)"}
  - {name: quat.x, column: "motionQuaternionX(R)"}
  - {name: quat.y, column: "motionQuaternionY(R)"}
  - {name: quat.z, column: "motionQuaternionZ(R)"}
  - {name: gravity.x, column: "motionGravityX(G)"}
  - {name: gravity.y, column: "motionGravityY(G)"}
  - {name: gravity.z, column: "motionGravityZ(G)"}
  - {name: user.x, column: "motionUserAccelerationX(G)"}
  - {name: user.y, column: "motionUserAccelerationY(G)"}
  - {name: user.z, column: "motionUserAccelerationZ(G)"}
source:
  path: example
  files:
    - {pattern: "{subject}/{session}.csv"}
license: CC0-1.0 (the example recording)
citation: GestureLab preset
"""#
}
