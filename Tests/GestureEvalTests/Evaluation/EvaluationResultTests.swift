import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

@Suite struct EvaluationResultTests {
    private func makeResult(seed: UInt64) throws -> EvaluationResult {
        let recordings = (0..<4).map { i in
            recording("r\(i)", subject: "s\(i % 2)", [Annotation(start: 5, end: 6, label: "shake"), Annotation(start: 20, end: 21, label: "flip")])
        }
        let events = recordings.indices.map { i in
            [GestureEvent(label: "shake", phase: .ended, start: 5.1, end: 5.9, time: 6 + 0.05 * Double(i), score: 1),
             GestureEvent(label: i == 0 ? "shake" : "flip", phase: .ended, start: 20, end: 21, time: 21.3, score: 1, direction: .left)]
        }
        let dataset = Dataset(name: "toy/events", kind: .continuous, recordings: recordings)
        let folds = try FoldAssignment(.leaveOneSubjectOut, dataset: dataset)
        let options = BootstrapOptions(replicates: 200, seed: seed)
        var result = EvaluationResult(
            dataset: dataset,
            configuration: ["matching": try EvaluationResult.canonicalJSON(EventMatching())],
            seed: seed, folds: folds)
        result.add("threshold", try EventEvaluation(recordings: recordings, events: events, bootstrap: options))
        result.add("segments", try SegmentClassification(truth: ["a", "b", "a", "b"], predicted: ["a", "b", "b", "b"], bootstrap: options))
        let mcnemar = try McNemarTest(onlyFirstCorrect: 3, onlySecondCorrect: 9)
        result.add("threshold vs other", mcnemar)
        result.add("methods", try RankComparison(
            methods: ["a", "b", "c"], units: ["f1", "f2", "f3", "f4"],
            scores: [[0.9, 0.8, 0.7], [0.85, 0.8, 0.6], [0.7, 0.75, 0.5], [0.95, 0.9, 0.8]]))
        return result
    }

    @Test func sameInputsAndSeedGiveTheSameBytes() throws {
        let a = TemporaryFolder.root.appendingPathComponent("gesturelab-eval-\(UUID().uuidString)")
        let b = TemporaryFolder.root.appendingPathComponent("gesturelab-eval-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        let filesA = try makeResult(seed: 5).write(to: a)
        let filesB = try makeResult(seed: 5).write(to: b)
        #expect(filesA.map(\.lastPathComponent) == filesB.map(\.lastPathComponent))
        #expect(filesA.map(\.lastPathComponent).contains("evaluation.threshold_confusion.csv"))
        for (x, y) in zip(filesA, filesB) { #expect(try Data(contentsOf: x) == Data(contentsOf: y), "\(x.lastPathComponent)") }
        let other = try makeResult(seed: 6).jsonData()
        #expect(try Data(contentsOf: filesA[0]) != other)
    }

    @Test func recordsProvenanceAndRoundTrips() throws {
        let result = try makeResult(seed: 5)
        let data = try result.jsonData()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"packageVersion\" : \"\(GestureLabVersion.current)\""))
        #expect(text.contains("\"checksum\" : \"fnv1a64:"))
        #expect(text.contains("\"seed\" : 5"))
        #expect(try EvaluationResult(jsonData: data) == result)
        let f1 = try #require(result.metrics.first { $0.scope == "threshold" && $0.name == "f1" })
        // The recordings are of several subjects: the interval draws them, and says so.
        #expect(f1.interval?.method == "cluster-bootstrap-percentile" && f1.interval?.units?.kind == .subjects)
        #expect(result.metrics.contains { $0.scope == "threshold/subject s1" && $0.name == "truePositives" && $0.value == 4 })
        #expect(result.tables["threshold/confusion"]?["flip", "shake"] == 1)
        #expect(result.tables["threshold/direction"] == nil) // labels name no direction
        // The typed lookup finds the table by kind, under the key the file has always used.
        let confusions = result.tables(.confusion)
        #expect(confusions.count == result.tables.count && result.tables(.direction).isEmpty)
        #expect(confusions.contains { $0.scope == "threshold" && $0.matrix == result.tables["threshold/confusion"] })
        #expect(result.metrics.contains { $0.scope == "threshold vs other" && $0.name == "mcnemar.p" && $0.value == mcnemar(3, 9) })
        let ranks = try #require(result.rankComparisons["methods"])
        #expect(ranks.diagram.entries.map(\.method) == ["a", "b", "c"] && ranks.friedman.averageRanks == [1.25, 1.75, 3])
        let csv = result.metricsCSV.split(separator: "\n")
        #expect(csv.first == "scope,name,value,lower,upper,level,method,over" && csv.count == result.metrics.count + 1)
        #expect(csv.contains { $0.hasPrefix("threshold,f1,") && $0.hasSuffix(",\(f1.interval!.units!)") })
    }

    private func mcnemar(_ b: Int, _ c: Int) -> Double { (try? McNemarTest(onlyFirstCorrect: b, onlySecondCorrect: c).pValue) ?? .nan }

    @Test func checksumDependsOnContents() {
        let a = Dataset(name: "d", kind: .continuous, recordings: [recording("r", [Annotation(start: 1, end: 2, label: "x")])])
        var b = a
        b.recordings[0].annotations[0].end = 2.000001
        var c = a
        c.recordings[0].subject = "s2"
        #expect(a.checksum == Dataset(name: "d", kind: .continuous, recordings: [recording("r", [Annotation(start: 1, end: 2, label: "x")])]).checksum)
        #expect(Set([a.checksum, b.checksum, c.checksum]).count == 3)
        #expect(a.checksum.count == "fnv1a64:".count + 16)
    }

    @Test func writeFailureNamesTheFile() throws {
        let file = TemporaryFolder.root.appendingPathComponent("gesturelab-eval-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: DataFileError.self) { try makeResult(seed: 1).write(to: file) }
    }
}
