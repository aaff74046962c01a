import Foundation
import GestureKit
import GestureData

/// MiniRocket classification of a test split with a model trained on a training split (the UCR and UEA archives'
/// fixed split), as aeon's `MiniRocketClassifier` is evaluated.
package struct MiniRocketEvaluation: Sendable {
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
        /// The ridge penalty chosen by leave-one-out.
        package var alpha: Double
        /// Features per series.
        package var features: Int
        /// The transform's dilations, samples.
        package var dilations: [Int]
        /// Predicted label per test series, in file order.
        package var predictions: [String]
        /// Seconds spent training (transform fit, training features, scaler, ridge).
        package var trainingSeconds: Double
        /// Seconds spent classifying the test split (its features and scores).
        package var predictionSeconds: Double
    }

    /// How the model is trained.
    package var trainer: MiniRocketTrainer

    /// Creates an evaluation.
    package init(trainer: MiniRocketTrainer = MiniRocketTrainer()) {
        self.trainer = trainer
    }

    /// Trains on `train` and classifies `test`; series in the archive's units, one model channel per dimension
    /// (`dim1`, `dim2`, …), threads as ``Parallelism/threads``.
    ///
    /// - Throws: ``GestureKit/MiniRocketError`` naming the series or setting at fault.
    /// - Complexity: that of ``MiniRocketTrainer/train(_:labels:channels:samplingRate:)`` plus one transform per test series.
    package func run(train: [LabelledSeries], test: [LabelledSeries]) throws(MiniRocketError) -> Result {
        guard let first = train.first else { throw .noExamples }
        let trainSeries: [DTWSeries], testSeries: [DTWSeries]
        do {
            trainSeries = try NearestNeighborEvaluation.series(train, what: "training")
            testSeries = try NearestNeighborEvaluation.series(test, what: "test")
        } catch { throw .invalidSetting(key: "series", error.description) }
        let started = Date()
        let model = try trainer.train(trainSeries, labels: train.map(\.label),
                                      channels: (1...first.dimensions.count).map(MotionChannel.dimension), samplingRate: 1)
        let trained = Date()
        let classifier: MiniRocketClassifier
        do { classifier = try MiniRocketClassifier(model: model) } catch { throw .invalidSetting(key: error.key, error.message) }
        let predictions = try classifier.classify(testSeries, threads: Parallelism.threads).map(\.label)
        let finished = Date()
        let correct = zip(predictions, test).filter { $0 == $1.label }.count
        let accuracy = test.isEmpty ? 0 : Double(correct) / Double(test.count)
        return Result(accuracy: accuracy, error: 1 - accuracy, correct: correct, total: test.count, alpha: model.alpha,
                      features: model.transform.featureCount, dilations: model.transform.dilations, predictions: predictions,
                      trainingSeconds: trained.timeIntervalSince(started), predictionSeconds: finished.timeIntervalSince(trained))
    }
}
