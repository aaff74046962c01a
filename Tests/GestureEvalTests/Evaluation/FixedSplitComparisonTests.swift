import Foundation
import GestureEval
import GestureTestSupport
import Testing

/// End to end on real data: the UCR archive's fixed TRAIN/TEST split as a ``FoldAssignment``,
/// a 1-nearest-neighbour ``Trainer`` that sees only TRAIN, ``SegmentClassification`` on TEST, and
/// the published 1-NN Euclidean error rates (BASELINES.md, exact on these five sets) reproduced.
/// Two further configurations feed McNemar, Friedman/Nemenyi and Holm-Wilcoxon comparisons
/// (printed as tables when `GESTURELAB_PRINT_TABLES` is set).
@Suite struct FixedSplitComparisonTests {
    /// Published ED error rates of sets where ED reproduces exactly (AllGestureWiimoteY lacks its adjusted TEST file).
    static let published: [(String, Double)] = [
        ("ShakeGestureWiimoteZ", 0.4000), ("PickupGestureWiimoteZ", 0.4400), ("GesturePebbleZ1", 0.2674),
        ("AllGestureWiimoteX", 0.4843), ("AllGestureWiimoteZ", 0.5457),
    ]

    enum Distance: String, CaseIterable { case euclideanZ = "ED z-norm", euclideanRaw = "ED raw", manhattanZ = "L1 z-norm" }

    /// 1-NN over the training recordings' `value` column.
    struct NearestNeighbour: Trainer {
        var distance: Distance
        struct Model { var series: [[Double]]; var labels: [String]; var distance: Distance }

        func train(on recordings: [Recording]) -> Model {
            Model(series: recordings.map { prepare($0.column("value")!, distance) }, labels: recordings.map { $0.annotations[0].label }, distance: distance)
        }

        func classify(_ model: Model, _ recording: Recording) -> String {
            let query = prepare(recording.column("value")!, distance)
            var best = Double.infinity, label = ""
            for (candidate, l) in zip(model.series, model.labels) {
                var d = 0.0
                candidate.withUnsafeBufferPointer { c in
                    query.withUnsafeBufferPointer { q in
                        for i in 0..<min(c.count, q.count) {
                            let diff = c[i] - q[i]
                            d += distance == .manhattanZ ? abs(diff) : diff * diff
                        }
                    }
                }
                if d < best { best = d; label = l }
            }
            return label
        }
    }

    static func prepare(_ x: [Double], _ distance: Distance) -> [Double] { distance == .euclideanRaw ? x : zNormalised(x) }

    static func zNormalised(_ x: [Double]) -> [Double] {
        let mean = x.reduce(0, +) / Double(x.count)
        let sd = (x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(x.count)).squareRoot()
        return x.map { sd > 0 ? ($0 - mean) / sd : 0 }
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

    func prepare(_ x: [Double], _ distance: Distance) -> [Double] { Self.prepare(x, distance) }

    @Test func reproducesPublishedErrorsAndComparesConfigurations() throws {
        let options = BootstrapOptions(replicates: 1000, seed: 2019)
        var accuracy: [[Double]] = []
        var lines: [String] = ["| dataset | method | error | 95% CI (Wilson) | macro-F1 [bootstrap CI] | kappa |", "|---|---|---|---|---|---|"]
        var mcnemarLines: [String] = ["| dataset | comparison | b | c | method | p |", "|---|---|---|---|---|---|"]
        for (name, publishedError) in Self.published {
            let dataset = try Self.load(name)
            let folds = try FoldAssignment(.fixed(trainSession: "TRAIN", testSession: "TEST"), dataset: dataset)
            var results: [SegmentClassification] = []
            for distance in Distance.allCases {
                let trainer = NearestNeighbour(distance: distance)
                let predictions = try CrossValidation.run(trainer, dataset: dataset, folds: folds) { model, test, _ in
                    (test.map { $0.annotations[0].label }, test.map { trainer.classify(model, $0) })
                }[0]
                let result = try SegmentClassification(truth: predictions.0, predicted: predictions.1, bootstrap: options)
                results.append(result)
                let ci = result.accuracy.interval!, f1 = result.macroF1
                lines.append("| \(name) | \(distance.rawValue) | \(fmt(result.error.value)) | [\(fmt(1 - ci.upper)), \(fmt(1 - ci.lower))] | \(fmt(f1.value)) [\(fmt(f1.interval!.lower)), \(fmt(f1.interval!.upper))] | \(fmt(result.kappa.value)) |")
            }
            // The published 1-NN ED error (rounded to 4 decimals) is reproduced, inside its interval.
            #expect(abs(results[0].error.value - publishedError) < 0.00005, "\(name): \(results[0].error.value) vs \(publishedError)")
            #expect(results[0].error.interval!.lower < publishedError && publishedError < results[0].error.interval!.upper)
            for other in 1..<Distance.allCases.count {
                let m = try McNemarTest(firstCorrect: results[0].correct, secondCorrect: results[other].correct)
                #expect((0...1).contains(m.pValue))
                mcnemarLines.append("| \(name) | \(Distance.euclideanZ.rawValue) vs \(Distance.allCases[other].rawValue) | \(m.onlyFirstCorrect) | \(m.onlySecondCorrect) | \(m.method.rawValue) | \(fmt(m.pValue, 4)) |")
            }
            accuracy.append(results.map(\.accuracy.value))
        }
        let friedman = try FriedmanTest(scores: accuracy)
        let nemenyi = try NemenyiTest(friedman: friedman)
        let diagram = try CriticalDifferenceData(nemenyi: nemenyi, names: Distance.allCases.map(\.rawValue))
        let holm = try PairwiseWilcoxon(scores: accuracy)
        #expect(friedman.datasets == 5 && abs(friedman.averageRanks.reduce(0, +) - 6) < 1e-12)
        #expect(abs(nemenyi.criticalDifference - nemenyi.q * (3.0 * 4 / (6 * 5)).squareRoot()) < 1e-12)
        if ProcessInfo.processInfo.environment["GESTURELAB_PRINT_TABLES"] != nil {
            print((lines + [""] + mcnemarLines).joined(separator: "\n"))
            print("Friedman χ²_F = \(fmt(friedman.chiSquare)) (p = \(fmt(friedman.pValue))), Iman–Davenport F = \(fmt(friedman.imanDavenportF)) (p = \(fmt(friedman.imanDavenportPValue)))")
            print("average ranks: " + diagram.entries.map { "\($0.method) \(fmt($0.averageRank))" }.joined(separator: ", ") + "; Nemenyi q₀.₀₅ = \(fmt(nemenyi.q)), CD = \(fmt(nemenyi.criticalDifference)); cliques \(diagram.cliques)")
            print("Holm-Wilcoxon: " + holm.pairs.map { "\(Distance.allCases[$0.first].rawValue)–\(Distance.allCases[$0.second].rawValue) p = \(fmt($0.test.pValue)) (Holm \(fmt($0.adjustedPValue)))" }.joined(separator: "; "))
        }
    }
}

private func fmt(_ x: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", x) }
