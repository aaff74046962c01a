import Foundation
import GestureEval
import GestureKit
import Testing

/// Every registered recognizer, fed hostile streams directly (no ``Pipeline`` or ``SampleValidator`` in
/// front): it must not crash, must report only finite event fields with spans inside the stream, and must
/// keep its state bounded however long the stream runs.
@Suite struct RecognizerRobustnessTests {
    /// Every identifier of ``RecognizerRegistry/standard``; a learned recognizer runs its trainer's example model
    /// (``TrainerRegistry/exampleRecognizer(_:from:)``: DTW's eight templates, the MiniRocket spotter's stream model).
    static let identifiers = RecognizerRegistry.standard.identifiers

    static func make(_ identifier: String) throws -> any Recognizer {
        try TrainerRegistry.standard.exampleRecognizer(identifier, from: .standard)
    }

    /// A sample with every channel present: phone face up, slowly turning about z, small wobble.
    static func sample(_ t: Double) -> MotionSample {
        let wobble = 0.3 * sin(2 * Double.pi * 2 * t)
        let attitude = Quaternion(angle: 0.5 * t, axis: Vector3(0, 0, 1))
        let gravity = Vector3(0, 0, -1)
        let user = Vector3(wobble, 0.5 * wobble, 0)
        return MotionSample(timestamp: t, acceleration: gravity + user, rotationRate: Vector3(0, 0, 0.5 + wobble),
                            attitude: attitude, gravity: gravity, userAcceleration: user)
    }

    /// One-second blocks that each recognizer reacts to: the phone alternates face up and portrait, turns
    /// over about x, and is shaken (3 g, 5 Hz) in the first half of every block.
    static func gestures(seconds: Int = 6, rate: Double = 50, from start: Double = 0) -> [MotionSample] {
        (0..<Int(Double(seconds) * rate)).map { i in
            let t = start + Double(i) / rate
            let block = Int(Double(i) / rate)
            let gravity = block % 2 == 0 ? Vector3(0, 0, -1) : Vector3(0, -1, 0)
            let phase = Double(i) / rate - Double(block)
            let user = phase < 0.5 ? Vector3(3 * sin(2 * Double.pi * 5 * phase), 0, 0) : .zero
            let attitude = Quaternion(angle: block % 2 == 0 ? 0 : Double.pi, axis: Vector3(1, 0, 0))
            return MotionSample(timestamp: t, acceleration: gravity + user, rotationRate: .zero,
                                attitude: attitude, gravity: gravity, userAcceleration: user)
        }
    }

    static func clean(seconds: Double = 4, rate: Double = 50, from start: Double = 0) -> [MotionSample] {
        (0..<Int(seconds * rate)).map { sample(start + Double($0) / rate) }
    }

    /// The hostile streams, by name.
    static var hostile: [(String, [MotionSample])] {
        var streams: [(String, [MotionSample])] = []
        let base = clean()
        // A non-finite value in each channel in turn (and in the timestamp), every 5th sample.
        let poisons: [(String, (inout MotionSample, Double) -> Void)] = [
            ("timestamp", { $0.timestamp = $1 }),
            ("acceleration.x", { $0.acceleration.x = $1 }), ("acceleration.y", { $0.acceleration.y = $1 }),
            ("acceleration.z", { $0.acceleration.z = $1 }),
            ("rotationRate", { $0.rotationRate = Vector3($1, 0, $1) }),
            ("attitude", { $0.attitude = Quaternion(w: $1, x: 0, y: 0, z: 0) }),
            ("gravity", { $0.gravity = Vector3(0, $1, 0) }),
            ("userAcceleration", { $0.userAcceleration = Vector3($1, 0, 0) }),
        ]
        for (channel, poison) in poisons {
            for value in [Double.nan, .infinity, -.infinity] {
                streams.append(("\(value) in \(channel)", base.enumerated().map { i, s in
                    var s = s
                    if i % 5 == 2 { poison(&s, value) }
                    return s
                }))
            }
        }
        streams.append(("timestamps going backwards", base.reversed()))
        // Gestures, then the clock jumps 3.5 s back into the middle of them and they go on.
        streams.append(("gestures with a backward jump", gestures() + gestures(from: 2.5)))
        streams.append(("gestures reversed", gestures().reversed()))
        streams.append(("timestamps jumping back mid-stream", base + clean(seconds: 2, from: 1)))
        streams.append(("duplicated timestamps", base.flatMap { s -> [MotionSample] in
            var d = s
            d.acceleration = Vector3(2, -2, 2)
            d.userAcceleration = Vector3(2, -2, 3)
            return [s, d, s]
        }))
        streams.append(("huge gaps", clean(seconds: 1) + clean(seconds: 1, from: 1e6) + clean(seconds: 1, from: 3e9)))
        streams.append(("extreme values", base.enumerated().map { i, s in
            var s = s
            let big = i % 2 == 0 ? 1e6 : -1e6
            s.acceleration = Vector3(big, -big, big)
            s.userAcceleration = Vector3(big, big, -big)
            s.gravity = Vector3(0, 0, big)
            s.rotationRate = Vector3(big, -big, big)
            s.attitude = Quaternion(w: big, x: big, y: 0, z: 0)  // far from unit norm
            return s
        }))
        streams.append(("all channels zero", base.map { s in
            MotionSample(timestamp: s.timestamp, acceleration: .zero, rotationRate: .zero,
                         attitude: Quaternion(w: 0, x: 0, y: 0, z: 0), gravity: .zero, userAcceleration: .zero)
        }))
        return streams
    }

    /// Whether every field of `event` is finite and its span lies within the stream's finite timestamps.
    static func check(_ event: GestureEvent, in samples: [MotionSample], _ comment: String) {
        let times = samples.map(\.timestamp).filter(\.isFinite)
        let first = times.min() ?? 0, last = times.max() ?? 0
        #expect(event.start.isFinite && event.end.isFinite && event.time.isFinite && event.score.isFinite, "\(comment): \(event)")
        #expect(event.details.values.allSatisfy { $0.isFinite }, "\(comment): \(event)")
        #expect(event.start <= event.end, "\(comment): \(event)")
        #expect(event.end - event.start <= last - first, "\(comment): span longer than the stream \(event)")
        #expect(event.start >= first && event.end <= last, "\(comment): span outside the stream \(event)")
    }

    @Test(arguments: identifiers) func hostileStreamsGiveFiniteEventsInsideTheStream(identifier: String) throws {
        for (name, samples) in Self.hostile {
            var recognizer = try Self.make(identifier)
            var events: [GestureEvent] = []
            for s in samples { recognizer.process(s, into: &events) }
            for e in events { Self.check(e, in: samples, "\(identifier), \(name)") }
            // After a reset the recognizer still works on a clean stream as a fresh one does.
            recognizer.reset()
            var fresh = try Self.make(identifier)
            let clean = Self.clean(from: 1e10)
            #expect(recognizer.process(clean) == fresh.process(clean), "\(identifier) after \(name)")
        }
    }

    /// Issue 53: a gap longer than the resampler's ends a run. Behind a pipeline (as `detect` and the evaluator run
    /// it), a stream cut by a 1 s gap gives the events of its two halves, each run as a fresh stream.
    @Test(arguments: identifiers) func aStreamCutByAGapGivesTheEventsOfItsTwoHalves(identifier: String) throws {
        let first = Self.gestures(seconds: 6), second = Self.gestures(seconds: 6, from: 7)
        func events(_ streams: [[MotionSample]]) throws -> [GestureEvent] {
            var all: [GestureEvent] = []
            for samples in streams {
                var pipeline = Pipeline(recognizers: [try Self.make(identifier)])
                all += pipeline.process(samples)
                pipeline.finish(into: &all)
            }
            return all
        }
        let whole = try events([first + second]), apart = try events([first, second])
        #expect(whole == apart, "\(identifier): \(whole.count) events over the gap, \(apart.count) over the halves")
    }

    /// How many stored values a recognizer holds: the elements of every collection in its state, found by
    /// reflection. A proxy for memory that does not depend on timing.
    static func stateSize(_ value: Any) -> Int {
        let mirror = Mirror(reflecting: value)
        var total = 0
        switch mirror.displayStyle {
        case .collection?, .set?, .dictionary?: total += mirror.children.count
        default: break
        }
        for child in mirror.children { total += stateSize(child.value) }
        return total
    }

    @Test(arguments: identifiers) func stateStaysBoundedOverAMillionSamplesOfNoise(identifier: String) throws {
        var recognizer = try Self.make(identifier)
        // Seeded, so the long stream is the same on every run.
        var noise = SplitMix64(seed: 42)
        var events: [GestureEvent] = []
        var eventCount = 0
        var sizeAfterWarmUp = 0
        let count = 1_000_000, rate = 100.0
        for i in 0..<count {
            let t = Double(i) / rate
            var s = Self.sample(t)
            let jolt = Vector3(2 * noise.uniform(-1...1), 2 * noise.uniform(-1...1), 2 * noise.uniform(-1...1))
            s.acceleration = s.acceleration + jolt
            s.userAcceleration = jolt
            s.rotationRate = Vector3(6 * noise.uniform(-1...1), 6 * noise.uniform(-1...1), 6 * noise.uniform(-1...1))
            s.attitude = Quaternion(angle: 3 * noise.uniform(-1...1), axis: Vector3(noise.uniform(-1...1), noise.uniform(-1...1), 1))
            recognizer.process(s, into: &events)
            for e in events {
                #expect(e.start.isFinite && e.end.isFinite && e.time.isFinite && e.score.isFinite, "\(identifier): \(e)")
                #expect(e.start <= e.end && e.end <= t && e.end - e.start <= t, "\(identifier): \(e)")
            }
            eventCount += events.count
            events.removeAll(keepingCapacity: true)
            if i == 10_000 { sizeAfterWarmUp = Self.stateSize(recognizer) }
        }
        let sizeAtEnd = Self.stateSize(recognizer)
        #expect(sizeAfterWarmUp > 0 || sizeAtEnd == 0)
        // A spotter's undecided and kept candidates come and go, up to the event stage's capacity each.
        #expect(sizeAtEnd <= sizeAfterWarmUp + 2 * EventStage.defaultCapacity, "\(identifier): state grew from \(sizeAfterWarmUp) to \(sizeAtEnd) values")
        // Events are reported and consumed as the stream goes, not accumulated.
        #expect(eventCount < count)
    }
}
