import GestureKit
import GestureTestSupport
import Testing

/// Non-maximum suppression, refractory time and stream-calibrated thresholds of ``DTWTemplateMatcher``.
@Suite struct DTWTemplateMatcherSuppressionTests {
    typealias Shapes = DTWTemplateMatcherTests

    /// A template of `label`'s shape scaled by `gain`, 1 s at `rate`.
    static func template(_ shape: String, gain: Double, label: String, rate: Double = 50) throws -> DTWModel.Template {
        let n = Int(rate)
        let values = (0..<n).flatMap { t -> [Double] in
            let v = Shapes.shape(shape, Double(t) / Double(n - 1)) * gain
            return [v.x, v.y, v.z]
        }
        return DTWModel.Template(label: label, series: try DTWSeries(interleaved: values, dimensions: 3))
    }

    /// Three templates of three classes that all match the `one` gesture within the loose thresholds: exact
    /// (class `one`), 80 % (class `weak`), 65 % (class `faint`).
    static func competingModel(refractoryTime: Double = 0) throws -> DTWModel {
        let templates = [try template("one", gain: 0.65, label: "faint"), try template("one", gain: 1, label: "one"),
                         try template("one", gain: 0.8, label: "weak")]
        return DTWModel(channels: MotionChannel.userAcceleration, samplingRate: 50, dtw: .full, templates: templates,
                        rejectionK: nil, thresholds: ["one": 0.6, "weak": 0.6, "faint": 0.6], refractoryTime: refractoryTime,
                        minimumDuration: 0.5, maximumDuration: 2)
    }

    @Test(arguments: [25.0, 50.0, 100.0])
    func overlappingMatchesOfSeveralClassesGiveOneEventTheBest(rate: Double) throws {
        let model = try Self.competingModel()
        // Each template alone spots the gesture: three candidates overlap.
        for i in model.templates.indices {
            var alone = model
            alone.templates = [model.templates[i]]
            var m = try DTWTemplateMatcher(configuration: alone)
            var e = m.process(Shapes.script([("one", 1.0)]).0.samples(rate: rate))
            m.finish(into: &e)
            #expect(e.count == 1, "template \(i) alone")
        }
        var matcher = try DTWTemplateMatcher(configuration: model)
        let (script, intervals) = Shapes.script([("one", 1.0), ("one", 1.1)])
        var events = matcher.process(script.samples(rate: rate))
        matcher.finish(into: &events)
        #expect(events.map(\.label) == ["one", "one"])
        #expect(events.allSatisfy { $0.details["template"] == 1 && $0.score < 0.1 })
        for (event, interval) in zip(events, intervals) {
            #expect(abs(event.start - interval.lowerBound) < 0.15 && abs(event.end - interval.upperBound) < 0.15)
        }
    }

    /// Two `one` gestures 0.6 s apart, the second at 90 % amplitude: two events, or only the first (the better)
    /// when the refractory time is longer than the gap.
    @Test(arguments: [25.0, 50.0, 100.0])
    func refractoryTimeSuppressesASecondHit(rate: Double) throws {
        let gap = 0.6
        let script = MotionScript(duration: 7) { t in
            var v = Vector3.zero
            for (start, gain) in [(2.0, 1.0), (3 + gap, 0.9)] where t >= start && t <= start + 1 { v = Shapes.shape("one", t - start) * gain }
            return MotionSample(timestamp: t, acceleration: v + Vector3(0, 0, -1), gravity: Vector3(0, 0, -1), userAcceleration: v)
        }
        func events(_ refractoryTime: Double) throws -> [GestureEvent] {
            var matcher = try DTWTemplateMatcher(configuration: Shapes.model().withRejection(k: 3).with(refractoryTime: refractoryTime))
            var events = matcher.process(script.samples(rate: rate))
            matcher.finish(into: &events)
            return events
        }
        #expect(try events(0).count == 2)
        #expect(try events(0.4).count == 2)
        let suppressed = try events(1.0)
        #expect(suppressed.count == 1)
        #expect(abs((suppressed.first?.start ?? 0) - 2) < 0.15)
    }

    @Test func streamThresholdsOverrideTheSigmaRuleAndRoundTrip() throws {
        let model = try Shapes.model().withRejection(thresholds: ["one": 0.05])
        #expect(model.threshold(for: "one") == 0.05)
        #expect(model.threshold(for: "two") == 0.1 + 3 * 0.05)
        #expect(try DTWModel.decode(try model.encoded()) == model)
        // Thresholds alone are enough to spot, without k.
        var onlyThresholds = model
        onlyThresholds.rejectionK = nil
        onlyThresholds.thresholds = ["one": 0.3, "two": 0.3]
        #expect(throws: Never.self) { try DTWTemplateMatcher(configuration: onlyThresholds) }
        onlyThresholds.thresholds = ["one": 0.3]
        #expect(throws: ConfigurationError.self) { try DTWTemplateMatcher(configuration: onlyThresholds) }
        var negative = model
        negative.refractoryTime = -1
        #expect(throws: ConfigurationError.self) { try negative.validate() }
    }
}

extension DTWModel {
    /// The same model with another refractory time, seconds.
    func with(refractoryTime: Double) -> DTWModel {
        var copy = self
        copy.refractoryTime = refractoryTime
        return copy
    }
}
