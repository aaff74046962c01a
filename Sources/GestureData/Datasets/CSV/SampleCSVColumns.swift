import Foundation
import GestureKit

/// The columns a sample CSV is read into, one contiguous `[Double]` per channel: acceleration, then rotation
/// rate, gravity, user acceleration and attitude (as a quaternion) when the header maps them, as
/// ``SampleCSVFormat/load(_:acceleration:timeUnit:relativeTime:collectingProblems:)`` returns them.
/// Magnetic field and pressure are checked by the parse but not kept. Other sensor units (``SampleCSVFormat/sensorUnits``)
/// follow as placed columns (`accel.x@lowerarm`, with `gyro.*` and `mag.*` when the unit has them), NaN in a unit's gaps.
///
/// Memory: 8 bytes per channel and row, plus 4 for the row's line number; no sample structs are kept.
struct SampleCSVColumns {
    /// The channels, in the order of ``values``.
    let channels: [Channel]
    /// Seconds of each row.
    var timestamps: [Double] = []
    /// One column per channel.
    var values: [[Double]]
    /// The 1-based line of each row.
    var lines: [Int32] = []
    private let hasRotation: Bool, hasGravity: Bool, hasUser: Bool, hasAttitude: Bool
    /// Per other sensor unit of the header (``SampleCSVFormat/sensorUnits``): its placement and whether it has a
    /// gyroscope and a magnetometer; its columns follow the primary unit's in ``channels``.
    private let units: [(placement: String, rotation: Bool, magnetic: Bool)]

    /// The columns of a file with `format`'s header.
    init(_ format: SampleCSVFormat) {
        func mapped(_ names: [Channel]) -> Bool { names.allSatisfy { format.mapping[$0] != nil } }
        hasRotation = mapped(Channel.rotationRate)
        hasGravity = mapped(Channel.gravity)
        hasUser = mapped(Channel.userAcceleration)
        hasAttitude = mapped([.quatW, .quatX, .quatY, .quatZ]) || mapped([.roll, .pitch, .yaw])
        let primary = Channel.acceleration + (hasRotation ? Channel.rotationRate : []) + (hasGravity ? Channel.gravity : [])
            + (hasUser ? Channel.userAcceleration : []) + (hasAttitude ? Channel.attitude : [])
        units = format.sensorUnits.map { unit in
            (unit.placement, Channel.rotationRate.allSatisfy { unit.mapping[$0] != nil }, Channel.magneticField.allSatisfy { unit.mapping[$0] != nil })
        }
        var placed: [Channel] = []
        for unit in units {
            let names = MotionChannel.acceleration + (unit.rotation ? MotionChannel.rotationRate : []) + (unit.magnetic ? MotionChannel.magneticField : [])
            placed += names.map { Channel($0.placed(at: unit.placement)!) }
        }
        channels = primary + placed
        values = Array(repeating: [], count: channels.count)
    }

    /// Room for `rows` rows in every column, so that reading a file of known size allocates each column once.
    mutating func reserve(_ rows: Int) {
        timestamps.reserveCapacity(rows)
        lines.reserveCapacity(rows)
        for k in values.indices { values[k].reserveCapacity(rows) }
    }

    /// Appends a parsed sample read from line `line`. O(channels).
    mutating func append(_ sample: MotionSample, line: Int) {
        timestamps.append(sample.timestamp)
        lines.append(Int32(line))
        var k = 0
        func add(_ v: Vector3?) {
            for axis in Axis.allCases { values[k].append(v?[axis] ?? .nan); k += 1 }
        }
        add(sample.acceleration)
        if hasRotation { add(sample.rotationRate) }
        if hasGravity { add(sample.gravity) }
        if hasUser { add(sample.userAcceleration) }
        if hasAttitude {
            for key in [\Quaternion.w, \.x, \.y, \.z] { values[k].append(sample.attitude?[keyPath: key] ?? .nan); k += 1 }
        }
        // Another unit absent from the sample (its gap) is NaN in its columns, as a manifest's sensors are.
        for unit in units {
            let reading = sample.units?[unit.placement]
            add(reading?.acceleration)
            if unit.rotation { add(reading?.rotationRate) }
            if unit.magnetic { add(reading?.magneticField) }
        }
    }

    /// The recording these columns make, named `id`.
    consuming func recording(id: String) -> Recording {
        Recording(id: id, timestamps: timestamps, channels: Array(zip(channels, values)))
    }
}
