import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// Templates with context (``DTWModel/context``) compared as intensity envelopes (``DTWModel/movingDeviation``):
/// a swimmer's turn is a pause *between* strokes, which a pause alone cannot tell from resting at the wall.
@Suite struct DTWTemplateMatcherContextTests {
    /// Strokes (|a| swinging 0.5 g around 1 g at 1.2 Hz) from 0 to 4 s, a pause from 4 to 6 s (the turn), strokes
    /// to 13 s, then rest to the end at 20 s.
    static let pool = MotionScript(duration: 20) { t in
        let stroking = t < 4 || (t >= 6 && t < 13)
        let swing = stroking ? 0.5 * sin(2 * Double.pi * 1.2 * t) : 0
        return MotionSample(timestamp: t, acceleration: Vector3(0, 0, -1 - swing))
    }

    static let envelopeSeconds = 1.5

    /// The turn's template cut from the pool at 50 Hz as training cuts it: the envelope of the whole stream, then
    /// 4 − `context` to 6 + `context` s.
    static func model(context: Double) throws -> DTWModel {
        let samples = pool.samples(rate: 50)
        let magnitude = MotionChannel(rawValue: "accel.magnitude")!
        let envelope = try MovingDeviation.apply(seconds: envelopeSeconds, samplingRate: 50, to: [samples.map { magnitude.value(in: $0)! }])[0]
        let cut = zip(samples, envelope).filter { $0.0.timestamp >= 4 - context && $0.0.timestamp <= 6 + context }.map(\.1)
        return DTWModel(channels: [magnitude], samplingRate: 50, dtw: try DTW(band: 0.1),
                        templates: [DTWModel.Template(label: "turn", series: try DTWSeries(dimensions: [cut]))],
                        rejectionK: nil, thresholds: ["turn": 0.05], refractoryTime: 2,
                        minimumDuration: 1, maximumDuration: 4, context: context, movingDeviation: envelopeSeconds)
    }

    /// With 1.5 s of strokes on each side the turn is found, reported without its context, at every rate; the
    /// rest at the end is not a turn.
    @Test(arguments: [25.0, 50.0, 100.0])
    func aTurnIsAPauseBetweenStrokes(rate: Double) throws {
        let events = try spot(Self.model(context: 1.5), Self.pool, rate: rate)
        #expect(events.count == 1)
        let turn = try #require(events.first)
        #expect(abs(turn.start - 4) < 0.2 && abs(turn.end - 6) < 0.2, "\(turn.start)–\(turn.end) s")
        #expect(turn.time > 7.5)   // it ends with the context after the turn

        let candidates = try DTWTemplateMatcher.candidates(Self.model(context: 1.5), samples: Self.pool.samples(rate: rate))
            .filter { $0.distance <= 0.05 }
        #expect(candidates.count == 1 && abs(candidates[0].start - turn.start) < 0.1 && abs(candidates[0].end - turn.end) < 0.1)
    }

    /// Without context the pause template also fires where the rest at the end begins (13 s).
    @Test func withoutContextRestLooksLikeATurn() throws {
        let events = try spot(Self.model(context: 0), Self.pool, rate: 50)
        #expect(events.count >= 2)
        #expect(events.contains { $0.start > 12.5 }, "\(events.map { ($0.start, $0.end, $0.score) })")
    }

    /// Context and envelope are stored only when set, so other models keep their bytes, and are validated.
    @Test func contextAndEnvelopeRoundTrip() throws {
        let model = try Self.model(context: 1.5)
        #expect(try DTWModel.decode(model.encoded()) == model)
        var plain = model
        plain.context = 0
        plain.movingDeviation = nil
        let text = String(decoding: try plain.encoded(), as: UTF8.self)
        #expect(!text.contains("context") && !text.contains("movingDeviation"))
        #expect(try DTWModel.decode(plain.encoded()) == plain)
        var bad = model
        bad.context = -1
        #expect(throws: ConfigurationError.self) { try DTWTemplateMatcher(configuration: bad) }
        bad = model
        bad.movingDeviation = 0
        #expect(throws: ConfigurationError.self) { try DTWTemplateMatcher(configuration: bad) }
        // A rate from a corrupt file (found by FuzzDTWModel) is refused instead of sizing buffers from it.
        bad = model
        bad.samplingRate = 5e16
        #expect(throws: ConfigurationError.self) { try DTWTemplateMatcher(configuration: bad) }
        bad = model
        bad.movingDeviation = 1e12
        #expect(throws: ConfigurationError.self) { try DTWTemplateMatcher(configuration: bad) }
    }
}
