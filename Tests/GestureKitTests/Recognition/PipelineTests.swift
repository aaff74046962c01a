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
