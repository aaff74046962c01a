import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

@Suite struct StreamCalibrationTests {
    /// A still recording of `seconds` at 1 Hz with `a` annotations.
    static func recording(_ id: String, seconds: Int, annotations: [(Double, Double)]) -> Recording {
        let t = (0...seconds).map(Double.init)
        return Recording(id: id, timestamps: t, channels: Channel.acceleration.map { ($0, t.map { _ in 0 }) },
                         annotations: annotations.map { Annotation(start: $0.0, end: $0.1, label: "a") })
    }

    static func event(_ start: Double, _ distance: Double, label: String = "a") -> GestureEvent {
        GestureEvent(label: label, phase: .ended, start: start, end: start + 0.5, time: start + 1, score: distance)
    }

    /// Two recordings (94 s + 48 s of background) with 4 annotations and candidates of known distances:
    /// true hits at 0.1, 0.2, 0.25, 0.3; false activations at 0.12, 0.15, 0.5; and a class without annotations.
    static let recordings = [recording("r0", seconds: 100, annotations: [(10, 12), (30, 32), (50, 52)]),
                             recording("r1", seconds: 50, annotations: [(20, 22)])]
    static let candidates = [[event(10.5, 0.1), event(70, 0.15), event(30, 0.2), event(50, 0.3), event(85, 0.5), event(60, 0.01, label: "b")],
                             [event(20.5, 0.25), event(40, 0.12)]]

    @Test func f1PicksTheThresholdBetweenTheLastHitAndTheNextFalseActivation() {
        let choices = StreamCalibration(objective: .f1).choose(candidates: Self.candidates, recordings: Self.recordings, labels: ["a", "b"])
        #expect(choices.map(\.label) == ["a"])  // b has no annotation: it keeps the k·σ rule
        let a = choices[0]
        #expect(abs(a.threshold - 0.4) < 1e-12)  // keeps 0.1 … 0.3 (F1 8/10), drops 0.5 (F1 8/11)
        #expect(a.kept == 6 && a.candidates == 7)
        #expect(abs(a.f1 - 0.8) < 1e-12 && a.recall == 1)
        #expect(abs(a.falsePerHour - 2 / (142.0 / 3600)) < 1e-9)
    }

    @Test func aFalseActivationBudgetTradesRecall() {
        func choice(_ budget: Double) -> StreamCalibration.Choice {
            StreamCalibration(objective: .maxFalsePerHour(budget)).choose(candidates: Self.candidates, recordings: Self.recordings, labels: ["a"])[0]
        }
        // 1 false activation = 25.4/h: within 30/h only the first hit (the 0.12 false one adds no recall).
        let strict = choice(30)
        #expect(abs(strict.threshold - 0.11) < 1e-12)
        #expect(strict.recall == 0.25 && strict.falsePerHour == 0)
        // 2 false activations (50.7/h) buy every hit.
        #expect(abs(choice(60).threshold - 0.4) < 1e-12)
        #expect(choice(60).recall == 1)
        // Nothing fits a budget the first candidate already breaks: the class never fires.
        let none = StreamCalibration(objective: .maxFalsePerHour(0)).choose(
            candidates: [[Self.event(70, 0.05), Self.event(10.5, 0.1)], []], recordings: Self.recordings, labels: ["a"])[0]
        #expect(none.threshold == 0 && none.kept == 0)
    }

    /// A budget is for the model, not for each class: two classes that could each spend it in full share it, and the
    /// thresholds go where the false activations buy the most hits.
    @Test func classesShareOneFalseActivationBudget() {
        func annotated(_ id: String, _ spans: [(Double, Double, String)]) -> Recording {
            var r = Self.recording(id, seconds: 3608, annotations: [])
            r.annotations = spans.map { Annotation(start: $0.0, end: $0.1, label: $0.2) }
            return r
        }
        // One hour of background (3,608 s less 8 s of annotations). Class a: a hit at 0.1, a false activation at 0.2, a hit at 0.3.
        // Class b: a false activation at 0.05, then hits at 0.06 and 0.07.
        let recordings = [annotated("r", [(100, 102, "a"), (300, 302, "a"), (500, 502, "b"), (700, 702, "b")])]
        let candidates = [[Self.event(100.5, 0.1), Self.event(200, 0.2), Self.event(300.5, 0.3),
                           Self.event(400, 0.05, label: "b"), Self.event(500.5, 0.06, label: "b"), Self.event(700.5, 0.07, label: "b")]]
        func choose(_ budget: Double) -> [StreamCalibration.Choice] {
            StreamCalibration(objective: .maxFalsePerHour(budget)).choose(candidates: candidates, recordings: recordings, labels: ["a", "b"])
        }
        // 1 per hour: each class alone would spend it (4 hits, 2 false activations). Together, it buys b's two hits,
        // and a keeps its first hit, which costs nothing.
        let one = choose(1)
        #expect(one.map(\.label) == ["a", "b"])
        #expect(one.map(\.kept) == [1, 3])
        #expect(one.map(\.recall) == [0.5, 1])
        #expect(one.reduce(0) { $0 + $1.falsePerHour } <= 1 + 1e-9)
        #expect(abs(one[0].threshold - 0.15) < 1e-12 && abs(one[1].threshold - 0.07) < 1e-12)
        // 2 per hour: every hit. 0 per hour: a's free hit only.
        #expect(choose(2).map(\.recall) == [1, 1])
        #expect(choose(0).map(\.kept) == [1, 0])
        // One class: the budget is all its own, as before.
        let alone = StreamCalibration(objective: .maxFalsePerHour(1)).choose(candidates: candidates, recordings: recordings, labels: ["a"])
        #expect(alone.map(\.recall) == [1])
    }

    /// 18 s of `shape` gestures (1 s each) at 2, 6 and 14 s, annotated `a`, and a half-size look-alike at 10 s,
    /// not annotated; acceleration channels at `rate` Hz.
    static func lookAlikeStream(rate: Double, shape: (Double) -> Vector3) -> Recording {
        let gestures: [(start: Double, gain: Double)] = [(2, 1), (6, 0.95), (10, 0.5), (14, 1.05)]
        let t = (0..<Int(18 * rate)).map { Double($0) / rate }
        let motion = t.map { time in
            gestures.first { time >= $0.start && time <= $0.start + 1 }.map { shape(time - $0.start) * $0.gain } ?? .zero
        }
        return Recording(id: "s", timestamps: t, channels: [(.accelX, motion.map(\.x)), (.accelY, motion.map(\.y)), (.accelZ, motion.map(\.z))],
                         annotations: gestures.filter { $0.gain > 0.9 }.map { Annotation(start: $0.start, end: $0.start + 1, label: "a") })
    }

    /// Issue 44, the differential property end to end: two classes that compete at different thresholds, on
    /// recordings with gaps and a jittered clock. The detections calibration returns, and the figures of its choices,
    /// are the calibrated matcher's streamed events, to the bit.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func calibratedDetectionsAreTheStreamedEvents(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func shape(_ label: String, _ u: Double) -> Vector3 {
            Vector3(1.5 * sin(2 * Double.pi * (label == "a" ? 1 : 2) * u), 0.5 * sin(Double.pi * u), 0)
        }
        let templates = try ["a", "b"].map { label in
            DTWModel.Template(label: label, series: try DTWSeries(interleaved: (0..<50).flatMap { t -> [Double] in
                let v = shape(label, Double(t) / 49)
                return [v.x, v.y, v.z]
            }, dimensions: 3))
        }
        let model = DTWModel(channels: MotionChannel.acceleration, samplingRate: 50, dtw: .full, templates: templates,
                             calibration: ["a": .init(mean: 2, standardDeviation: 1, count: 3, pooled: false),
                                           "b": .init(mean: 2, standardDeviation: 1, count: 3, pooled: false)],
                             rejectionK: 3, refractoryTime: 1, minimumDuration: 0.5, maximumDuration: 2)
        var recordings: [Recording] = []
        for r in 0..<2 {
            var samples: [MotionSample] = [], annotations: [Annotation] = []
            var t = 0.0
            for _ in 0..<12 {
                if random.bernoulli(0.2) { t += random.uniform(1...6) }   // a gap
                let label = random.bernoulli(0.5) ? "a" : "b", gain = random.uniform(0.4...1.1), duration = random.uniform(0.8...1.3)
                let start = t + random.uniform(0.5...2)
                if gain > 0.7 { annotations.append(Annotation(start: start, end: start + duration, label: label)) }
                while t < start + duration + random.uniform(0.5...1.5) {
                    let u = (t - start) / duration
                    let v = (u >= 0 && u <= 1 ? shape(label, u) * gain : .zero) + Vector3(0.04 * random.gaussian(), 0.04 * random.gaussian(), 0)
                    samples.append(MotionSample(timestamp: t, acceleration: v))
                    t += (1 + random.uniform(-0.3...0.3)) / 50
                }
            }
            recordings.append(Recording(id: "r\(r)", subject: "s", samples: samples, annotations: annotations))
        }
        let calibration = StreamCalibration(objective: .f1)
        let (calibrated, choices, detections) = try calibration.calibrate(model, on: recordings)
        #expect(choices.map(\.label) == ["a", "b"])
        for (r, found) in zip(recordings, detections) {
            var matcher = try DTWTemplateMatcher(configuration: calibrated)
            let streamed = matcher.run(over: r.samples)
            #expect(streamed.map { [$0.start, $0.end, $0.score] } == found.map { [$0.start, $0.end, $0.score] }, "seed \(seed), \(r.id)")
            #expect(streamed.map(\.label) == found.map(\.label))
        }
        // The choices state those detections: restating them on the streamed events changes nothing.
        let streamedAll = try recordings.map { r in
            var matcher = try DTWTemplateMatcher(configuration: calibrated)
            return matcher.run(over: r.samples)
        }
        let restated = calibration.restate(choices, detections: streamedAll, recordings: recordings)
        #expect(restated.map(\.f1) == choices.map(\.f1) && restated.map(\.kept) == choices.map(\.kept))
    }

    /// End to end: one pass of the spotter over a stream with three gestures and a half-size look-alike in the
    /// background; the calibrated threshold keeps the gestures and rejects the look-alike.
    @Test func calibratesASpotterOnAStream() throws {
        let rate = 50.0
        func shape(_ u: Double) -> Vector3 { Vector3(1.5 * sin(2 * Double.pi * u), 0.5 * sin(Double.pi * u), 0) }
        let template = try DTWSeries(interleaved: (0..<50).flatMap { t -> [Double] in
            let v = shape(Double(t) / 49)
            return [v.x, v.y, v.z]
        }, dimensions: 3)
        let model = DTWModel(channels: MotionChannel.acceleration, samplingRate: rate, dtw: .full, templates: [.init(label: "a", series: template)],
                             calibration: ["a": .init(mean: 2, standardDeviation: 1, count: 3, pooled: false)],
                             rejectionK: 3, minimumDuration: 0.5, maximumDuration: 2)
        let recording = Self.lookAlikeStream(rate: rate, shape: shape)
        // mean + 3σ = 5: every movement would fire.
        let (calibrated, choices, detections) = try StreamCalibration(objective: .f1).calibrate(model, on: [recording])
        let choice = try #require(choices.first)
        #expect(choice.kept == 3 && choice.f1 == 1)
        // The look-alike's distance is about half the shape's RMS (0.5 g); the gestures' at most 5 % of it.
        #expect(choice.threshold > 0.1 && choice.threshold < 0.5)
        #expect(calibrated.threshold(for: "a") == choice.threshold)
        var matcher = try DTWTemplateMatcher(configuration: calibrated)
        var events = matcher.process(recording.samples)
        matcher.finish(into: &events)
        #expect(events.count == 3)
        for (event, start) in zip(events, [2.0, 6, 14]) { #expect(abs(event.start - start) < 0.15) }
        // The detections calibration returns are the matcher's events at the chosen threshold.
        #expect(detections.count == 1)
        #expect(detections[0].map(\.start) == events.filter { $0.phase == .ended }.map(\.start))
        #expect(detections[0].allSatisfy { $0.score <= choice.threshold })

        // Cross-fitting: candidates come from the recording's spotter, not from the calibrated model. A spotter
        // whose only template is the look-alike (gain 0.5) finds the look-alike closest, so the best F1 keeps
        // a different set of candidates than the model's own templates do.
        let lookAlike = try DTWSeries(interleaved: template.values.map { $0 * 0.5 }, dimensions: 3)
        var spotter = model
        spotter.templates = [.init(label: "a", series: lookAlike)]
        let (_, spotted, heldOut) = try StreamCalibration(objective: .f1).calibrate(model, on: [recording], spotters: [spotter])
        let crossFitted = try #require(spotted.first)
        #expect(crossFitted.threshold != choice.threshold)
        #expect(crossFitted.f1 < 1)
        // Held-out detections are the spotter's candidates within the cross-fitted threshold, as many as it kept.
        let spotterCandidates = try DTWTemplateMatcher.candidates(spotter, samples: recording.samples)
        #expect(heldOut[0].map(\.start) == spotterCandidates.filter { $0.distance <= crossFitted.threshold }.map(\.start).sorted())
        #expect(heldOut[0].count == crossFitted.kept)
    }

    /// Every trace point of every template, then greedy suppression by distance: the candidates as they were
    /// before only the trace's local minima were kept (O(samples × templates) memory), as a reference.
    static func allPointCandidates(_ model: DTWModel, _ recording: Recording) throws -> [GestureEvent] {
        let rate = model.samplingRate
        let minimum = max(1, Int((model.minimumDuration * rate).rounded()))
        let maximum = max(minimum, Int((model.maximumDuration * rate).rounded())), refractory = Int((model.refractoryTime * rate).rounded())
        var spotters = try model.templates.map { t in
            var s = try SPRINGSpotter(template: t.series, threshold: .infinity, minimumLength: minimum, maximumLength: maximum)
            s.reportsMatches = false
            return s
        }
        var resampler = try Resampler(rate: rate), resampled: [MotionSample] = [], times: [Double] = []
        var points: [(distance: Double, start: Int, end: Int, template: Int)] = []
        for sample in recording.samples where sample.isFinite {
            resampled.removeAll()
            resampler.process(sample, into: &resampled)
            for r in resampled {
                let scales = model.channelScales ?? model.channels.map { _ in 1 }
                let x = try zip(model.channels, scales).map { try #require($0.value(in: r)) / $1 }
                let t = times.count
                times.append(r.timestamp)
                for i in spotters.indices {
                    _ = x.withUnsafeBufferPointer { spotters[i].update($0) }
                    let (cost, start) = spotters[i].lastFullMatch
                    guard cost.isFinite, (minimum...maximum).contains(t - start + 1) else { continue }
                    points.append(((cost / Double(model.templates[i].series.length)).squareRoot(), start, t, i))
                }
            }
        }
        points.sort { ($0.distance, $0.end, $0.template) < ($1.distance, $1.end, $1.template) }
        var kept: [(distance: Double, start: Int, end: Int, template: Int)] = []
        for p in points where !kept.contains(where: { p.start <= $0.end + refractory && $0.start <= p.end + refractory }) { kept.append(p) }
        return kept.sorted { $0.start < $1.start }.map {
            GestureEvent(label: model.templates[$0.template].label, phase: .ended, start: times[$0.start], end: times[$0.end],
                         time: times[$0.end], score: $0.distance)
        }
    }

    /// Keeping only each template's trace minima (instead of every point of every trace) leaves the chosen
    /// thresholds unchanged, under both objectives, for DTW templates of shakes on synthetic recordings with
    /// background; the full list had candidates on the slopes of traces, the new one has none.
    @Test func traceMinimaLeaveCalibratedThresholdsUnchanged() throws {
        let dataset = try SyntheticShakeFixture.dataset(subjects: 2, seconds: 40)
        let entry = Experiment.Entry(name: "dtw", recognizer: "dtw", configuration: SyntheticShakeFixture.dtwSettings(), datasets: ["d"], labels: ["shake"])
        let experiment = Experiment(name: "x", datasets: ["d": .source("unused")], entries: [entry])
        guard let model = try EntryTrainer(entry: entry, experiment: experiment, kind: .continuous, registry: .standard, trainers: .standard).train(on: dataset.recordings).model(as: DTWModel.self) else {
            Issue.record("not a DTW model")
            return
        }
        let judged = dataset.recordings.map { r -> Recording in
            var r = r
            r.annotations = r.annotations.filter { $0.label == "shake" }
            return r
        }
        let reference = try judged.map { try Self.allPointCandidates(model, $0) }
        let minima = try judged.map { r in
            try DTWTemplateMatcher.candidates(model, samples: r.samples).map {
                GestureEvent(label: $0.label, phase: .ended, start: $0.start, end: $0.end, time: $0.end, score: $0.distance)
            }
        }
        #expect(minima.joined().count < reference.joined().count, "slope points of the full traces are gone")
        for objective in [StreamCalibration.Objective.f1, .maxFalsePerHour(30)] {
            let calibration = StreamCalibration(objective: objective)
            let expected = calibration.choose(candidates: reference, recordings: judged, labels: model.labels)
            let chosen = calibration.choose(candidates: minima, recordings: judged, labels: model.labels)
            #expect(!expected.isEmpty)
            #expect(chosen.map(\.label) == expected.map(\.label))
            for (c, e) in zip(chosen, expected) {
                #expect(c.threshold == e.threshold && c.recall == e.recall && c.falsePerHour == e.falsePerHour, "\(objective)")
            }
            #expect(try calibration.calibrate(model, on: judged).choices == chosen)
        }
    }
}
