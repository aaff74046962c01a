/// Manifests of the external datasets GestureLab knows by name, so `gyronics:DIR` style sources need
/// no manifest file. Each text is byte-identical to `datasets/external/<folder>/dataset.yaml` (a test
/// checks), which is where the unit and sign conversions are stated and reviewed.
public enum ExternalManifests {
    /// The built-in manifests by source prefix (`gyronics`, `phoneairlines`, `moocow`, `uwave`, `swimwatch`), as the
    /// table of readers (``DatasetFormat``) holds them.
    public static let byPrefix: [String: (folder: String, yaml: String)] = Dictionary(uniqueKeysWithValues: DatasetFormat.allCases.compactMap { format in
        format.reader.builtInManifest.map { (format.rawValue, $0) }
    })

    /// The Gyronics_GRWD forearm IMU manifest (`datasets/external/Gyronics_GRWD/dataset.yaml`).
    public static let gyronics = #"""
format: gesturelab-dataset/1
name: Gyronics_GRWD
description: >-
  Forearm IMU (accelerometer, gyroscope, on-device roll/pitch/yaw), 10 gestures x 10 repetitions
  per subject (swipes, twist, circles, shapes). Segments with rest before and after.
kind: segments
samplingRate: 100
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
classes: [circle_cclk, circle_clk, p_shape, s_shape, swipe_down, swipe_left, swipe_right, swipe_up, twist_right, v_shape]
table: {delimiter: ",", header: true}
time: {column: Timestamp, scale: 0.001}
conversion: >-
  Accelerometer: raw counts at 16384 per g (+-2 g range, inferred from |a| at rest), negated because the
  sensor reports +1 g upward at rest (CoreMotion reads -1 g). Gyroscope: 131 counts per deg/s
  (+-250 deg/s range; undocumented, consistent with integrating Gx against Roll and Gz against Yaw),
  to rad/s, sign kept (right-hand rule in both conventions). Angles: degrees x 1000 to radians; the
  device's Roll turns about x (follows Gx), so it becomes CoreMotion pitch, and Pitch becomes roll.
  Timestamps: device milliseconds to seconds. The authors state 100 Hz; rows arrive in bursts at
  about 170 per second. Valid raw ranges flag the serial-parsing glitches (about 1.6 % of rows), and
  rows interleaved from other times break the time order: repair with --repair drop-out-of-range
  --repair drop-unordered. A glitch row at the very start or end can still leave a gap (a warning).
channels:
  - {name: accel.x, column: Ax, scale: -6.103515625e-05, valid: [-32768, 32768]}
  - {name: accel.y, column: Ay, scale: -6.103515625e-05, valid: [-32768, 32768]}
  - {name: accel.z, column: Az, scale: -6.103515625e-05, valid: [-32768, 32768]}
  - {name: gyro.x, column: Gx, scale: 0.00013323124061025417, valid: [-32768, 32768]}
  - {name: gyro.y, column: Gy, scale: 0.00013323124061025417, valid: [-32768, 32768]}
  - {name: gyro.z, column: Gz, scale: 0.00013323124061025417, valid: [-32768, 32768]}
  - {name: pitch, column: Roll, scale: 1.7453292519943296e-05, valid: [-180000, 180000]}
  - {name: roll, column: Pitch, scale: 1.7453292519943296e-05, valid: [-180000, 180000]}
  - {name: yaw, column: Yaw, scale: 1.7453292519943296e-05, valid: [0, 360000]}
source:
  files:
    - {pattern: "Gyronics Dataset/subject_{subject}/{label}/{*:int}.csv", session: "1"}
license: none stated (internal research use only)
citation: GyronicsTechnologies/GRWD (GitHub), companion to "End-to-End Wearable Device and System for Indefinite, Continuous, Real-Time Gesture Recognition"
"""#

    /// The PhoneAirLines_GM_masters phone strokes manifest (`datasets/external/PhoneAirLines_GM_masters/dataset.yaml`).
    public static let phoneAirLines = #"""
format: gesturelab-dataset/1
name: PhoneAirLines_GM_masters
description: >-
  A phone moved along straight lines (left, right, up, down, diagonals) and shapes (squares,
  triangles, tick, z) in the air; accelerometer and orientation angles, 2-3 s windows.
kind: segments
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
table: {delimiter: ",", header: true}
time: {column: tRel, scale: 1}
conversion: >-
  Acceleration is already in g with gravity and the CoreMotion sign (about -1 g on z lying screen up),
  so it is kept. Orientation angles (W3C DeviceOrientation, degrees) become radians: beta (about x)
  is pitch, gamma (about y) is roll, alpha (about z) is yaw; the W3C Z-X'-Y'' order differs from
  CoreMotion's, so the angles agree only near flat. Time is tRel (seconds since the first sample).
  Sets: lines_60hz (session Train or Test), lines_20hz, tick_z (subject from the file name).
channels:
  - {name: accel.x, column: x}
  - {name: accel.y, column: y}
  - {name: accel.z, column: z}
  - {name: pitch, column: beta, scale: 0.017453292519943295}
  - {name: roll, column: gamma, scale: 0.017453292519943295}
  - {name: yaw, column: alpha, scale: 0.017453292519943295}
source:
  files:
    - {pattern: "lines_60hz/{session}/{label}/{*}.csv", subject: performer}
    - {pattern: "lines_20hz/{label}/{*}.csv", subject: performer, session: lines_20hz}
    - {pattern: "tick_z/{label}/g{*}_{subject}_t{*}.csv", session: tick_z}
license: none stated (internal research use only)
citation: asmaarabie/GM_masters (GitHub), master's thesis on HMM gesture recognition, 2015-2016
"""#

    /// The MooCow_WiimoteMotionPlus Wiimote manifest (`datasets/external/MooCow_WiimoteMotionPlus/dataset.yaml`).
    public static let mooCow = #"""
format: gesturelab-dataset/1
name: MooCow_WiimoteMotionPlus
description: >-
  Wiimote with MotionPlus, one gesture per file (segmented by holding B): left, right, up, down,
  left-right-left, right-left-right, clockwise and counter-clockwise circles.
kind: segments
samplingRate: 100
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
classes: [ccwcircle, cwcircle, down, left, lrl, rlr, right, up]
table: {delimiter: whitespace, header: false}
time: {rate: 100}
conversion: >-
  No timestamps: rows are wiiuse events while B is held, taken as 100 Hz (the Wiimote's report rate).
  Acceleration (wiiuse gforce, g) uses the Wiimote frame (x left, y toward the IR camera, z up) and
  reads +1 g up at rest; CoreMotion (x right, y to the top, z out of the face, -1 g at rest) is
  x = gforce.x, y = -gforce.y, z = -gforce.z. Gyroscope: raw MotionPlus counts, zero at 8192 and
  20 counts per deg/s (slow mode; the fast/slow bit was not recorded, so fast turns are
  underestimated); the mirrored x axis gives x = pitch, y = -roll, z = -yaw. The gyro scale and
  signs are approximate.
channels:
  - {name: accel.x, index: 0, scale: 1}
  - {name: accel.y, index: 1, scale: -1}
  - {name: accel.z, index: 2, scale: -1}
  - {name: gyro.x, index: 3, scale: 0.0008726646259971648, offset: -7.148868616168774}
  - {name: gyro.y, index: 4, scale: -0.0008726646259971648, offset: 7.148868616168774}
  - {name: gyro.z, index: 5, scale: -0.0008726646259971648, offset: 7.148868616168774}
source:
  files:
    - {pattern: "test/{label}/{*:int}", session: test}
    - {pattern: "advanced_circles/{label}/{*:int}", session: advanced}
license: none stated (internal research use only)
citation: rockybulwinkle/moo-cow (GitHub), student project, 2014
"""#

    /// The raw uWave library layout manifest (`datasets/external/uWave/dataset.yaml`).
    public static let uWave = #"""
format: gesturelab-dataset/1
name: uWave
description: >-
  The raw uWave gesture library: 8 gestures by 8 users over 7 days, a Wii remote accelerometer.
  Folders U<user> (<day>) of files <prefix><gesture>-<repetition>.txt with columns x y z in g.
kind: segments
samplingRate: 100
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
classes: ["1", "2", "3", "4", "5", "6", "7", "8"]
table: {delimiter: whitespace, header: false}
time: {rate: 100}
conversion: >-
  No timestamps; the Wii remote reports at 100 Hz. Wiimote frame (x left, y toward the IR camera,
  z up, +1 g up at rest) to CoreMotion: x = x, y = -y, z = -z. User and day become subject and session.
channels:
  - {name: accel.x, index: 0, scale: 1}
  - {name: accel.y, index: 1, scale: -1}
  - {name: accel.z, index: 2, scale: -1}
source:
  files:
    - {pattern: "U{subject:int} ({session:int})/{*}{label:int}-{*:int}.txt"}
license: free for research with citation
citation: >-
  J. Liu, L. Zhong, J. Wickramasuriya, V. Vasudevan, "uWave: Accelerometer-based personalized gesture
  recognition and its applications", Pervasive and Mobile Computing 5(6), 2009.
"""#

    /// The SwimWatch_Turns smartwatch swimming manifest (`datasets/external/SwimWatch_Turns/dataset.yaml`):
    /// per-sample labels, nanosecond uptime clock, Android m/s².
    public static let swimWatch = #"""
format: gesturelab-dataset/1
name: SwimWatch_Turns
description: >-
  Pool-swimming sessions from an Android smartwatch on the wrist, resampled by the authors to 30 Hz,
  with a label on every sample: stroke bouts (freestyle, breaststroke, backstroke, butterfly) and
  turns at the wall between rest. Continuous; 11 swimmers, 33 sessions, 60 turns in this copy.
kind: continuous
samplingRate: 30
units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
axisConvention: coremotion
classes: [freestyle, breaststroke, backstroke, butterfly, turn]
table: {delimiter: ",", header: true}
time: {column: timestamp, unit: ns, origin: first}
labels:
  column: label
  background: ["0"]
  ignore: ["-1", "6"]
  names: {"1": freestyle, "2": breaststroke, "3": backstroke, "4": butterfly, "5": turn}
conversion: >-
  Accelerometer: Android m/s2 with gravity and Android's sign (+9.8 on the up axis at rest), times
  -1/9.80665 to g with CoreMotion's sign. Gyroscope: rad/s, sign kept (both right-handed).
  Magnetometer: uT, sign kept (the same device axes; only the accelerometer's sign differs between
  Android and CoreMotion). Pressure: hPa (under water it follows the depth, about 1 hPa per cm).
  Time: device nanoseconds (an uptime clock), to seconds relative to each session's first sample.
  The unnamed first column (a row index), light and the authors' norm columns are not read. Labels: runs of one value become annotations from the run's first to its last
  sample; 0 is background (rest, at the wall); -1 and 6 are undocumented and ignored (reported).
  Subject is the swimmer's folder, session the file name (<Style>_<epoch-ms>).
channels:
  - {name: accel.x, column: ACC_0, scale: -0.10197162129779283}
  - {name: accel.y, column: ACC_1, scale: -0.10197162129779283}
  - {name: accel.z, column: ACC_2, scale: -0.10197162129779283}
  - {name: gyro.x, column: GYRO_0}
  - {name: gyro.y, column: GYRO_1}
  - {name: gyro.z, column: GYRO_2}
  - {name: mag.x, column: MAG_0}
  - {name: mag.y, column: MAG_1}
  - {name: mag.z, column: MAG_2}
  - {name: pressure, column: PRESS}
source:
  files:
    - {pattern: "data/{subject}/{session}.csv"}
license: none stated (research use only; never copy the data into the repository)
citation: >-
  G. Brunner, D. Melnyk, B. Sigfusson, R. Wattenhofer, "Swimming style recognition and lap counting
  using a smartwatch and deep learning", ISWC 2019, doi:10.1145/3341163.3347719; data from GitHub
  brunnergino/swimming-recognition-lap-counting, data/processed_30hz_relabeled (commit 468ee355).
"""#
}
