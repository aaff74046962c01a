import GestureKit
import GestureTestSupport

/// The sampling rates every rule-based recognizer must agree on.
let testRates: [Double] = [25, 50, 100]

/// Runs a fresh recognizer made by `make` over `script` sampled at `rate` Hz.
func recognize<R: Recognizer>(_ make: () throws -> R, _ script: MotionScript, rate: Double) rethrows -> [GestureEvent] {
    var recognizer = try make()
    return recognizer.process(script.samples(rate: rate))
}

/// The events of a fresh ``DTWTemplateMatcher`` for `model` over `script` at `rate` Hz, with the gesture still
/// pending at the end reported.
func spot(_ model: DTWModel, _ script: MotionScript, rate: Double) throws -> [GestureEvent] {
    var matcher = try DTWTemplateMatcher(configuration: model)
    return matcher.run(over: script.samples(rate: rate))
}

/// Whether two event lists name the same gestures (label, phase, direction) in the same order,
/// with detection and start times within `tolerance` seconds.
func sameEvents(_ a: [GestureEvent], _ b: [GestureEvent], tolerance: Double) -> Bool {
    guard a.count == b.count else { return false }
    return zip(a, b).allSatisfy { x, y in
        x.label == y.label && x.phase == y.phase && x.direction == y.direction
            && abs(x.time - y.time) <= tolerance && abs(x.start - y.start) <= tolerance
    }
}

/// `samples` with odd input mixed in: a NaN and an infinite sample, a duplicate of a timestamp
/// with different values, and a sample from the past, every `every` samples.
func corrupted(_ samples: [MotionSample], every: Int = 7) -> [MotionSample] {
    var out: [MotionSample] = []
    for (i, s) in samples.enumerated() {
        out.append(s)
        guard i % every == 3 else { continue }
        var nan = s
        nan.timestamp += 1e-4
        nan.acceleration.x = .nan
        nan.userAcceleration = Vector3(.nan, 0, 0)
        out.append(nan)
        var inf = s
        inf.timestamp += 2e-4
        inf.acceleration.y = .infinity
        inf.attitude = Quaternion(w: .infinity, x: 0, y: 0, z: 0)
        out.append(inf)
        var duplicate = s
        duplicate.acceleration = Vector3(5, -5, 5)
        if s.userAcceleration != nil { duplicate.userAcceleration = Vector3(5, -5, 5) }
        if s.attitude != nil { duplicate.attitude = Quaternion(angle: 2, axis: Vector3(1, 0, 0)) }
        out.append(duplicate)
        var past = duplicate
        past.timestamp -= 0.5
        out.append(past)
    }
    return out
}

/// The events of a fresh recognizer on `samples`, and those of recognizers that were first fed a prefix of
/// `samples` and then reset: every list must equal the fresh one. The prefixes end at each tenth of the stream
/// (the last is the whole stream), so `reset()` meets state from the middle of gestures and from after them.
/// `run` feeds a whole stream.
func eventsAfterReset<R: Recognizer>(
    _ make: () throws -> R, _ samples: [MotionSample],
    run: (inout R, [MotionSample]) -> [GestureEvent] = { recognizer, samples in recognizer.process(samples) }
) rethrows -> (fresh: [GestureEvent], afterReset: [[GestureEvent]]) {
    var fresh = try make()
    let expected = run(&fresh, samples)
    var afterReset: [[GestureEvent]] = []
    for cut in (1...10).map({ samples.count * $0 / 10 }) {
        var recognizer = try make()
        _ = run(&recognizer, Array(samples[..<cut]))
        recognizer.reset()
        afterReset.append(run(&recognizer, samples))
    }
    return (expected, afterReset)
}
