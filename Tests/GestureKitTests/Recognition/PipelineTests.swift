import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// A recognizer that records what reaches it, to see what the pipeline passes on.
struct Recorder: Recognizer {
    var seen: [Double] = []
    mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        seen.append(sample.timestamp)
        events.append(GestureEvent(label: "seen", phase: .ended, start: sample.timestamp, end: sample.timestamp,
                                   time: sample.timestamp, score: sample.acceleration.x))
    }
    mutating func reset() { seen = [] }
}

/// A recognizer that needs `channels` and reports, at ``finish(into:)``, how many samples carried them.
struct ChannelCounter: Recognizer, ChannelRequiring {
    var requiredChannels: [MotionChannel]
    var served = 0
    mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        if requiredChannels.allSatisfy({ $0.value(in: sample) != nil }) { served += 1 }
    }
    mutating func finish(into events: inout [GestureEvent]) {
        events.append(GestureEvent(label: "served", phase: .ended, start: 0, end: 0, time: 0, score: Double(served)))
        reset()
    }
    mutating func reset() { served = 0 }
}

@Suite struct PipelineTests {
    /// Non-finite, duplicate and out-of-order samples are skipped and counted; gaps pass and are counted.
    @Test func oddSamplesAreSkippedAndCounted() {
        var pipeline = Pipeline(recognizers: [Recorder()])
        let stream: [MotionSample] = [
            MotionSample(timestamp: 0.00, acceleration: Vector3(0, 0, -1)),
            MotionSample(timestamp: 0.02, acceleration: Vector3(.nan, 0, -1)),
            MotionSample(timestamp: 0.02, acceleration: Vector3(0, .infinity, -1)),
            MotionSample(timestamp: .nan, acceleration: Vector3(0, 0, -1)),
            MotionSample(timestamp: 0.04, acceleration: Vector3(0, 0, -1)),
            MotionSample(timestamp: 0.04, acceleration: Vector3(0, 0, -1)),
            MotionSample(timestamp: 0.03, acceleration: Vector3(0, 0, -1)),
            MotionSample(timestamp: 2.00, acceleration: Vector3(0, 0, -1)),
            MotionSample(timestamp: 2.02, acceleration: Vector3(0, 0, -1), attitude: Quaternion(w: .nan, x: 0, y: 0, z: 0)),
        ]
        let events = pipeline.process(stream)
        #expect(events.map(\.time) == [0, 0.04, 2])
        let d = pipeline.validator.diagnostics
        #expect(d.accepted == 3 && d.nonFinite == 4 && d.duplicates == 1 && d.outOfOrder == 1 && d.gaps == 1)
    }

    @Test func stagesRunInOrderAndMayEmitSeveralSamples() throws {
        var pipeline = Pipeline(stages: [try Resampler(rate: 100), GravitySplitter()], recognizers: [Recorder()])
        let input = (0..<50).map { MotionSample(timestamp: Double($0) / 25, acceleration: Vector3(0, 0, -1)) }
        let events = pipeline.process(input)
        // 25 Hz in, 100 Hz out: four outputs per input after the first.
        #expect(events.count == 1 + 49 * 4)
    }

    @Test func resetClearsEveryPart() {
        var pipeline = Pipeline(recognizers: [Recorder()])
        _ = pipeline.process([MotionSample(timestamp: 5, acceleration: .zero)])
        pipeline.reset()
        // After a reset an earlier timestamp is accepted again.
        #expect(pipeline.process(MotionSample(timestamp: 1, acceleration: .zero)).count == 1)
        #expect(pipeline.validator.diagnostics.accepted == 1)
    }

    /// `finish` hands on what recognizers held back, in order, and starts a new stream (an earlier timestamp is
    /// accepted again).
    @Test func finishReportsWhatRecognizersHeldBackAndStartsANewStream() {
        var pipeline = Pipeline(recognizers: [ChannelCounter(requiredChannels: []), Recorder(),
                                              ChannelCounter(requiredChannels: MotionChannel.rotationRate)])
        let samples = (0..<5).map { MotionSample(timestamp: 10 + Double($0) * 0.02, acceleration: .zero) }
        let events = pipeline.run(over: samples)
        #expect(events.map(\.label) == Array(repeating: "seen", count: 5) + ["served", "served"])
        #expect(events.suffix(2).map(\.score) == [5, 0])
        #expect(pipeline.validator.diagnostics.accepted == 5, "the counts of the stream that ended stay readable")
        #expect(pipeline.process(MotionSample(timestamp: 1, acceleration: .zero)).count == 1)
    }

    /// A gap longer than the validator's ends a run: what the recognizers held back is reported at the gap and the
    /// stream after it is a new one, as if the two halves had been run apart (1 Hz samples are all gaps).
    @Test func aGapEndsARun() {
        var pipeline = Pipeline(recognizers: [ChannelCounter(requiredChannels: []), Recorder()])
        let before = (0..<3).map { MotionSample(timestamp: Double($0) * 0.02, acceleration: .zero) }
        let after = (0..<2).map { MotionSample(timestamp: 2 + Double($0) * 0.02, acceleration: .zero) }
        let events = pipeline.run(over: before + after)
        #expect(events.map(\.label) == ["seen", "seen", "seen", "served", "seen", "seen", "served"])
        #expect(events.filter { $0.label == "served" }.map(\.score) == [3, 2], "each run counted on its own")
        #expect(pipeline.validator.diagnostics.gaps == 1)
    }

    /// One recognizer that cannot be served does not stop the check: a later one still gets its derivation,
    /// and the error names the first channel nothing derives.
    @Test func everyRecognizerIsCheckedPastOneThatCannotBeServed() {
        var pipeline = Pipeline(recognizers: [ChannelCounter(requiredChannels: MotionChannel.rotationRate),
                                              ChannelCounter(requiredChannels: MotionChannel.userAcceleration)])
        let sample = MotionSample(timestamp: 0, acceleration: Vector3(0, 0, -1))
        #expect(throws: MissingChannelError(channel: MotionChannel.rotationRate[0], recognizer: "ChannelCounter")) {
            try pipeline.prepare(for: sample)
        }
        #expect(pipeline.derivations.count == 1 && pipeline.derivations[0].channels == MotionChannel.userAcceleration)
        let events = pipeline.run(over: (1...4).map { MotionSample(timestamp: Double($0) * 0.02, acceleration: Vector3(0, 0, -1)) })
        #expect(events.map(\.score) == [0, 4], "the second recognizer gets user acceleration from the derived split")
    }

    /// Orientation-free channels are derived by a PhysicalChannelEstimator the pipeline adds; one whose sensor is
    /// absent (a magnetometer, a barometer, a gyroscope) is a missing channel that names the sensor.
    @Test func physicalChannelsAreDerivedAndAbsentSensorsAreNamed() throws {
        var pipeline = Pipeline(recognizers: [ChannelCounter(requiredChannels: [MotionChannel(rawValue: "yawRate")!, MotionChannel(rawValue: "tilt")!])])
        let stream = (0..<5).map { MotionSample(timestamp: Double($0) * 0.02, acceleration: Vector3(0, 0, -1), rotationRate: Vector3(0, 0, 0.1)) }
        let derived = try pipeline.prepare(for: stream[0])
        #expect(derived.count == 1 && derived[0].channels.map(\.rawValue) == ["yawRate", "tilt"])
        #expect(pipeline.run(over: stream).map(\.score) == [5])

        for (name, sensor) in [("magneticHeadingChange", "magnetometer"), ("pressureChange", "barometer"), ("headingChange", "gyroscope"), ("mag.x", "magnetometer"), ("pressure", "barometer")] {
            let channel = try #require(MotionChannel(rawValue: name))
            var lacking = Pipeline(recognizers: [ChannelCounter(requiredChannels: [channel])])
            #expect(throws: MissingChannelError(channel: channel, recognizer: "ChannelCounter")) {
                try lacking.prepare(for: MotionSample(timestamp: 0, acceleration: Vector3(0, 0, -1)))
            }
            #expect(MissingChannelError(channel: channel, recognizer: "ChannelCounter").description.contains(sensor), "\(name)")
        }
        // With the sensors, the same channels are served.
        var full = Pipeline(recognizers: [ChannelCounter(requiredChannels: MotionChannel.physical + MotionChannel.magneticField + [.pressure])])
        let rich = (0..<3).map { MotionSample(timestamp: Double($0) * 0.02, acceleration: Vector3(0, 0, -1), rotationRate: .zero,
                                              magneticField: Vector3(20, 0, -40), pressure: 1013) }
        try full.prepare(for: rich[0])
        #expect(full.run(over: rich).map(\.score) == [3])
    }

    /// A reused pipeline checks each stream's channels anew: an error from a stream without the gyroscope
    /// does not outlive it, and one from a later stream is found.
    @Test func reusedPipelineChecksEachStreamAgain() {
        var pipeline = Pipeline(recognizers: [ChannelCounter(requiredChannels: MotionChannel.rotationRate)])
        let accelerometer = (0..<3).map { MotionSample(timestamp: Double($0) * 0.02, acceleration: Vector3(0, 0, -1)) }
        let withGyro = accelerometer.map { var s = $0; s.rotationRate = Vector3(0.1, 0, 0); return s }
        _ = pipeline.run(over: accelerometer)
        // finish reset the pipeline: the error of that stream is gone with it.
        #expect(pipeline.channelError == nil)
        _ = pipeline.process(accelerometer[0])
        #expect(pipeline.channelError?.channel == MotionChannel.rotationRate[0])
        pipeline.reset()
        #expect(pipeline.run(over: withGyro).map(\.score) == [3])
        #expect(pipeline.channelError == nil, "the gyroscope stream was checked again and is served")
    }
}

@Suite struct RecognizerRegistryTests {
    @Test func standardRegistryMakesTheOrientationTracker() throws {
        let registry = RecognizerRegistry.standard
        #expect(registry.identifiers.contains("orientation"))
        var recognizer = try registry.makeRecognizer("orientation")
        let events = recognizer.process(MotionSample(timestamp: 0, acceleration: Vector3(0, 0, 1)))
        #expect(events.map(\.label) == ["faceDown"])
    }

    @Test func configurationNeedsOnlyTheKeysItChanges() throws {
        let json = JSONConfiguration(data: Data(#"{"flatTolerance": 0.2}"#.utf8))
        var recognizer = try RecognizerRegistry.standard.makeRecognizer("orientation", configuration: json)
        // 0.15 g of tilt is flat with a 0.2 g tolerance but not with the default 0.08 g.
        let events = recognizer.process(MotionSample(timestamp: 0, acceleration: Vector3(0.15, 0, -0.99)))
        #expect(events.map(\.label).contains(OrientationTracker.lyingOnBackLabel))
    }

    @Test func unknownIdentifierListsTheKnownOnes() {
        do {
            _ = try RecognizerRegistry.standard.makeRecognizer("wave")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("unknown recognizer 'wave'"))
            #expect("\(error)".contains("orientation"))
        }
    }

    @Test func badValuesNameTheKey() {
        let wrongType = JSONConfiguration(data: Data(#"{"enterAngle": "wide"}"#.utf8))
        let outOfRange = JSONConfiguration(data: Data(#"{"enterAngle": 2}"#.utf8))
        for configuration in [wrongType, outOfRange] {
            do {
                _ = try RecognizerRegistry.standard.makeRecognizer("orientation", configuration: configuration)
                Issue.record("expected an error")
            } catch {
                #expect("\(error)".contains("enterAngle"), "\(error)")
            }
        }
    }
}
