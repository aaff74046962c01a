import GestureKit
import GestureData

extension ExperimentPlan {
    /// What a training step processes (see ``TrainingWorkload``).
    public typealias Workload = TrainingWorkload
    /// Seconds per unit of work on one core (see ``TrainingCostModel``).
    public typealias CostModel = TrainingCostModel

    /// The estimated one-core time of `step` and the units that test its model, seconds: each search
    /// candidate run over the training recordings, DTW band learning, medoids and calibration, then each
    /// unit over its test recordings. O(units).
    package func estimatedSeconds(of step: TrainingStep, model: CostModel = .reference) -> Double {
        estimatedSeconds(of: step, testing: units.filter { $0.training == step.index }, model: model)
    }

    /// The estimated one-core time of a finished part of a run, seconds: a training step alone (without the
    /// units that test it), or one unit's testing (its share, by test samples, of what its step's units
    /// add). The parts of a plan add up to the sum of ``estimatedSeconds(of:model:)`` over its steps. O(units).
    package func estimatedSeconds(of part: RunProgress, model: CostModel = .reference) -> Double {
        switch part {
        case let .trained(step):
            return estimatedSeconds(of: trainingSteps[step], testing: [], model: model)
        case let .tested(unit):
            let u = units[unit], step = trainingSteps[u.training], tested = units.filter { $0.training == u.training }
            let testing = estimatedSeconds(of: step, testing: tested, model: model)
                - estimatedSeconds(of: step, testing: [], model: model)
            let samples = tested.reduce(0) { $0 + $1.testSamples }
            return testing * (samples > 0 ? Double(u.testSamples) / Double(samples) : 1 / Double(tested.count))
        }
    }

    private func estimatedSeconds(of step: TrainingStep, testing tested: [WorkUnit], model: CostModel) -> Double {
        let w = step.workload
        let testing = TrainingWorkload.Testing(samples: Double(tested.reduce(0) { $0 + $1.testSamples }),
                                               recordings: Double(tested.reduce(0) { $0 + $1.testRecordings }), units: Double(tested.count))
        let searched = Double(step.candidates > 1 ? step.candidates : 0)
        if let seconds = trainers.trainer(for: step.recognizer).estimatedSeconds(of: w, searched: searched, testing: testing, model: model) {
            return seconds
        }
        // A rule-based recognizer (or a learned one that trains nothing here): each candidate, then the tests, one step a sample.
        return model.perSample * (searched * Double(w.trainingSamples) + testing.samples) + model.perUnit * testing.units
    }
}
