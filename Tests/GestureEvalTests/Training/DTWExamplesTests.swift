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
        #expect(throws: ExperimentError.self) { try DTWExamples.series(noAcceleration, channels: channels) }
        #expect(DTWExamples.derivingChannels(channels, of: derived).column("user.x") == derived.column("user.x"))
    }
}
