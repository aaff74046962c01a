import GestureData

extension ExperimentAggregator {
    /// What a reader must know of the entries that adapt (``Experiment/Entry/adaptation``): each adapting entry's
    /// protocol (transductive ones said so), each comparison group judged without calibration stretches, and each test
    /// subject whose stretch held fewer events of a label than asked. O(entries × test annotations).
    func adaptationWarnings() -> [ExperimentWarning] {
        var warnings: [ExperimentWarning] = experiment.entries.compactMap { e in e.adaptation.map { .adapted(entry: e.name, adaptation: $0.description) } }
        let paired = experiment.pairedCalibrationEvents()
        if let groupsInOrder = try? experiment.comparisonGroups() {
            for group in groupsInOrder {
                guard let k = group.entries.first.flatMap({ paired[$0] }) else { continue }
                warnings.append(.calibrationExcluded(entries: group.entries, events: k))
            }
        }
        let ignoring = experiment.eventMatching
        for entry in experiment.entries {
            guard let k = entry.adaptation?.labelledEvents, k > 0 else { continue }
            for key in entry.datasets {
                guard let dataset = datasets[key], dataset.kind == .continuous, let assignment = folds[key] else { continue }
                for fold in assignment.folds {
                    let tested = entry.judged(fold.test.map { dataset.recordings[$0] }, kind: dataset.kind, ignoring: ignoring)
                    for stretch in CalibrationStretch.stretches(of: tested, labelled: k, ignored: ignoring.ignores) where !stretch.shortLabels.isEmpty {
                        warnings.append(.calibrationShort(entry: entry.name, dataset: key, fold: fold.name, subject: stretch.subject, events: k,
                                                          counts: stretch.shortLabels))
                    }
                }
            }
        }
        return warnings
    }
}
