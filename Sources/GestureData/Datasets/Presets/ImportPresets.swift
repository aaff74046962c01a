/// Manifests for the files common recording tools export, so `gesturelab datasets import PRESET DIR`
/// needs no manifest file. Each text is byte-identical to `datasets/presets/<name>/dataset.yaml` (a
/// test checks), beside which a short example recording shows the layout; the unit, sign and clock
/// conversions are stated there.
public enum ImportPresets {
    /// The presets by name: `sensor-logger`, `phyphox`, `phyphox-raw`, `android-csv`, `coremotion-logger`,
    /// and for research devices and studies `empatica-e4`, `actigraph-csv`, `wisdm-raw`, `mhealth`, `garmin`,
    /// `activpal`.
    public static let byName: [String: String] = [
        "sensor-logger": sensorLogger,
        "phyphox": phyphox,
        "phyphox-raw": phyphoxRaw,
        "android-csv": androidCSV,
        "coremotion-logger": coreMotionLogger,
        "empatica-e4": empaticaE4,
        "actigraph-csv": actiGraphCSV,
        "wisdm-raw": wisdmRaw,
        "mhealth": mHealth,
        "garmin": garmin,
        "activpal": activPAL,
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

    /// Empatica E4 `ACC.csv`: two metadata rows (start time, rate), counts of 1/64 g (`datasets/presets/empatica-e4/dataset.yaml`).
    public static let empaticaE4 = #"""
format: gesturelab-dataset/1
name: empatica-e4
description: >-
  Empatica E4 wristband export, unzipped: one folder per session holding ACC.csv (and other sensors'
  files, not read). ACC.csv has no header: its first row is the start time in seconds since the epoch,
  its second the rate (32 Hz), in every column; then x, y, z per sample.
kind: continuous
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: ",", header: false, skipRows: 2}
time: {startRow: 1, rateRow: 2, origin: first}
conversion: >-
  The two metadata rows give the clock: samples are 1/rate apart from the start time, made relative to
  it (the start is said in the reading report). Acceleration is in counts of 1/64 g (±2 g in 8 bits)
  with +1 g on the axis pointing up at rest, times -1/64 to g with CoreMotion's sign. The rest check
  refuses a file whose resting magnitude is not 1 g after this scale.
channels:
  - {name: accel.x, index: 0, scale: -0.015625}
  - {name: accel.y, index: 1, scale: -0.015625}
  - {name: accel.z, index: 2, scale: -0.015625}
source:
  path: example
  files:
    - {pattern: "{subject}/{session}/ACC.csv"}
license: CC0-1.0 (the example recording)
citation: Empatica E4 data export (ACC.csv), Empatica Inc.
"""#

    /// ActiGraph GT3X+ CSV by ActiLife: a 10-line preamble, date-time text, g (`datasets/presets/actigraph-csv/dataset.yaml`).
    public static let actiGraphCSV = #"""
format: gesturelab-dataset/1
name: actigraph-csv
description: >-
  ActiGraph GT3X+ raw data exported by ActiLife as CSV with timestamps: a 10-line preamble (device,
  serial number, start, rate), a header Timestamp,Accelerometer X,Accelerometer Y,Accelerometer Z, then
  one row per sample. One file per recording.
kind: continuous
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: ",", header: true, skipRows: 10}
time: {column: Timestamp, format: "M/d/yyyy HH:mm:ss.SSS", origin: first}
conversion: >-
  The preamble is skipped. Timestamp is date-time text (M/d/yyyy HH:mm:ss.SSS, local time without an
  offset, read as UTC so that steps are exact), made relative to the first sample. Acceleration is in
  g with +1 g on the axis pointing up at rest, negated to CoreMotion's sign. A resting magnitude far
  from 1 g is a validation warning.
channels:
  - {name: accel.x, column: Accelerometer X, scale: -1}
  - {name: accel.y, column: Accelerometer Y, scale: -1}
  - {name: accel.z, column: Accelerometer Z, scale: -1}
source:
  path: example
  files:
    - {pattern: "{subject}/{session}.csv"}
license: CC0-1.0 (the example recording)
citation: ActiLife CSV export, ActiGraph LLC
"""#

    /// WISDM v1.1 raw: no header, lines ending with `;`, uptime nanoseconds, m/s², activity labels (`datasets/presets/wisdm-raw/dataset.yaml`).
    public static let wisdmRaw = #"""
format: gesturelab-dataset/1
name: wisdm-raw
description: >-
  The WISDM activity study's raw accelerometer file (WISDM_ar_v1.1_raw.txt): user, activity, timestamp,
  x, y, z on each line, no header, every line ending with ';'. The study writes all users in one file:
  split it by user into {subject}/{session}.txt first (one file per user and session).
kind: continuous
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: ",", header: false, trailing: ";"}
time: {index: 2, unit: ns, origin: first}
labels: {index: 1}
conversion: >-
  The trailing ';' is removed from each line. Time is the phone's uptime in nanoseconds, made relative
  to the first row. Acceleration m/s2 with Android's sign (+9.8 up at rest), times -1/9.80665 to g with
  CoreMotion's. Each run of one activity becomes an annotation with the activity's name.
channels:
  - {name: accel.x, index: 3, scale: -0.10197162129779283}
  - {name: accel.y, index: 4, scale: -0.10197162129779283}
  - {name: accel.z, index: 5, scale: -0.10197162129779283}
source:
  path: example
  files:
    - {pattern: "{subject}/{session}.txt"}
license: CC0-1.0 (the example recording)
citation: Kwapisz, Weiss and Moore, Activity Recognition using Cell Phone Accelerometers (WISDM Lab, 2010)
"""#

    /// mHealth format: `HEADER_TIME_STAMP` date-time text, g (`datasets/presets/mhealth/dataset.yaml`).
    public static let mHealth = #"""
format: gesturelab-dataset/1
name: mhealth
description: >-
  Accelerometer files in the mHealth format (as the SPADES study and mhealth-format tools write them):
  one CSV per sensor and hour with HEADER_TIME_STAMP and X_, Y_, Z_ACCELERATION_METERS_PER_SECOND_SQUARED.
kind: continuous
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: ",", header: true}
time: {column: HEADER_TIME_STAMP, format: "yyyy-MM-dd HH:mm:ss.SSS", origin: first}
conversion: >-
  HEADER_TIME_STAMP is date-time text (yyyy-MM-dd HH:mm:ss.SSS, local time without an offset, read as
  UTC so that steps are exact), made relative to the first sample. The acceleration columns hold g,
  whatever their names say, with +1 g up at rest, negated to CoreMotion's sign. A file that truly holds
  m/s2 reads about 9.8 g at rest, which validation warns about: scale it by -1/9.80665 then.
channels:
  - {name: accel.x, column: X_ACCELERATION_METERS_PER_SECOND_SQUARED, scale: -1}
  - {name: accel.y, column: Y_ACCELERATION_METERS_PER_SECOND_SQUARED, scale: -1}
  - {name: accel.z, column: Z_ACCELERATION_METERS_PER_SECOND_SQUARED, scale: -1}
source:
  path: example
  files:
    - {pattern: "{subject}/{session}.sensor.csv"}
license: CC0-1.0 (the example recording)
citation: mHealth Specification (Qu Tang, Northeastern University mHealth Research Group)
"""#

    /// Garmin watch accelerometer CSV: ISO-8601 time with offset, milli-g (`datasets/presets/garmin/dataset.yaml`).
    public static let garmin = #"""
format: gesturelab-dataset/1
name: garmin
description: >-
  A Garmin watch's accelerometer log as CSV (from a Connect IQ data field or the Health SDK):
  timestamp,x,y,z with ISO-8601 local time and its offset, acceleration in milli-g.
kind: continuous
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: ",", header: true}
time: {column: timestamp, format: iso8601, origin: first}
conversion: >-
  timestamp is ISO-8601 text with an offset (2019-03-11T10:00:00.000+02:00; without one it is read as
  UTC), made relative to the first sample. Acceleration is in milli-g with +1000 up at rest, times
  -1/1000 to g with CoreMotion's sign. A resting magnitude far from 1 g is a validation warning.
channels:
  - {name: accel.x, column: x, scale: -0.001}
  - {name: accel.y, column: y, scale: -0.001}
  - {name: accel.z, column: z, scale: -0.001}
source:
  path: example
  files:
    - {pattern: "{subject}/{session}.csv"}
license: CC0-1.0 (the example recording)
citation: GestureLab preset (Garmin Connect IQ Sensor.registerSensorDataListener reports milli-g)
"""#

    /// activPAL raw CSV: spreadsheet days, 8-bit counts around 128 (`datasets/presets/activpal/dataset.yaml`).
    public static let activPAL = #"""
format: gesturelab-dataset/1
name: activpal
description: >-
  activPAL raw accelerometer export as CSV: Time in days since 1899-12-30 (the spreadsheet clock), a
  sample index, and X, Y, Z in 8-bit counts, 20 Hz. One file per recording.
kind: continuous
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: ",", header: true}
time: {column: Time, scale: 86400, origin: first}
conversion: >-
  Time is days since 1899-12-30, times 86400 to seconds, made relative to the first sample. X, Y, Z are
  counts from 0 to 255 around 128, 64 per g (±2 g), with +1 g up at rest: value = -(count - 128) / 64,
  written as scale -0.015625 and offset 2. A resting magnitude far from 1 g is a validation warning.
channels:
  - {name: accel.x, column: X, scale: -0.015625, offset: 2}
  - {name: accel.y, column: Y, scale: -0.015625, offset: 2}
  - {name: accel.z, column: Z, scale: -0.015625, offset: 2}
source:
  path: example
  files:
    - {pattern: "{subject}/{session}.csv"}
license: CC0-1.0 (the example recording)
citation: GestureLab preset (activPAL, PAL Technologies)
"""#
}
