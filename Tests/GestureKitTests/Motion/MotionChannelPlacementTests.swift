import Foundation
import GestureKit
import Testing

/// A channel may name the sensor unit it is read from (`accel.x@lowerarm`); without `@` it is the primary unit's.
@Suite struct MotionChannelPlacementTests {
    static func sample(_ t: Double, arm: Vector3?) -> MotionSample {
        var s = MotionSample(timestamp: t, acceleration: Vector3(0, 0, -1), rotationRate: Vector3(0, 0, 0.1))
        s.units = arm.map { ["lowerarm": MotionSample(timestamp: t, acceleration: $0)] } ?? [:]
        return s
    }

    @Test func placedNamesParseAndRoundTrip() throws {
        for name in ["accel.magnitude@lowerarm", "gyro.x@hand", "verticalAcceleration@upper-arm", "quat.w@trunk_1", "roll@ankle"] {
            let channel = try #require(MotionChannel(rawValue: name), "\(name)")
            #expect(channel.rawValue == name)
            let json = try JSONEncoder().encode([channel])
            #expect(String(decoding: json, as: UTF8.self) == "[\"\(name)\"]")
            #expect(try JSONDecoder().decode([MotionChannel].self, from: json) == [channel])
            #expect(channel.unplaced.placement == nil && channel.unplaced.placed(at: channel.placement!) == channel)
            #expect(channel.unit == channel.unplaced.unit && channel.physicalKind == channel.unplaced.physicalKind)
        }
        #expect(MotionChannel(rawValue: "accel.magnitude@lowerarm")?.placement == "lowerarm")
        #expect(MotionChannel(rawValue: "accel.x")?.placement == nil)
        for bad in ["accel.x@", "accel.x@lower arm", "dim3@hand", "light@hand", "accel.x@a@b", "@hand", "accel.x@händ"] {
            #expect(MotionChannel(rawValue: bad) == nil, "\(bad)")
        }
    }

    @Test func anAbsentUnitReadsNilForItsChannelsOnly() throws {
        let here = Self.sample(0, arm: Vector3(0.6, 0, -0.8)), gap = Self.sample(0.1, arm: nil)
        let armX = try #require(MotionChannel(rawValue: "accel.x@lowerarm"))
        let armNorm = try #require(MotionChannel(rawValue: "accel.magnitude@lowerarm"))
        let armGyro = try #require(MotionChannel(rawValue: "gyro.x@lowerarm"))
        #expect(armX.value(in: here) == 0.6 && armNorm.value(in: here) == 1)
        #expect(armGyro.value(in: here) == nil)   // the unit has no gyroscope
        #expect(armX.value(in: gap) == nil && armNorm.value(in: gap) == nil)
        #expect(MotionChannel.acceleration[2].value(in: gap) == -1 && gap.isFinite)
        #expect(MotionChannel(rawValue: "accel.x@hand")!.value(in: here) == nil)
    }

    @Test func oneUnitSamplesEncodeAsBefore() throws {
        let plain = MotionSample(timestamp: 1, acceleration: Vector3(0, 0, -1))
        let text = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!text.contains("units"))
        let placed = Self.sample(1, arm: Vector3(1, 0, 0))
        #expect(try JSONDecoder().decode(MotionSample.self, from: try JSONEncoder().encode(placed)) == placed)
    }

    @Test func resamplingAndThePhysicalStageRunPerUnit() throws {
        var resampler = try Resampler(rate: 20)
        var out: [MotionSample] = []
        for s in [Self.sample(0, arm: Vector3(0, 0, -1)), Self.sample(0.1, arm: Vector3(0.2, 0, -1)), Self.sample(0.2, arm: nil)] {
            resampler.process(s, into: &out)
        }
        let armX = try #require(MotionChannel(rawValue: "accel.x@lowerarm"))
        #expect(out.map(\.timestamp).count == 5)
        #expect(abs(armX.value(in: out[1])! - 0.1) < 1e-12)
        #expect(armX.value(in: out[3]) == nil)   // between a reading and the unit's gap
        var estimator = try PhysicalChannelEstimator()
        let estimated = (0..<20).map { estimator.estimate(Self.sample(Double($0) * 0.05, arm: $0 == 7 ? nil : Vector3(0, 0, -1.2))) }
        let vertical = try #require(MotionChannel(rawValue: "verticalAcceleration@lowerarm"))
        #expect(vertical.value(in: estimated[19]) != nil && vertical.value(in: estimated[7]) == nil)
        #expect(MotionChannel(rawValue: "verticalAcceleration")!.value(in: estimated[7]) != nil)
    }

    /// Training's stream and the spotter read a unit's gap alike: its last value held, skipped before its first.
    @Test func theSpotterSeriesHoldsAUnitsLastValueThroughItsGap() throws {
        let xs: [Double?] = [nil, 0.1, 0.2, nil, nil, 0.5, 0.6]
        let samples = xs.enumerated().map { i, x in Self.sample(Double(i) * 0.1, arm: x.map { Vector3($0, 0, -1) }) }
        let channels = [MotionChannel.acceleration[2], try #require(MotionChannel(rawValue: "accel.x@lowerarm"))]
        let series = try MiniRocketSpotter.series(channels: channels, samplingRate: 10, samples: samples)
        // The resampler interpolates a unit only between two readings of it: the first reading counts from t = 0.2 s.
        #expect(series.times.count == 5)
        let arm = stride(from: 1, to: series.values.count, by: 2).map { series.values[$0] }
        #expect(zip(arm, [0.2, 0.2, 0.2, 0.2, 0.6]).allSatisfy { abs($0 - $1) < 1e-9 } && arm.count == 5)
    }
}
