import Foundation
import GestureKit

/// k-nearest-neighbour DTW classification of a test split with a training split — the protocol of the UCR
/// archive's published baselines (1-NN, every training series a template).
public struct NearestNeighborEvaluation: Sendable {
    /// The outcome.
    public struct Result: Hashable, Sendable, Codable {
        /// Correct / total.
        public var accuracy: Double
        /// 1 − accuracy.
        public var error: Double
        /// Correctly classified test series.
        public var correct: Int
        /// Test series.
        public var total: Int
        /// The band used, fraction of the length.
        public var band: Double
        /// Whether the band was learned by leave-one-out on the training split.
        public var bandLearned: Bool
        /// Leave-one-out scores of the bands tried (empty when the band was given).
        public var bandScores: [DTWBandScore]
        /// Neighbours voting.
        public var k: Int
        /// Predicted label per test series, in file order.
        public var predictions: [String]
        /// Cascade counts for the test classification.
        public var statistics: DTWSearchStatistics
        /// Test series whose nearest template differs in length by more than 4×.
        public var lengthWarnings: Int
    }

    /// Neighbours voting (majority; ties go to the class of the nearest among the tied).
    public var k: Int
    /// A fixed band, or `nil` to learn it by leave-one-out over 0–20 %.
    public var band: Double?
    /// Applied to every series.
    public var preprocessing: DTWPreprocessing
    /// Dependent or independent multivariate DTW.
    public var multivariate: DTW.Multivariate
    /// The series' sampling rate, Hz, needed by ``DTWPreprocessing/downsampleRate`` (`nil` = unknown).
    public var samplingRate: Double?

    /// Creates an evaluation.
    public init(k: Int = 1, band: Double? = nil, preprocessing: DTWPreprocessing = .none, multivariate: DTW.Multivariate = .dependent,
                samplingRate: Double? = nil) {
        self.k = k
        self.samplingRate = samplingRate
        self.band = band
        self.preprocessing = preprocessing
        self.multivariate = multivariate
    }

    /// Classifies `test` with `train`.
    public func run(train: [LabelledSeries], test: [LabelledSeries]) throws(DTWTrainingError) -> Result {
        guard !train.isEmpty else { throw .noExamples }
        guard k >= 1 else { throw .invalidSetting(key: "k", "must be at least 1, got \(k)") }
        let trainSeries = try Self.prepare(train, preprocessing, samplingRate: samplingRate, what: "training")
        let testSeries = try Self.prepare(test, preprocessing, samplingRate: samplingRate, what: "test")
        let trainLabels = train.map(\.label)
        var scores: [DTWBandScore] = []
        var chosen = band ?? 0
        if band == nil {
            (chosen, scores) = try DTWTrainer.learnBand(trainSeries, labels: trainLabels, candidates: (0...20).map { Double($0) / 100 },
                                                        multivariate: multivariate)
        }
        let neighbors: [[DTWNeighbor]]
        let statistics: DTWSearchStatistics
        do {
            let index = try DTWIndex(templates: trainSeries, dtw: try DTW(band: chosen, multivariate: multivariate))
            (neighbors, statistics) = try index.nearest(to: testSeries, k: k)
        } catch { throw .invalidSetting(key: "series", error.description) }
        var predictions: [String] = []
        var correct = 0, warnings = 0
        for (i, found) in neighbors.enumerated() {
            var votes: [String: Int] = [:]
            for n in found { votes[trainLabels[n.index], default: 0] += 1 }
            let top = votes.values.max() ?? 0
            // Ties: the nearest neighbour whose class has the top vote.
            let label = found.first { votes[trainLabels[$0.index]] == top }.map { trainLabels[$0.index] } ?? ""
            predictions.append(label)
            if label == test[i].label { correct += 1 }
            if let nearest = found.first {
                let a = Double(trainSeries[nearest.index].length), b = Double(testSeries[i].length)
                if max(a, b) / min(a, b) > DTWClassifier.lengthRatioWarning { warnings += 1 }
            }
        }
        let accuracy = test.isEmpty ? 0 : Double(correct) / Double(test.count)
        return Result(accuracy: accuracy, error: 1 - accuracy, correct: correct, total: test.count, band: chosen,
                      bandLearned: band == nil, bandScores: scores, k: k, predictions: predictions,
                      statistics: statistics, lengthWarnings: warnings)
    }

    static func prepare(_ examples: [LabelledSeries], _ preprocessing: DTWPreprocessing, samplingRate: Double? = nil, what: String) throws(DTWTrainingError) -> [DTWSeries] {
        var out: [DTWSeries] = []
        out.reserveCapacity(examples.count)
        for (i, e) in examples.enumerated() {
            do {
                out.append(try preprocessing.apply(try DTWSeries(dimensions: e.dimensions, name: "\(what) series \(i + 1)"),
                                                  samplingRate: samplingRate))
            } catch { throw .invalidExample(index: i, reason: error.description) }
        }
        return out
    }
}
