import Foundation
import GestureKit
import GestureTestSupport
import Testing

@Suite struct DTWTemplateMatcherTests {
    /// A 1 s movement on x (up to 1.5 g) distinct per class: one or two sine periods.
    static func shape(_ label: String, _ u: Double) -> Vector3 {
        let periods = label == "one" ? 1.0 : 2.0
        return Vector3(1.5 * sin(2 * Double.pi * periods * u), 0.5 * sin(Double.pi * u), 0)
    }

    /// Templates sampled at 50 Hz; thresholds from a hand-set calibration (normalised distance, g).
    static func model(rate: Double = 50, preprocessing: DTWPreprocessing = .none) throws -> DTWModel {
        let templates = try ["one", "two"].map { label in
            let n = Int(rate)
            let values = (0..<n).flatMap { t -> [Double] in
                let v = shape(label, Double(t) / Double(n - 1))
                return [v.x, v.y, v.z]
            }
            return DTWModel.Template(label: label, series: try DTWSeries(interleaved: values, dimensions: 3))
        }
        return DTWModel(channels: MotionChannel.userAcceleration, samplingRate: rate, dtw: .full, preprocessing: preprocessing,
                        templates: templates,
                        calibration: ["one": .init(mean: 0.1, standardDeviation: 0.05, count: 5, pooled: false),
                                      "two": .init(mean: 0.1, standardDeviation: 0.05, count: 5, pooled: false)],
                        rejectionK: 3, minimumDuration: 0.5, maximumDuration: 2)
    }

    /// Still for 2 s, then each gesture (stretched by `stretch`) followed by 2 s of stillness.
    static func script(_ gestures: [(label: String, duration: Double)]) -> (MotionScript, [ClosedRange<Double>]) {
        var intervals: [ClosedRange<Double>] = []
        var t = 2.0
        for g in gestures {
            intervals.append(t...(t + g.duration))
            t += g.duration + 2
        }
        let fixed = intervals
        let script = MotionScript(duration: t) { time in
            var v = Vector3.zero
            for (g, interval) in zip(gestures, fixed) where interval.contains(time) {
                v = shape(g.label, (time - interval.lowerBound) / g.duration)
            }
            return MotionSample(timestamp: time, acceleration: v + Vector3(0, 0, -1), gravity: Vector3(0, 0, -1), userAcceleration: v)
        }
        return (script, intervals)
    }

    @Test(arguments: [25.0, 50.0, 100.0])
    func spotsEachGestureOnceAtAnyRate(rate: Double) throws {
        var matcher = try DTWTemplateMatcher(configuration: Self.model())
        let gestures = [("one", 1.0), ("two", 1.2), ("one", 0.8), ("two", 1.0)]
        let (script, intervals) = Self.script(gestures)
        var events = matcher.process(script.samples(rate: rate))
        matcher.finish(into: &events)
        #expect(events.map(\.label) == gestures.map(\.0))
        for (event, interval) in zip(events, intervals) {
            #expect(event.phase == .ended)
            #expect(abs(event.start - interval.lowerBound) < 0.15, "start \(event.start) vs \(interval)")
            #expect(abs(event.end - interval.upperBound) < 0.15, "end \(event.end) vs \(interval)")
            #expect(event.time >= event.end)
            #expect(event.score <= (try Self.model().threshold(for: event.label))!)
        }
    }

    /// A gesture that ends with the stream is still waiting out the refractory time and competing templates:
    /// without `finish` it is lost, with it it is reported.
    @Test(arguments: [25.0, 50.0, 100.0])
    func gestureAtTheVeryEndIsReportedWhenTheStreamEnds(rate: Double) throws {
        let (script, intervals) = Self.script([("one", 1.0), ("two", 1.0)])
        let samples = script.samples(rate: rate).filter { $0.timestamp <= intervals[1].upperBound + 0.02 }
        var model = try Self.model()
        model.refractoryTime = 1
        var matcher = try DTWTemplateMatcher(configuration: model)
        #expect(matcher.process(samples).map(\.label) == ["one"])
        var events: [GestureEvent] = []
        matcher.finish(into: &events)
        #expect(events.map(\.label) == ["two"])
        #expect(abs((events.first?.end ?? 0) - intervals[1].upperBound) < 0.15)
        var again = try DTWTemplateMatcher(configuration: model)
        #expect(again.run(over: samples).map(\.label) == ["one", "two"])
    }

    @Test func stillnessAndUnknownMovementsGiveNoEvent() throws {
        var matcher = try DTWTemplateMatcher(configuration: Self.model())
        let script = MotionScript(duration: 20) { t in
            // A slow 0.3 Hz sway on z: nothing like either template.
            let v = Vector3(0, 0, 0.8 * sin(2 * Double.pi * 0.3 * t))
            return MotionSample(timestamp: t, acceleration: v, userAcceleration: v)
        }
        var events = matcher.process(script.samples(rate: 50))
        matcher.finish(into: &events)
        #expect(events.isEmpty)
    }

    @Test func classifiesAndRejectsSegments() throws {
        let matcher = try DTWTemplateMatcher(configuration: Self.model())
        func segment(_ f: (Double) -> Vector3, _ n: Int) throws -> DTWSeries {
            try DTWSeries(interleaved: (0..<n).flatMap { t -> [Double] in let v = f(Double(t) / Double(n - 1)); return [v.x, v.y, v.z] },
                          dimensions: 3)
        }
        let two = try matcher.classify(try segment({ Self.shape("two", $0) }, 60))
        #expect(two.label == "two")
        #expect(two.warning == nil)
        let flat = try matcher.classify(try segment({ _ in Vector3(0, 0, 2) }, 50))
        #expect(flat.label == nil)
        #expect(flat.nearestLabel == "one" || flat.nearestLabel == "two")
        let short = try matcher.classify(try segment({ Self.shape("one", $0) }, 5))
        #expect(short.warning != nil)  // 50-sample templates vs a 5-sample segment
        #expect(throws: DTWError.self) { try matcher.classify(try DTWSeries([1, 2, 3])) }
    }

    @Test func modelRoundTripsAndBadFilesAreClearErrors() throws {
        let model = try Self.model()
        let data = try model.encoded()
        #expect(try DTWModel.decode(data) == model)
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        json["version"] = 0
        let old = try JSONSerialization.data(withJSONObject: json)
        #expect { try DTWModel.decode(old) } throws: { ($0 as? DTWModel.DecodingFailure)?.message.contains("version 0") == true }
        #expect(throws: DTWModel.DecodingFailure.self) { try DTWModel.decode(Data("{\"version\": 1, \"templates\": 3}".utf8)) }
        #expect(throws: DTWModel.DecodingFailure.self) { try DTWModel.decode(data.prefix(data.count / 2)) }
        #expect(throws: DTWModel.DecodingFailure.self) { try DTWModel.decode(Data("{}".utf8)) }
    }

    @Test func rejectionIsAdjustableAndRequiredForSpotting() throws {
        let model = try Self.model()
        #expect(model.threshold(for: "one") == 0.1 + 3 * 0.05)
        #expect(model.withRejection(k: 1).threshold(for: "one") == 0.1 + 0.05)
        #expect(throws: ConfigurationError.self) { try DTWTemplateMatcher(configuration: model.withRejection(k: nil)) }
        #expect(throws: ConfigurationError.self) {
            try DTWTemplateMatcher(configuration: Self.model(preprocessing: DTWPreprocessing(zNormalizationFloor: 0.01)))
        }
        var wrongRate = model
        wrongRate.samplingRate = 0
        #expect(throws: ConfigurationError.self) { try DTWTemplateMatcher(configuration: wrongRate) }
    }

    @Test func registeredUnderDTW() throws {
        let registry = RecognizerRegistry.standard
        #expect(registry.identifiers.contains("dtw"))
        let recognizer = try registry.makeRecognizer("dtw", configuration: JSONConfiguration(data: try Self.model().encoded()))
        #expect(recognizer is DTWTemplateMatcher)
        #expect(throws: (any Error).self) { try registry.makeRecognizer("dtw") }
    }

    @Test func oddSamplesAreIgnored() throws {
        var matcher = try DTWTemplateMatcher(configuration: Self.model())
        var events: [GestureEvent] = []
        matcher.process(MotionSample(timestamp: 0, acceleration: Vector3(.nan, 0, 0), userAcceleration: Vector3(.nan, 0, 0)), into: &events)
        matcher.process(MotionSample(timestamp: 1, acceleration: .zero), into: &events)  // no user acceleration
        matcher.process(MotionSample(timestamp: 0.5, acceleration: .zero, userAcceleration: .zero), into: &events)
        #expect(events.isEmpty)
    }

    @Test func preprocessingStepsDoWhatTheySay() throws {
        let s = try DTWSeries([1, 3, 5, 7])
        #expect(try DTWPreprocessing(offsetByFirstSample: true).apply(s).values == [0, 2, 4, 6])
        #expect(try DTWPreprocessing(downsampleRate: 25).apply(s, samplingRate: 50).values == [2, 6])
        #expect(try DTWPreprocessing(resampledLength: 7).apply(s).values == [1, 2, 3, 4, 5, 6, 7])
        let z = try DTWPreprocessing(zNormalizationFloor: 1e-3).apply(s).values
        #expect(abs(z.reduce(0, +)) < 1e-12)
        #expect(abs(z.map { $0 * $0 }.reduce(0, +) / 4 - 1) < 1e-12)
        // A still series is divided by the floor, not by zero.
        #expect(try DTWPreprocessing(zNormalizationFloor: 0.01).apply(try DTWSeries([2, 2, 2])).values == [0, 0, 0])
        let tiny = try DTWPreprocessing(zNormalizationFloor: 0.01).apply(try DTWSeries([0, 0.001])).values
        #expect(tiny == [-0.05, 0.05])
        #expect(throws: DTWError.self) { try DTWPreprocessing(zNormalizationFloor: 0).apply(s) }
        #expect(throws: DTWError.self) { try DTWPreprocessing(downsampleRate: 0).apply(s, samplingRate: 50) }
        #expect(throws: DTWError.self) { try DTWPreprocessing(downsampleRate: 25).apply(s) }  // rate unknown
        #expect(try DTWPreprocessing(downsampleRate: 100).apply(s, samplingRate: 50).values == s.values)
    }

    /// The same motion recorded at 25, 50 and 100 Hz, downsampled to 12.5 Hz, gives the same series.
    @Test(arguments: [25.0, 50.0, 100.0]) func downsamplingIsRateInvariant(rate: Double) throws {
        let n = Int(2 * rate)
        let values = (0..<n).map { sin(2 * Double.pi * 0.5 * Double($0) / rate) }
        let out = try DTWPreprocessing(downsampleRate: 12.5).apply(try DTWSeries(values), samplingRate: rate).values
        #expect(out.count == 25)
        for (i, v) in out.enumerated() {
            // Each output averages one 80 ms bin; the slow sine is nearly linear across it.
            let centre = (Double(i) + 0.5) / 12.5 - 0.5 / rate
            #expect(abs(v - sin(2 * Double.pi * 0.5 * centre)) < 0.01)
        }
    }

    @Test func versionOneModelsMigrateTheirDownsampleFactorToARate() throws {
        let data = try Self.model().encoded()
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        json["version"] = 1
        json["preprocessing"] = ["downsampleFactor": 2, "offsetByFirstSample": false]
        // Version 1 named one signal and its axes (version 3 lists channels).
        json["channels"] = nil
        json["signal"] = "userAcceleration"
        json["axes"] = ["x", "y", "z"]
        let old = try JSONSerialization.data(withJSONObject: json)
        let model = try DTWModel.decode(old)
        #expect(model.version == DTWModel.currentVersion)
        // Read; the renamed keys are there for a tool to report as deprecated.
        let renamed = DTWModel.renamedKeys(inVersion: 1)
        #expect(renamed.contains(RenamedKey("preprocessing.downsampleFactor", "preprocessing.downsampleRate",
                                            conversion: "a count of samples becomes Hz: samplingRate / factor")))
        #expect(Set(renamed.map(\.old)) == ["signal", "axes", "preprocessing.downsampleFactor"])
        #expect(DTWModel.renamedKeys(inVersion: 2).map(\.old) == ["signal", "axes"])
        #expect(DTWModel.renamedKeys(inVersion: DTWModel.currentVersion).isEmpty)
        #expect(model.preprocessing.downsampleRate == model.samplingRate / 2)
        // The registry's plain decoding path migrates too, and re-encoding writes a rate, not a factor.
        #expect(try JSONDecoder().decode(DTWModel.self, from: old) == model)
        #expect(!String(decoding: try model.encoded(), as: UTF8.self).contains("downsampleFactor"))
        // A bare recipe with a factor cannot know its rate: a clear error naming the replacement.
        #expect { try JSONDecoder().decode(DTWPreprocessing.self, from: Data("{\"downsampleFactor\": 2}".utf8)) } throws: {
            String(describing: $0).contains("downsampleRate")
        }
        #expect(try JSONDecoder().decode(DTWPreprocessing.self, from: Data("{\"downsampleFactor\": 1}".utf8)) == .none)
    }

    @Test func resetGivesTheEventsOfAFreshMatcher() throws {
        let gestures = [("one", 1.0), ("two", 1.2), ("one", 0.8)]
        let samples = Self.script(gestures).0.samples(rate: 50)
        let (fresh, afterReset) = try eventsAfterReset({ try DTWTemplateMatcher(configuration: Self.model()) }, samples) { matcher, samples in
            var events = matcher.process(samples)
            matcher.finish(into: &events)
            return events
        }
        #expect(fresh.map(\.label) == gestures.map(\.0))
        for events in afterReset { #expect(events == fresh) }
    }
}
