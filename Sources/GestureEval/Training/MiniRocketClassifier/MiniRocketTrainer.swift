import Foundation
import GestureKit
import GestureData

/// Trains a ``GestureKit/MiniRocketModel``: fits the MiniRocket transform to the training series, standardises their
/// features with the training mean and standard deviation, and fits a ``RidgeClassifierCV`` — the pipeline of
/// aeon's `MiniRocketClassifier` (MiniRocket, `StandardScaler`, `RidgeClassifierCV(np.logspace(-3, 3, 10))`).
package struct MiniRocketTrainer: Sendable {
    /// Features asked for (rounded down to a multiple of 84).
    package var featureCount: Int
    /// Most dilations per kernel.
    package var maxDilationsPerKernel: Int
    /// The seed of the channel subsets and of the series each bias is drawn from.
    package var seed: UInt64
    /// The ridge penalties tried by leave-one-out.
    package var alphas: [Double]
    /// What is done with segments of other lengths.
    package var lengthPolicy: MiniRocketModel.LengthPolicy
    /// Whether the ridge weighs each example by n / (classes · n_c), scikit-learn's `class_weight="balanced"`
    /// (``RidgeClassifierCV/balancedWeights(labels:)``), so every class carries the same weight; otherwise all weigh 1.
    package var balancedClassWeights: Bool

    /// Creates a trainer with the published defaults (9,996 features, 32 dilations per kernel at most).
    package init(featureCount: Int = MiniRocket.defaultFeatureCount, maxDilationsPerKernel: Int = MiniRocket.defaultMaxDilationsPerKernel,
                seed: UInt64 = 0, alphas: [Double] = RidgeClassifierCV.defaultAlphas, lengthPolicy: MiniRocketModel.LengthPolicy = .asRecorded,
                balancedClassWeights: Bool = false) {
        self.featureCount = featureCount
        self.maxDilationsPerKernel = maxDilationsPerKernel
        self.seed = seed
        self.alphas = alphas
        self.lengthPolicy = lengthPolicy
        self.balancedClassWeights = balancedClassWeights
    }

    /// The model learned from `series` (one dimension per channel of `channels`, at `samplingRate` Hz) and their
    /// `labels`; the transform runs on ``Parallelism/threads`` threads.
    ///
    /// - Complexity: O(N · cost of one transform / threads + N²·F + N³) for N series and F features.
    package func train(_ series: [DTWSeries], labels: [String], channels: [MotionChannel], samplingRate: Double) throws(MiniRocketError) -> MiniRocketModel {
        guard series.count == labels.count else {
            throw .invalidSetting(key: "labels", "\(labels.count) labels for \(series.count) series")
        }
        guard !series.isEmpty else { throw .noExamples }
        var inputs = series
        if lengthPolicy == .resampled {
            let length = max(2, series.map(\.length).max() ?? 2)
            let resampling = DTWPreprocessing(resampledLength: length)
            for i in inputs.indices {
                do { inputs[i] = try resampling.apply(inputs[i]) } catch { throw .invalidSetting(key: "lengthPolicy", error.description) }
            }
        }
        let transform = try MiniRocket(fitting: inputs, featureCount: featureCount, maxDilationsPerKernel: maxDilationsPerKernel, seed: seed,
                                           threads: Parallelism.threads)
        let features = try transform.transform(inputs, threads: Parallelism.threads)
        let (standardised, means, scales) = Self.standardised(features, rows: series.count, columns: transform.featureCount)
        let fit: RidgeClassifierCV.Fit
        let weights = balancedClassWeights ? RidgeClassifierCV.balancedWeights(labels: labels) : nil
        do {
            fit = try RidgeClassifierCV(alphas: alphas).fit(features: consume standardised, featureCount: transform.featureCount, labels: labels,
                                                            sampleWeights: weights)
        } catch {
            throw .invalidSetting(key: "ridge", error.description)
        }
        let model = MiniRocketModel(channels: channels, samplingRate: samplingRate, lengthPolicy: lengthPolicy, transform: transform,
                                    featureMeans: means, featureScales: scales, labels: fit.classes, weights: fit.weights,
                                    intercepts: fit.intercepts, alpha: fit.alpha, seed: seed)
        do { try model.validate() } catch { throw .invalidSetting(key: error.key, error.message) }
        return model
    }

    /// Each feature minus its mean over the rows, divided by its (population) standard deviation, or by 1 where that
    /// is 0 (scikit-learn's `StandardScaler`), with the means and scales: GestureKit's
    /// (``GestureKit/MiniRocketModel/standardised(_:rows:columns:)``), which adaptation re-estimates by. O(rows × columns).
    static func standardised(_ features: [Float], rows: Int, columns: Int) -> (values: [Double], means: [Double], scales: [Double]) {
        MiniRocketModel.standardised(features, rows: rows, columns: columns)
    }
}
