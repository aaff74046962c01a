import Foundation
import GestureData
import GestureKit
import Testing

/// Placed columns (`accel.x@lowerarm`) are another unit's readings on each sample; a NaN there is that unit's gap.
@Suite struct RecordingUnitsTests {
    static func recording() -> Recording {
        let arm: [Double] = [0.1, .nan, 0.3, 0.4]
        return Recording(id: "r", timestamps: [0, 0.1, 0.2, 0.3], channels: [
            ("accel.x", [0, 0, 0, 0]), ("accel.y", [0, 0, 0, 0]), ("accel.z", [-1, -1, -1, -1]), ("light", [5, 5, 5, 5]),
            ("accel.x@lowerarm", arm), ("accel.y@lowerarm", [0, 0, 0, 0]), ("accel.z@lowerarm", [-1, -1, -1, -1]),
            ("gyr_2_x@lowerarm", [400, 401, .nan, 403]),
        ])
    }

    @Test func placedColumnsBecomeTheUnitsReadingsAndANaNItsGap() throws {
        let samples = Self.recording().samples
        let armX = try #require(MotionChannel(rawValue: "accel.x@lowerarm"))
        #expect(armX.value(in: samples[0]) == 0.1 && armX.value(in: samples[2]) == 0.3)
        #expect(samples[1].units?["lowerarm"] == nil && samples[1].units != nil)
        #expect(samples[1].acceleration == Vector3(0, 0, -1) && samples[1].isFinite)
        // An auxiliary column of the unit is no reading of it: its NaN is no gap of the unit's motion.
        #expect(armX.value(in: samples[2]) == 0.3)
        #expect(Channel("gyr_2_x@lowerarm").placement == "lowerarm" && Channel("light").placement == nil)
        #expect(Channel("accel.x@lowerarm").motion == armX)
    }

    @Test func oneUnitRecordingsReadAsBefore() {
        let plain = Recording(id: "p", timestamps: [0, 0.1], channels: [("accel.x", [0, 1]), ("accel.y", [0, 0]), ("accel.z", [-1, -1]), ("x@", [1, 2])])
        #expect(plain.samples.allSatisfy { $0.units == nil })
        #expect(Channel("x@").placement == nil)
        let back = Recording(id: "p", samples: Array(plain.samples))
        #expect(back.channelNames.map(\.rawValue) == ["accel.x", "accel.y", "accel.z"])
    }

    @Test func samplesWithUnitsBecomeColumnsWithNaNGaps() throws {
        let back = Recording(id: "r", samples: Array(Self.recording().samples))
        let column = try #require(back.column("accel.x@lowerarm"))
        #expect(column[0] == 0.1 && column[1].isNaN && column[3] == 0.4)
        #expect(back.column("accel.z@lowerarm")?[2] == -1)
    }

    @Test func derivedUnitChannelsHoldTheUnitsLastValueThroughItsGap() throws {
        let norm = try #require(MotionChannel(rawValue: "accel.magnitude@lowerarm"))
        let armX = try #require(MotionChannel(rawValue: "accel.x@lowerarm"))
        let derived = Self.recording().derivingChannels([norm, armX])
        let held = try #require(derived.column(Channel(norm)))
        #expect(held[1] == held[0] && held.allSatisfy(\.isFinite))
        #expect(derived.column(Channel(armX)) == [0.1, 0.1, 0.3, 0.4])
        let series = try Self.recording().series(channels: [MotionChannel.acceleration[2], armX])
        #expect(series.length == 4)
        let vertical = try #require(MotionChannel(rawValue: "verticalAcceleration@lowerarm"))
        let physical = Self.recording().derivingChannels([vertical])
        #expect(physical.column(Channel(vertical))?.allSatisfy(\.isFinite) == true)
        // The unit's orientation-free channels travel together, so its samples carry them where the unit is present.
        #expect(physical.column("tilt@lowerarm") != nil && physical.column("tilt") == nil)
        #expect(physical.samples.map { vertical.value(in: $0) != nil } == [true, false, true, true])
        let stream = try MiniRocketSpotter.series(channels: [vertical], samplingRate: 10, samples: physical.samples)
        #expect(stream.times.count == 4)
    }
}
