import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// A DTW model on another sensor unit's channels (`user.x@lowerarm`) reads that unit's gaps as ``MiniRocketSpotter``
/// does: the unit's last value held, not the sample skipped.
@Suite struct DTWTemplateMatcherUnitsTests {
    /// The shapes of ``DTWTemplateMatcherTests`` read from the unit on the lower arm.
    static func model() throws -> DTWModel {
        var model = try DTWTemplateMatcherTests.model()
        model.channels = MotionChannel.userAcceleration.map { $0.placed(at: "lowerarm")! }
        return model
    }

    /// A still primary unit; the gestures on the lower arm, which drops out (absent from ``MotionSample/units``)
    /// inside each gesture for three samples. 50 Hz.
    static func stream() -> [MotionSample] {
        let (script, _) = DTWTemplateMatcherTests.script([("one", 1.0), ("two", 1.2)])
        return script.samples(rate: 50).map { arm in
            var s = MotionSample(timestamp: arm.timestamp, acceleration: Vector3(0, 0, -1))
            let t = arm.timestamp
            s.units = (2.29..<2.35).contains(t) || (5.49..<5.55).contains(t) ? [:] : ["lowerarm": arm]
            return s
        }
    }

    /// `samples` as the matcher sees them (resampled at 50 Hz), with the lower arm's last reading written into its
    /// gaps: what holding must give.
    static func heldExplicitly(_ samples: [MotionSample]) throws -> [MotionSample] {
        var resampler = try Resampler(rate: 50)
        var out: [MotionSample] = []
        for s in samples { resampler.process(s, into: &out) }
        var last: MotionSample?
        return out.map { s in
            var s = s
            if let arm = s.units?["lowerarm"] { last = arm } else if let last { s.units = ["lowerarm": last] }
            return s
        }
    }

    static func events(_ model: DTWModel, _ samples: [MotionSample]) throws -> [GestureEvent] {
        var matcher = try DTWTemplateMatcher(configuration: model)
        var events = matcher.process(samples)
        matcher.finish(into: &events)
        return events
    }

    @Test func aUnitsGapHoldsItsLastValue() throws {
        let model = try Self.model(), gaps = Self.stream(), held = try Self.heldExplicitly(gaps)
        #expect(gaps.contains { $0.units?["lowerarm"] == nil } && held.allSatisfy { $0.units?["lowerarm"] != nil })
        let a = try Self.events(model, gaps), b = try Self.events(model, held)
        #expect(a.map(\.label) == ["one", "two"])
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) {
            #expect(x.label == y.label && abs(x.start - y.start) < 1e-9 && abs(x.end - y.end) < 1e-9)
            #expect(abs(x.score - y.score) < 1e-9, "\(x.score) vs \(y.score)")
        }
        // Calibration's one pass reads the gaps alike.
        let c = try DTWTemplateMatcher.candidates(model, samples: gaps), d = try DTWTemplateMatcher.candidates(model, samples: held)
        #expect(c.count == d.count && !c.isEmpty)
        for (x, y) in zip(c, d) {
            #expect(x.label == y.label && abs(x.start - y.start) < 1e-9 && abs(x.distance - y.distance) < 1e-9)
        }
    }

    /// Before the unit's first reading there is nothing to hold: those samples are skipped; a reset forgets the
    /// held values, so a matcher reset reads a stream as a new one does.
    @Test func beforeTheUnitsFirstReadingSamplesAreSkipped() throws {
        let model = try Self.model(), stream = Self.stream()
        var late = stream
        for i in late.indices where late[i].timestamp < 1 { late[i].units = [:] }
        let fresh = try Self.events(model, late)
        #expect(fresh.map(\.label) == ["one", "two"])
        var matcher = try DTWTemplateMatcher(configuration: model)
        _ = matcher.process(stream)
        matcher.reset()
        var again = matcher.process(late)
        matcher.finish(into: &again)
        #expect(again == fresh)
    }

    /// A stream's first sample in the unit's gap passes the check, as the matcher will hold the unit's values; a
    /// stream of one unit does not, and the error names the placement.
    @Test func theCheckKnowsAGapFromAnAbsentUnit() throws {
        let matcher = try DTWTemplateMatcher(configuration: Self.model())
        var first = Self.stream()[0]
        try matcher.check(first)
        first.userAcceleration = .zero
        first.units = [:]
        try matcher.check(first)
        first.units = nil
        let error = #expect(throws: MissingChannelError.self) { try matcher.check(first) }
        #expect(error?.channel.placement == "lowerarm" && error?.description.contains("no sensor unit at 'lowerarm'") == true)
    }
}
