import Foundation
import GestureData
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
private struct ThresholdTrainer {
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

@Suite struct TrainedDetectorTests {
    /// Leave-one-subject-out: the threshold is learned without the test subject, so the weakest
    /// subject's pushes (s0) fall below the threshold learned from the others (1.05 g), and the
    /// noisiest subject's background (s3) trips the threshold learned from quiet subjects (0.4 g).
    @Test func perSubjectEventMetricsUnderLeaveOneSubjectOut() throws {
        let dataset = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                              recordings: (0..<4).flatMap { s in (0..<2).map { pushRecording(subject: s, take: $0) } })
        let folds = try FoldAssignment(.leaveOneSubjectOut, dataset: dataset)
        let options = BootstrapOptions(replicates: 200, seed: 1)
        let perFold = try folds.run(on: dataset, train: ThresholdTrainer().train) { model, test, fold in
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
        let again = folds.run(on: dataset, train: ThresholdTrainer().train) { model, test, _ in model.threshold }
        #expect(again == perFold.map(\.0))
    }
}
