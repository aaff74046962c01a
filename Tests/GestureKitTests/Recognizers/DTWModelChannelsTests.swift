import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// Models name their channels; a stream that lacks one gets the stage that derives it or a typed error.
@Suite struct DTWModelChannelsTests {
    /// A version-2 model (`signal` + `axes`) reads as the channels it meant, at the current version, and is
    /// written back with `channels` only.
    @Test func migratesSignalAndAxes() throws {
        var model = try DTWTemplateMatcherTests.model()
        model.channels = [MotionChannel(rawValue: "user.x")!, MotionChannel(rawValue: "user.z")!]
        model.templates = try model.templates.map { t in
            .init(label: t.label, series: try DTWSeries(dimensions: [t.series.dimension(0), t.series.dimension(2)]))
        }
        var object = try #require(try JSONSerialization.jsonObject(with: model.encoded()) as? [String: Any])
        object["version"] = 2
        object["signal"] = "userAcceleration"
        object["axes"] = ["x", "z"]
        object["channels"] = nil
        let old = try JSONSerialization.data(withJSONObject: object)
        let read = try DTWModel.decode(old)
        #expect(read.version == DTWModel.currentVersion)
        #expect(read.channels.map(\.rawValue) == ["user.x", "user.z"])
        #expect(read == model)
        let text = String(decoding: try read.encoded(), as: UTF8.self)
        #expect(text.contains("\"channels\":[\"user.x\",\"user.z\"]") && !text.contains("\"signal\""))
        // The registry's strict decoder reads the old keys too (they are known, not typos).
        _ = try RecognizerRegistry.standard.makeRecognizer("dtw", configuration: JSONConfiguration(data: old))
    }

    @Test func channelNamesAreCheckedAndRead() throws {
        #expect(MotionChannel(rawValue: "gyro.y")?.unit == "rad/s")
        #expect(MotionChannel(rawValue: "dim12")?.isArchiveDimension == true)
        for bad in ["accel.w", "dim0", "dim01", "acceleration", "gyro"] { #expect(MotionChannel(rawValue: bad) == nil, "\(bad)") }
        let sample = MotionSample(timestamp: 0, acceleration: Vector3(0.1, 0.2, -1), rotationRate: Vector3(1, 2, 3),
                                  attitude: .identity)
        #expect(MotionChannel(rawValue: "accel.y")!.value(in: sample) == 0.2)
        #expect(MotionChannel(rawValue: "gyro.z")!.value(in: sample) == 3)
        #expect(MotionChannel(rawValue: "quat.w")!.value(in: sample) == 1)
        // Magnitudes: the vector's length, in its unit; nil when the sample lacks the vector.
        #expect(MotionChannel(rawValue: "accel.magnitude")!.value(in: sample) == Vector3(0.1, 0.2, -1).length)
        #expect(MotionChannel(rawValue: "gyro.magnitude")!.value(in: sample) == 14.0.squareRoot())
        #expect(MotionChannel(rawValue: "gyro.magnitude")!.unit == "rad/s" && MotionChannel(rawValue: "user.magnitude")!.unit == "g")
        #expect(MotionChannel(rawValue: "user.magnitude")!.value(in: sample) == nil)
        #expect(MotionChannel(rawValue: "user.magnitude")!.isDerivableByGravitySplit)
        #expect(MotionChannel(rawValue: "quat.magnitude") == nil && MotionChannel(rawValue: "magnitude") == nil)
        #expect(MotionChannel(rawValue: "user.x")!.value(in: sample) == nil)
        #expect(MotionChannel(rawValue: "dim1")!.value(in: sample) == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([MotionChannel].self, from: Data(#"["acel.x"]"#.utf8)) }
    }

    /// The bug this replaces: a user-acceleration model fed accelerometer-only samples returned quietly for
    /// every sample. The matcher now says which channel is missing; a pipeline derives it with a gravity
    /// split (exactly what a GravitySplitter gives) and spots one event per gesture.
    @Test func derivesUserAccelerationInAPipeline() throws {
        let model = try DTWTemplateMatcherTests.model().withRejection(thresholds: ["one": 0.45, "two": 0.45])
        let gestures = [("one", 1.0), ("two", 1.2), ("one", 0.8), ("two", 1.0)]
        let (script, intervals) = DTWTemplateMatcherTests.script(gestures)
        let accelerometerOnly = script.samples(rate: 50).map { MotionSample(timestamp: $0.timestamp, acceleration: $0.acceleration) }

        var bare = try DTWTemplateMatcher(configuration: model)
        #expect(throws: MissingChannelError(channel: MotionChannel(rawValue: "user.x")!, recognizer: "dtw")) {
            try bare.check(accelerometerOnly[0])
        }
        #expect(bare.process(accelerometerOnly).isEmpty, "without the derived channel nothing can be compared")

        var pipeline = Pipeline(recognizers: [try DTWTemplateMatcher(configuration: model)])
        let derived = try pipeline.prepare(for: accelerometerOnly[0])
        #expect(derived.count == 1 && derived[0].channels == MotionChannel.userAcceleration)
        #expect(derived[0].description.contains("GravitySplitter"))
        #expect(try pipeline.prepare(for: accelerometerOnly[0]).isEmpty, "prepared once")
        let events = pipeline.process(accelerometerOnly)

        // The same as splitting by hand and feeding the matcher.
        var splitter = GravitySplitter()
        var byHand = try DTWTemplateMatcher(configuration: model)
        let expected = byHand.process(accelerometerOnly.map { splitter.split($0) })
        #expect(events == expected)
        // One event per gesture, starting with it. (The split's user acceleration is an estimate: a fast
        // gesture loses its slow part to the gravity estimate, so scores and ends differ from the
        // device-motion values the templates were made of.)
        #expect(events.count == gestures.count)
        for (event, interval) in zip(events, intervals) {
            #expect(abs(event.start - interval.lowerBound) < 0.3, "\(event) vs \(interval)")
        }

        // Without an explicit prepare the pipeline derives on the first sample by itself.
        var automatic = Pipeline(recognizers: [try DTWTemplateMatcher(configuration: model)])
        #expect(automatic.process(accelerometerOnly) == events)
        #expect(automatic.derivations.count == 1 && automatic.channelError == nil)
    }

    /// A channel no stage derives (rotation rate from an accelerometer) is a typed error naming it and the fix.
    @Test func refusesAChannelNothingDerives() throws {
        var model = try DTWTemplateMatcherTests.model()
        model.channels = MotionChannel.rotationRate
        var pipeline = Pipeline(recognizers: [try DTWTemplateMatcher(configuration: model)])
        let sample = MotionSample(timestamp: 0, acceleration: Vector3(0, 0, -1))
        do {
            try pipeline.prepare(for: sample)
            Issue.record("expected a MissingChannelError")
        } catch {
            #expect(error.channel.rawValue == "gyro.x" && error.recognizer == "dtw")
            #expect(error.description.contains("gyro.x") && error.description.contains("rotation rate"))
        }
        var automatic = Pipeline(recognizers: [try DTWTemplateMatcher(configuration: model)])
        _ = automatic.process(sample)
        #expect(automatic.channelError?.channel.rawValue == "gyro.x")
    }

    /// Channel scales divide stream values as they divided the templates: a template scaled by 2 matches a
    /// stream twice as large, with the same normalised distance.
    @Test func channelScalesApplyToStreams() throws {
        let base = try DTWTemplateMatcherTests.model()
        var scaled = base
        scaled.channelScales = [2, 2, 2]
        let gestures = [("one", 1.0), ("two", 1.0)]
        let (script, _) = DTWTemplateMatcherTests.script(gestures)
        let doubled = script.samples(rate: 50).map { s in
            MotionSample(timestamp: s.timestamp, acceleration: s.acceleration, userAcceleration: s.userAcceleration! * 2)
        }
        var a = try DTWTemplateMatcher(configuration: base), b = try DTWTemplateMatcher(configuration: scaled)
        var ea = a.process(script.samples(rate: 50)), eb = b.process(doubled)
        a.finish(into: &ea)
        b.finish(into: &eb)
        #expect(ea.map(\.label) == ["one", "two"] && eb.map(\.label) == ea.map(\.label))
        for (x, y) in zip(ea, eb) { #expect(abs(x.score - y.score) < 1e-9) }
        var wrong = scaled
        wrong.channelScales = [1, 0, 1]
        #expect(throws: ConfigurationError.self) { try wrong.validate() }
    }
}
