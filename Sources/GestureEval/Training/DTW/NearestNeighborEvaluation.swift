import Foundation
import GestureKit
import GestureData

/// k-nearest-neighbour DTW classification of a test split with a training split — the protocol of the UCR
/// archive's published baselines (1-NN, every training series a template).
package struct NearestNeighborEvaluation: Sendable {
    /// The outcome.
    package struct Result: Hashable, Sendable, Codable {
        /// Correct / total.
        package var accuracy: Double
        /// 1 − accuracy.
        package var error: Double
        /// Correctly classified test series.
        package var correct: Int
        /// Test series.
        package var total: Int
        /// The band used, fraction of the length.
        package var band: Double
        /// Whether the band was learned by leave-one-out on the training split.
        package var bandLearned: Bool
        /// Leave-one-out scores of the bands tried (empty when the band was given).
        package var bandScores: [DTWBandScore]
        /// Neighbours voting.
        package var k: Int
        /// Predicted label per test series, in file order.
        package var predictions: [String]
        /// Cascade counts for the test classification.
        package var statistics: DTWSearchStatistics
        /// Test series whose nearest template differs in length by more than 4×.
        package var lengthWarnings: Int
    }

    /// Neighbours voting (majority; ties go to the class of the nearest among the tied).
    package var k: Int
    /// A fixed band, or `nil` to learn it by leave-one-out over 0–20 %.
    package var band: Double?
    /// Applied to every series.
    package var preprocessing: DTWPreprocessing
    /// Dependent or independent multivariate DTW.
    package var multivariate: DTW.Multivariate
    /// The series' sampling rate, Hz, needed by ``DTWPreprocessing/downsampleRate`` (`nil` = unknown).
    package var samplingRate: Double?

    /// Creates an evaluation.
    package init(k: Int = 1, band: Double? = nil, preprocessing: DTWPreprocessing = .none, multivariate: DTW.Multivariate = .dependent,
                samplingRate: Double? = nil) {
        self.k = k
        self.samplingRate = samplingRate
        self.band = band
        self.preprocessing = preprocessing
        self.multivariate = multivariate
    }

    /// Classifies `test` with `train`: every preprocessed training series becomes a template of a ``DTWModel``
    /// without rejection, and the test series go through that model's ``DTWClassifier`` (its preprocessing and
    /// nearest-neighbour search), the path `gesturelab compare` takes; with `k` > 1 the `k` nearest vote.
    ///
    /// - Throws: ``DTWTrainingError`` naming the series or setting at fault.
    /// - Complexity: O(T·N·n·w) for T test and N training series of length n and band w in the worst case (the
    ///   lower-bound cascade usually prunes most of it), plus up to 21 leave-one-out passes over the training split
    ///   when the band is learned.
    package func run(train: [LabelledSeries], test: [LabelledSeries]) throws(DTWTrainingError) -> Result {
        guard !train.isEmpty else { throw .noExamples }
        guard k >= 1 else { throw .invalidSetting(key: "k", "must be at least 1, got \(k)") }
        let trainSeries = try Self.series(train, what: "training", preprocessing: preprocessing, samplingRate: samplingRate)
        // Raw: the classifier preprocesses what it compares.
        let testSeries = try Self.series(test, what: "test")
        let trainLabels = train.map(\.label)
        var scores: [DTWBandScore] = []
        var chosen = band ?? 0
        if band == nil {
            (chosen, scores) = try DTWTrainer.learnBand(trainSeries, labels: trainLabels, candidates: (0...20).map { Double($0) / 100 },
                                                        multivariate: multivariate)
        }
        let classifier = try classifier(templates: trainSeries, labels: trainLabels, band: chosen)
        let found: (queries: [DTWSeries], neighbors: [[DTWNeighbor]], statistics: DTWSearchStatistics)
        do { found = try classifier.nearest(to: testSeries, k: k, threads: Parallelism.threads) } catch { throw .invalidSetting(key: "series", error.description) }
        var predictions: [String] = []
        var correct = 0, warnings = 0
        for (i, neighbors) in found.neighbors.enumerated() {
            let nearest = classifier.classification(query: found.queries[i], nearest: neighbors[0])
            let label = k == 1 ? nearest.nearestLabel : Self.vote(neighbors, labels: trainLabels)
            predictions.append(label)
            if label == test[i].label { correct += 1 }
            if nearest.warning != nil { warnings += 1 }
        }
        let accuracy = test.isEmpty ? 0 : Double(correct) / Double(test.count)
        return Result(accuracy: accuracy, error: 1 - accuracy, correct: correct, total: test.count, band: chosen,
                      bandLearned: band == nil, bandScores: scores, k: k, predictions: predictions,
                      statistics: found.statistics, lengthWarnings: warnings)
    }

    /// The classifier whose templates are the preprocessed training series: one model channel per dimension
    /// (`dim1`, `dim2`, …), no rejection, this evaluation's preprocessing for the queries.
    private func classifier(templates: [DTWSeries], labels: [String], band: Double) throws(DTWTrainingError) -> DTWClassifier {
        let dtw: DTW
        do { dtw = try DTW(band: band, multivariate: multivariate) } catch { throw .invalidSetting(key: "band", error.description) }
        // The rate matters only to downsampling, which has already failed on the training split without one.
        let model = DTWModel(channels: (1...templates[0].dimensions).map(MotionChannel.dimension), samplingRate: samplingRate ?? 1,
                             dtw: dtw, preprocessing: preprocessing,
                             templates: zip(labels, templates).map { DTWModel.Template(label: $0, series: $1) }, rejectionK: nil)
        do { return try DTWClassifier(model: model) } catch { throw .invalidSetting(key: "series", error.description) }
    }

    /// The majority label of `neighbors` (closest first); a tie goes to the class of the nearest among the tied. O(k).
    private static func vote(_ neighbors: [DTWNeighbor], labels: [String]) -> String {
        var votes: [String: Int] = [:]
        for n in neighbors { votes[labels[n.index], default: 0] += 1 }
        let top = votes.values.max() ?? 0
        return neighbors.first { votes[labels[$0.index]] == top }.map { labels[$0.index] } ?? ""
    }

    /// Each example as a series named `"<what> series <n>"`, preprocessed when `preprocessing` is given; an
    /// example that cannot be used is an error naming its index. O(total length).
    static func series(_ examples: [LabelledSeries], what: String, preprocessing: DTWPreprocessing? = nil,
                       samplingRate: Double? = nil) throws(DTWTrainingError) -> [DTWSeries] {
        var out: [DTWSeries] = []
        out.reserveCapacity(examples.count)
        for (i, e) in examples.enumerated() {
            do {
                let series = try DTWSeries(dimensions: e.dimensions, name: "\(what) series \(i + 1)")
                if let preprocessing {
                    out.append(try preprocessing.apply(series, samplingRate: samplingRate))
                } else {
                    out.append(series)
                }
            } catch { throw .invalidExample(index: i, reason: error.description) }
        }
        return out
    }
}
