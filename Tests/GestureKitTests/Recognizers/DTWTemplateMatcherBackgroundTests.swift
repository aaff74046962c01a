import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// Background templates (``DTWModel/background``): a window one of them wins reports nothing.
@Suite struct DTWTemplateMatcherBackgroundTests {
    typealias Shapes = DTWTemplateMatcherTests
    typealias Templates = DTWTemplateMatcherSuppressionTests

    /// The `one` gesture at 2 s, and the same movement at 70 % amplitude (a look-alike the class template
    /// accepts, at a normalised distance of about 0.3 g) at 5 s.
    static let script = MotionScript(duration: 8) { t in
        var v = Vector3.zero
        for (start, gain) in [(2.0, 1.0), (5.0, 0.7)] where t >= start && t <= start + 1 { v = Shapes.shape("one", t - start) * gain }
        return MotionSample(timestamp: t, acceleration: v + Vector3(0, 0, -1), gravity: Vector3(0, 0, -1), userAcceleration: v)
    }

    static func model(background: [DTWSeries]) throws -> DTWModel {
        DTWModel(channels: MotionChannel.userAcceleration, samplingRate: 50, dtw: .full,
                 templates: [try Templates.template("one", gain: 1, label: "one")], background: background,
                 rejectionK: nil, thresholds: ["one": 0.6], minimumDuration: 0.5, maximumDuration: 2)
    }

    @Test(arguments: [25.0, 50.0, 100.0])
    func aBackgroundTemplateVetoesTheLookAlikeOnly(rate: Double) throws {
        let plain = try spot(Self.model(background: []), Self.script, rate: rate)
        #expect(plain.map(\.label) == ["one", "one"])
        #expect(plain.count == 2 && abs(plain[1].start - 5) < 0.15 && plain[1].score > 0.2)

        let lookAlike = try Templates.template("one", gain: 0.7, label: "background").series
        let vetoed = try spot(Self.model(background: [lookAlike]), Self.script, rate: rate)
        #expect(vetoed.count == 1)
        #expect(abs((vetoed.first?.start ?? 0) - 2) < 0.15 && (vetoed.first?.score ?? 1) < 0.05)
        #expect(vetoed.allSatisfy { $0.details["template"] == 0 })
    }

    @Test func candidatesLeaveBackgroundOutButLetItSuppress() throws {
        let lookAlike = try Templates.template("one", gain: 0.7, label: "background").series
        let samples = Self.script.samples(rate: 50)
        let plain = try DTWTemplateMatcher.candidates(Self.model(background: []), samples: samples)
        let withBackground = try DTWTemplateMatcher.candidates(Self.model(background: [lookAlike]), samples: samples)
        func near5(_ c: DTWTemplateMatcher.Candidate) -> Bool { c.start > 4.5 && c.start < 5.5 && c.distance <= 0.6 }
        #expect(plain.contains(where: near5))
        #expect(!withBackground.contains(where: near5))
        #expect(withBackground.allSatisfy { $0.template == 0 && $0.label == "one" })
        #expect(withBackground.contains { abs($0.start - 2) < 0.15 && $0.distance < 0.05 })
    }

    @Test func backgroundIsStoredOnlyWhenPresentAndValidated() throws {
        let plain = try Self.model(background: [])
        #expect(try !String(decoding: plain.encoded(), as: UTF8.self).contains("background"))
        let lookAlike = try Templates.template("one", gain: 0.7, label: "background").series
        let model = try Self.model(background: [lookAlike])
        #expect(try DTWModel.decode(model.encoded()) == model)
        var wrong = model
        wrong.background = [try DTWSeries(interleaved: [0, 0, 1, 1], dimensions: 2)]
        #expect(throws: ConfigurationError.self) { try wrong.validate() }
        #expect(throws: ConfigurationError.self) { try DTWTemplateMatcher(configuration: wrong) }
    }
}
