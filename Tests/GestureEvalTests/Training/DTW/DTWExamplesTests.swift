import Foundation
@testable import GestureData
@testable import GestureEval
import GestureKit
import Testing

@Suite struct DTWExamplesTests {
    /// 4 s at 50 Hz of accelerometer only: still, then a 1.5 g push along x from 2 s to 2.6 s.
    static func pushRecording() -> Recording {
        let times = (0..<200).map { Double($0) / 50 }
        let x = times.map { $0 >= 2 && $0 < 2.6 ? 1.5 : 0.0 }
        return Recording(id: "push", subject: "s1", timestamps: times,
                         channels: [(.accelX, x), (.accelY, times.map { _ in 0 }), (.accelZ, times.map { _ in -1 })],
                         annotations: [Annotation(start: 2, end: 2.6, label: "push")])
    }

    /// Gravity and user acceleration a model is trained on are what the detecting pipeline derives: the
    /// splitter runs over the whole recording, so an example's first value carries the filter's history.
    /// Orientation-free channels a model is trained on are what the detecting pipeline's PhysicalChannelEstimator
    /// gives over the whole recording.
    @Test func derivedPhysicalChannelsMatchThePipelinesEstimator() throws {
        let times = (0..<300).map { Double($0) / 50 }
        let recording = Recording(id: "turn", subject: "s1", timestamps: times, channels: [
            (.accelX, times.map { 0.1 * sin(3 * $0) }), (.accelY, times.map { _ in 0 }), (.accelZ, times.map { _ in -1 }),
            (.gyroX, times.map { _ in 0 }), (.gyroY, times.map { _ in 0 }), (.gyroZ, times.map { $0 > 2 && $0 < 4 ? 1.5 : 0 }),
        ])
        let channels = ["headingChange", "tilt", "user.x"].map { MotionChannel(rawValue: $0)! }
        let derived = DTWExamples.derivingChannels(channels, of: recording)
        var pipeline = Pipeline(stages: [], recognizers: [ChannelNeeds(requiredChannels: channels)])
        try pipeline.prepare(for: recording.samples[0])
        let staged = pipeline.stageOutput(recording.samples)
        #expect(derived.column("headingChange") == staged.map { $0.physical!.headingChange! })
        #expect(derived.column("tilt") == staged.map { $0.physical!.tilt })
        #expect(derived.column("user.x") == staged.map { $0.userAcceleration!.x })
        // A 1.5 rad/s turn about −z (gravity along −z, so about up) for 2 s: 3 rad of heading by t = 4 s.
        #expect(abs(derived.column("headingChange")![200] - 3) < 0.05)
    }

    @Test func derivedChannelsMatchThePipelinesGravitySplit() throws {
        let recording = Self.pushRecording()
        let channels = [MotionChannel(rawValue: "gravity.x")!, MotionChannel(rawValue: "user.x")!]
        let derived = DTWExamples.derivingChannels(channels, of: recording)
        var splitter = GravitySplitter()
        let expected = recording.samples.map { splitter.split($0) }
        #expect(derived.column("gravity.x") == expected.map { $0.gravity!.x })
        #expect(derived.column("user.x") == expected.map { $0.userAcceleration!.x })
        #expect(derived.column("gravity.y") == nil)

        // The example of the push, cut from the derived recording, starts where the whole-recording filter is.
        let part = derived.slice(from: 2, to: 2.6)
        let series = try DTWExamples.series(part, channels: channels)
        #expect(series[0, 0] == expected[100].gravity!.x)
        #expect(series[1, 1] == expected[101].userAcceleration!.x)

        // Nothing to derive from without acceleration, and nothing to do when the columns exist.
        var noAcceleration = recording
        noAcceleration.removeColumn(.accelX)
        #expect(DTWExamples.derivingChannels(channels, of: noAcceleration).column("gravity.x") == nil)
        #expect(throws: TrainingError.self) { try DTWExamples.series(noAcceleration, channels: channels) }
        #expect(DTWExamples.derivingChannels(channels, of: derived).column("user.x") == derived.column("user.x"))
    }
}

/// A recognizer that only names the channels it needs, so a pipeline derives them.
private struct ChannelNeeds: Recognizer, ChannelRequiring {
    var requiredChannels: [MotionChannel]
    mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {}
    mutating func finish(into events: inout [GestureEvent]) {}
    mutating func reset() {}
}
