import GestureKit

/// DTW templates trained once per search and reused by its candidates.
///
/// The band search, medoids and calibration distances depend on the examples and on the settings that
/// shape the templates, not on the rejection k, refractory time or spotting durations, which only label
/// the model. A grid over `rejectionK` (or those durations) therefore trains templates once and relabels
/// them for each candidate, instead of repeating the leave-one-out band search per candidate. The results
/// are identical to training each candidate from scratch.
///
/// One cache serves one training step (one set of training recordings); it is used from one thread.
final class DTWTrainingCache {
    private struct Key: Hashable {
        /// The trainer with the labelling settings cleared.
        var trainer: DTWTrainer
        /// Which examples: all of the step's, or those without one subject (cross-fitting).
        var examples: String
    }

    private var trained: [Key: (model: DTWModel, report: DTWTrainingReport)] = [:]
    /// Trainings run, and trainings answered from the cache.
    private(set) var misses = 0, hits = 0

    /// `trainer.train(examples)`, from the cache when templates for the same examples (named by `tag`) and
    /// template settings were trained before. O(1) on a hit; a miss costs the training.
    func train(_ trainer: DTWTrainer, _ examples: [DTWExample], tag: String) throws(DTWTrainingError) -> (model: DTWModel, report: DTWTrainingReport) {
        var shape = trainer
        shape.rejectionK = nil
        shape.refractoryTime = 0
        shape.minimumDuration = 0
        shape.maximumDuration = 0
        let key = Key(trainer: shape, examples: tag)
        guard let cached = trained[key] else {
            let result = try trainer.train(examples)
            trained[key] = result
            misses += 1
            return result
        }
        try trainer.checkSpottingSettings()
        hits += 1
        var model = cached.model
        model.rejectionK = trainer.rejectionK
        model.refractoryTime = trainer.refractoryTime
        model.minimumDuration = trainer.minimumDuration
        model.maximumDuration = trainer.maximumDuration
        return (model, cached.report)
    }
}
