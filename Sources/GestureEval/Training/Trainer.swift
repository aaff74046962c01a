import GestureData
/// Something that learns a model from training recordings only: thresholds, templates,
/// Sakoe–Chiba bands, rejection distances.
///
/// The protocol is the guard against leakage: ``train(on:)`` receives the training recordings of
/// one fold and nothing else, so no test recording can influence the model.
public protocol Trainer {
    /// What training produces (for example a configured recognizer or a template set).
    associatedtype Model
    /// The error training can fail with.
    associatedtype Failure: Error

    /// Learns a model from `recordings` (the training part of one fold).
    func train(on recordings: [Recording]) throws(Failure) -> Model
}

/// The trainer of a method that learns nothing (a rule-based recognizer with a fixed preset):
/// every fold gets the same `model`, so fixed and trained methods run through the same folds.
public struct Untrained<Model>: Trainer {
    /// The model every fold uses.
    public var model: Model

    /// Wraps `model`.
    public init(_ model: Model) { self.model = model }

    /// Returns ``model``, ignoring the recordings. O(1).
    public func train(on recordings: [Recording]) -> Model { model }
}

/// Runs train-then-test over shared folds.
public enum CrossValidation {
    /// For each fold of `folds` (which must index into `dataset`), trains `trainer` on the fold's
    /// training recordings and calls `test` with the model and the fold's test recordings.
    /// Folds run in order; results are in fold order. O(Σ training + testing cost).
    ///
    /// - Throws: ``CrossValidationError/datasetMismatch(expected:actual:)`` when the folds were
    ///   computed for another dataset, or the trainer's / tester's error wrapped with its fold.
    public static func run<T: Trainer, Result>(
        _ trainer: T,
        dataset: Dataset,
        folds: FoldAssignment,
        test: (_ model: T.Model, _ testRecordings: [Recording], _ fold: Fold) throws -> Result
    ) throws(CrossValidationError) -> [Result] {
        let checksum = dataset.checksum
        guard checksum == folds.datasetChecksum else {
            throw .datasetMismatch(expected: folds.datasetChecksum, actual: checksum)
        }
        var results: [Result] = []
        for fold in folds.folds {
            let model: T.Model
            do {
                model = try trainer.train(on: fold.train.map { dataset.recordings[$0] })
            } catch {
                throw .training(fold: fold.index, message: String(describing: error))
            }
            do {
                results.append(try test(model, fold.test.map { dataset.recordings[$0] }, fold))
            } catch {
                throw .testing(fold: fold.index, message: String(describing: error))
            }
        }
        return results
    }
}

/// Why cross-validation stopped.
public enum CrossValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The folds index into a different dataset (checksums differ).
    case datasetMismatch(expected: String, actual: String)
    /// Training failed in a fold.
    case training(fold: Int, message: String)
    /// Testing failed in a fold.
    case testing(fold: Int, message: String)

    /// A one-line explanation naming the statistic, split or fold concerned.
    public var description: String {
        switch self {
        case let .datasetMismatch(expected, actual): "folds were computed for dataset \(expected), not \(actual)"
        case let .training(fold, message): "training failed in fold \(fold + 1): \(message)"
        case let .testing(fold, message): "testing failed in fold \(fold + 1): \(message)"
        }
    }
}
