// Fuzzes the manifest-driven recording reader (DatasetReader with a DatasetManifest): the input is read
// as a recording file of each layout below, so one input meets every column mapping, time unit and
// clock, valid range, label column, and (split at a NUL byte) the alignment of two sensor files.
import Foundation
import FuzzSupport
import GestureData
import GestureEval

// Recordings are read one at a time, so a crash is reported on the thread that read the input.
Parallelism.threads = 1

/// A project dataset folder, as `gesturelab datasets synth` writes it (datasets/default/dataset.yaml).
let project = """
    format: gesturelab-dataset/1
    name: fuzz
    kind: continuous
    samplingRate: 50
    units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}
    axisConvention: coremotion
    table: {delimiter: ',', header: true}
    time: {column: time}
    channels:
      [{name: accel.x}, {name: accel.y}, {name: accel.z}, {name: gyro.x}, {name: gyro.y}, {name: gyro.z},
       {name: quat.w}, {name: quat.x}, {name: quat.y}, {name: quat.z}, {name: gravity.x}, {name: gravity.y},
       {name: gravity.z}, {name: user.x}, {name: user.y}, {name: user.z}]
    recordings:
      - {id: r1, subject: s1, session: "1", file: recordings/r1.csv}
    """

let layouts = [
    DatasetLayout(name: "project", yaml: project, files: ["recordings/r1.csv"]),
    // Per-sample labels, an uptime clock in nanoseconds, Android m/s².
    DatasetLayout(name: "swimwatch", yaml: ExternalManifests.yaml(folder: "SwimWatch_Turns"), files: ["data/s1/Freestyle_1.csv"]),
    // Raw counts with valid ranges, device milliseconds.
    DatasetLayout(name: "gyronics", yaml: ExternalManifests.yaml(folder: "Gyronics_GRWD"),
                  files: ["Gyronics Dataset/subject_1/twist_right/1.csv"]),
    // Whitespace-separated columns by index, no header, no time column.
    DatasetLayout(name: "moocow", yaml: ExternalManifests.yaml(folder: "MooCow_WiimoteMotionPlus"), files: ["test/left/1"]),
    DatasetLayout(name: "phoneairlines", yaml: ExternalManifests.yaml(folder: "PhoneAirLines_GM_masters"), files: ["lines_20hz/up/rep1.csv"]),
    // One file per sensor, aligned onto one clock; batched epoch nanoseconds spread.
    DatasetLayout(name: "sensor-logger", yaml: ImportPresets.byName["sensor-logger"]!,
                  files: ["s1/1/TotalAcceleration.csv", "s1/1/Gyroscope.csv"]),
    DatasetLayout(name: "phyphox", yaml: ImportPresets.byName["phyphox"]!, files: ["s1/1/Accelerometer.csv", "s1/1/Gyroscope.csv"]),
    // The same sensor files resampled onto a grid at a stated rate.
    DatasetLayout(name: "sensor-logger-grid", yaml: ImportPresets.byName["sensor-logger"]! + "align: {rate: 50}\n",
                  files: ["s1/1/TotalAcceleration.csv", "s1/1/Gyroscope.csv"]),
    DatasetLayout(name: "android-csv", yaml: ImportPresets.byName["android-csv"]!, files: ["s1/1.csv"]),
    DatasetLayout(name: "coremotion-logger", yaml: ImportPresets.byName["coremotion-logger"]!, files: ["s1/1.csv"]),
]

Fuzzer.run { input in
    for layout in layouts { layout.load(input) }
}
