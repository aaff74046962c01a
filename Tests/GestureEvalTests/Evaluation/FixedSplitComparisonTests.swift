import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// End to end on real data: the UCR archive's fixed TRAIN/TEST split as a ``FoldAssignment``, the
/// project's 1-NN engine (``NearestNeighborEvaluation``) trained on TRAIN only through ``CrossValidation``,
/// ``SegmentClassification`` on TEST, and the published 1-NN Euclidean error rates (BASELINES.md, exact on
/// these five sets) reproduced. Euclidean distance is DTW with a zero band. Two further configurations feed
/// McNemar, Friedman/Nemenyi and Holm-Wilcoxon comparisons (printed as tables when `GESTURELAB_PRINT_TABLES`
/// is set).
@Suite(.needsSharedData) struct FixedSplitComparisonTests {
    /// Published ED error rates of sets where ED reproduces exactly (AllGestureWiimoteY lacks its adjusted TEST file).
    static let published: [(String, Double)] = [
        ("ShakeGestureWiimoteZ", 0.4000), ("PickupGestureWiimoteZ", 0.4400), ("GesturePebbleZ1", 0.2674),
        ("AllGestureWiimoteX", 0.4843), ("AllGestureWiimoteZ", 0.5457),
    ]

    static let zNormalised = DTWPreprocessing(zNormalizationFloor: DTWPreprocessing.defaultFloor)

    /// The compared configurations; the first is the published baseline.
    static let methods: [(name: String, evaluation: NearestNeighborEvaluation)] = [
        ("ED z-norm", NearestNeighborEvaluation(band: 0, preprocessing: zNormalised)),
        ("ED raw", NearestNeighborEvaluation(band: 0, preprocessing: .none)),
        ("DTW 10% z-norm", NearestNeighborEvaluation(band: 0.1, preprocessing: zNormalised)),
    ]

    /// The training recordings as labelled series: 1-NN keeps every training series as a template.
    struct Templates {
        func train(on recordings: [Recording]) -> [LabelledSeries] { recordings.map(FixedSplitComparisonTests.series) }
    }

    static func series(_ recording: Recording) -> LabelledSeries {
        LabelledSeries(label: recording.annotations[0].label, dimensions: [recording.column("value")!])
    }

    /// TRAIN and TEST rows (NaN-adjusted files, fixed width) as one segment dataset with sessions TRAIN / TEST.
    static func load(_ name: String) throws -> Dataset {
        var recordings: [Recording] = []
        for part in ["TRAIN", "TEST"] {
            let url = try #require(SharedData.dataset("\(name)/Missing_value_and_variable_length_datasets_adjusted/\(name)_\(part).tsv"))
            for (i, example) in try UCRArchive.read(contentsOf: url, padding: .keep).enumerated() {
                let values = example.dimensions[0]
                recordings.append(Recording(id: "\(part)-\(i)", session: part, timestamps: values.indices.map(Double.init),
                                            channels: [("value", values)], annotations: [Annotation(start: 0, end: Double(values.count - 1), label: example.label)]))
            }
        }
        return Dataset(name: name, kind: .segments, recordings: recordings)
    }

    @Test func reproducesPublishedErrorsAndComparesConfigurations() throws {
        let options = BootstrapOptions(replicates: 1000, seed: 2019)
        var accuracy: [[Double]] = []
        var lines: [String] = ["| dataset | method | error | 95% CI (Wilson) | macro-F1 [bootstrap CI] | kappa |", "|---|---|---|---|---|---|"]
        var mcnemarLines: [String] = ["| dataset | comparison | b | c | method | p |", "|---|---|---|---|---|---|"]
        for (name, publishedError) in Self.published {
            let dataset = try Self.load(name)
            let folds = try FoldAssignment(.fixed(trainSession: "TRAIN", testSession: "TEST"), dataset: dataset)
            var results: [SegmentClassification] = []
            for method in Self.methods {
                let predictions = try folds.run(on: dataset, train: Templates().train) { train, test, _ in
                    let series = test.map(Self.series)
                    return (series.map(\.label), try method.evaluation.run(train: train, test: series).predictions)
                }[0]
                let result = try SegmentClassification(truth: predictions.0, predicted: predictions.1, bootstrap: options)
                results.append(result)
                let ci = result.accuracy.interval!, f1 = result.macroF1
                lines.append("| \(name) | \(method.name) | \(fmt(result.error.value)) | [\(fmt(1 - ci.upper)), \(fmt(1 - ci.lower))] | \(fmt(f1.value)) [\(fmt(f1.interval!.lower)), \(fmt(f1.interval!.upper))] | \(fmt(result.kappa.value)) |")
            }
            // The published 1-NN ED error (rounded to 4 decimals) is reproduced, inside its interval.
            #expect(abs(results[0].error.value - publishedError) < 0.00005, "\(name): \(results[0].error.value) vs \(publishedError)")
            #expect(results[0].error.interval!.lower < publishedError && publishedError < results[0].error.interval!.upper)
            for other in 1..<Self.methods.count {
                let m = try McNemarTest(firstCorrect: results[0].correct, secondCorrect: results[other].correct)
                #expect((0...1).contains(m.pValue))
                mcnemarLines.append("| \(name) | \(Self.methods[0].name) vs \(Self.methods[other].name) | \(m.onlyFirstCorrect) | \(m.onlySecondCorrect) | \(m.method.rawValue) | \(fmt(m.pValue, 4)) |")
            }
            accuracy.append(results.map(\.accuracy.value))
        }
        let friedman = try FriedmanTest(scores: accuracy)
        let nemenyi = try NemenyiTest(friedman: friedman)
        let diagram = try CriticalDifferenceData(nemenyi: nemenyi, names: Self.methods.map(\.name))
        let holm = try PairwiseWilcoxon(scores: accuracy)
        #expect(friedman.datasets == 5 && abs(friedman.averageRanks.reduce(0, +) - 6) < 1e-12)
        #expect(abs(nemenyi.criticalDifference - nemenyi.q * (3.0 * 4 / (6 * 5)).squareRoot()) < 1e-12)
        if ProcessInfo.processInfo.environment["GESTURELAB_PRINT_TABLES"] != nil {
            print((lines + [""] + mcnemarLines).joined(separator: "\n"))
            print("Friedman χ²_F = \(fmt(friedman.chiSquare)) (p = \(fmt(friedman.pValue))), Iman–Davenport F = \(fmt(friedman.imanDavenportF)) (p = \(fmt(friedman.imanDavenportPValue)))")
            print("average ranks: " + diagram.entries.map { "\($0.method) \(fmt($0.averageRank))" }.joined(separator: ", ") + "; Nemenyi q₀.₀₅ = \(fmt(nemenyi.q)), CD = \(fmt(nemenyi.criticalDifference)); cliques \(diagram.cliques)")
            print("Holm-Wilcoxon: " + holm.pairs.map { "\(Self.methods[$0.first].name)–\(Self.methods[$0.second].name) p = \(fmt($0.test.pValue)) (Holm \(fmt($0.adjustedPValue)))" }.joined(separator: "; "))
        }
    }
}

private func fmt(_ x: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", x) }
