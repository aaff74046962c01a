import Foundation
import GestureEval
import GestureKit
import Testing

/// Reports each stretch where |acceleration x| exceeds `threshold` g.
private struct PushDetector: Recognizer {
    var threshold: Double
    var start: Double?
    var last = 0.0
    mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        if abs(sample.acceleration.x) > threshold {
            if start == nil { start = sample.timestamp }
        } else if let s = start {
            events.append(GestureEvent(label: "push", phase: .ended, start: s, end: last, time: sample.timestamp, score: threshold))
            start = nil
        }
        last = sample.timestamp
    }
    mutating func reset() { start = nil }
}

/// Learns the threshold halfway between the loudest background and the weakest annotated peak
/// of its training recordings, and remembers the subjects it saw.
private struct ThresholdTrainer: Trainer {
    struct Model { var threshold: Double; var subjects: Set<String> }
    func train(on recordings: [Recording]) -> Model {
        var background = 0.0, weakestPeak = Double.infinity
        for r in recordings {
            let x = r.column(.accelX)!
            for a in r.annotations {
                let peak = zip(r.timestamps, x).filter { $0.0 >= a.start && $0.0 <= a.end }.map { abs($0.1) }.max() ?? 0
                weakestPeak = min(weakestPeak, peak)
            }
            for (t, v) in zip(r.timestamps, x) where !r.annotations.contains(where: { t >= $0.start && t <= $0.end }) {
                background = max(background, abs(v))
            }
        }
        return Model(threshold: (background + weakestPeak) / 2, subjects: Set(recordings.map(\.subject)))
    }
}

/// Subject `s` pushes with peaks of [0.6, 1.2, 1.4, 1.6][s] g over background noise of [0.1, 0.1, 0.2, 0.9][s] g.
private func subjectRecording(subject s: Int, take: Int) -> Recording {
    let rate = 50.0, times = (0..<Int(40 * rate)).map { Double($0) / rate }
    let starts = (0..<5).map { 4.0 + 7.0 * Double($0) + 0.3 * Double(take) }
    let x = times.map { t -> Double in
        let noise = [0.1, 0.1, 0.2, 0.9][s] * sin(t * 7.3 + Double(s))
        guard let g = starts.first(where: { t >= $0 && t <= $0 + 0.6 }) else { return noise }
        return [0.6, 1.2, 1.4, 1.6][s] * sin(Double.pi * (t - g) / 0.6)
    }
    return Recording(id: "s\(s)-\(take)", subject: "s\(s)", session: "take\(take)", timestamps: times, channels: [(.accelX, x)],
                     annotations: starts.map { Annotation(start: $0, end: $0 + 0.6, label: "push") })
}

@Suite struct TrainedDetectorTests {
    /// Leave-one-subject-out: the threshold is learned without the test subject, so the weakest
    /// subject's pushes (s0) fall below the threshold learned from the others (1.05 g), and the
    /// noisiest subject's background (s3) trips the threshold learned from quiet subjects (0.4 g).
    @Test func perSubjectEventMetricsUnderLeaveOneSubjectOut() throws {
        let dataset = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                              recordings: (0..<4).flatMap { s in (0..<2).map { subjectRecording(subject: s, take: $0) } })
        let folds = try FoldAssignment(.leaveOneSubjectOut, dataset: dataset)
        let options = BootstrapOptions(replicates: 200, seed: 1)
        let perFold = try CrossValidation.run(ThresholdTrainer(), dataset: dataset, folds: folds) { model, test, fold in
            #expect(!model.subjects.contains(fold.name))
            let threshold = model.threshold
            let events = EventDetection.run(test) { Pipeline(recognizers: [PushDetector(threshold: threshold)]) }
            return (threshold, try EventEvaluation(recordings: test, events: events, bootstrap: options))
        }
        let recall = perFold.map(\.1.recall.value), insertions = perFold.map(\.1.overall.insertions)
        #expect(recall[0] == 0 && recall[1] == 1 && recall[2] == 1 && recall[3] == 1)
        #expect(insertions[0] == 0 && insertions[1] == 0 && insertions[3] > 0)
        #expect(abs(perFold[0].0 - 1.05) < 0.01 && abs(perFold[3].0 - 0.4) < 0.01)
        // The same folds and seed give the same numbers.
        let again = try CrossValidation.run(ThresholdTrainer(), dataset: dataset, folds: folds) { model, test, _ in model.threshold }
        #expect(again == perFold.map(\.0))
    }
}
