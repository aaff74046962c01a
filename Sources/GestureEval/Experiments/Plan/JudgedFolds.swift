import GestureData

/// Every fold of an experiment's datasets as its entries judge them (``Experiment/Entry/judging(_:kind:)``), judged once
/// when a run is prepared and carried to each stage that reads them: ``ExperimentPlan`` counts them, the executor trains
/// on the training parts and tests on the test parts, a merge of shards gives each unit its test part back, and the
/// aggregator reads what each unit left unjudged. Entries that judge the same annotations (the same labels and label
/// map) share one judging of each fold. In a comparison group where an entry adapts from labelled events
/// (``Experiment/Adaptation``), every entry's test part has each subject's calibration stretch (of the group's largest
/// K) marked as don't-care (``CalibrationStretch/marking(_:)``): all of them are judged on the same time.
///
/// - Complexity: building is O(entries × annotations of their datasets); lookups are O(1).
package struct JudgedFolds: Sendable {
    /// What decides how a fold is judged: entries equal in this judge the same recordings the same way.
    private struct Key: Hashable {
        var labels: [String]
        var labelMap: LabelMap
        var dataset: String
        var fold: Int
        /// The largest K of a `labelled` adaptation in the entry's comparison group: the test part is judged without
        /// each subject's calibration stretch of K events (``CalibrationStretch``); `nil`: no entry of the group does.
        var calibration: Int?
    }

    /// Each judged fold's training part.
    private var training: [Key: [Recording]] = [:]
    /// Each judged fold's test part, with what judging left out of each recording.
    private var test: [Key: JudgedRecordings] = [:]
    /// The test parts whose calibration stretches are marked don't-care, as judged before the marking: what an adapting
    /// entry learns from.
    private var unmarked: [Key: [Recording]] = [:]
    /// The largest K of a labelled adaptation in each entry's comparison group, by entry name.
    private var calibration: [String: Int] = [:]
    /// The entries, by name, their label maps merged with the experiment's.
    private var entries: [String: Experiment.Entry] = [:]

    /// Judges each fold in `folds` of each dataset of `datasets` (both by dataset key) that an entry of `experiment` is
    /// tested on, training and test part, with the entry's labels and its label map merged with the experiment's
    /// (``Experiment/resolving(_:)``, as ``EntryTrainer`` takes them). Datasets or folds that are missing are left out; the plan names them.
    /// Annotations of the labels the experiment's matching ignores stay on continuous recordings, marked by it.
    /// - Throws: when an entry's preset file cannot be read (an experiment already ``Experiment/resolved()`` reads none).
    package init(experiment: Experiment, datasets: [String: Dataset], folds: [String: FoldAssignment]) throws(ExperimentError) {
        let experiment = try experiment.resolved()
        let ignoring = experiment.eventMatching
        calibration = experiment.pairedCalibrationEvents()
        for entry in experiment.entries {
            entries[entry.name] = entry
            for key in entry.datasets {
                guard let dataset = datasets[key], let assignment = folds[key] else { continue }
                for fold in assignment.folds {
                    let k = calibration[entry.name]
                    let judging = Key(labels: entry.labels, labelMap: entry.labelMap, dataset: key, fold: fold.index, calibration: k)
                    guard training[judging] == nil else { continue }
                    training[judging] = entry.judged(fold.train.map { dataset.recordings[$0] }, kind: dataset.kind, ignoring: ignoring)
                    var tested = entry.judging(fold.test.map { dataset.recordings[$0] }, kind: dataset.kind, ignoring: ignoring)
                    if let k, dataset.kind == .continuous {
                        unmarked[judging] = tested.recordings
                        for stretch in CalibrationStretch.stretches(of: tested.recordings, labelled: k, ignored: ignoring.ignores) {
                            tested.recordings = stretch.marking(tested.recordings)
                        }
                    }
                    test[judging] = tested
                }
            }
        }
    }

    /// The training part of fold `fold` (its index) of dataset `dataset` as entry `entry` judges it. O(1).
    /// - Precondition: the entry is tested on that dataset, and the fold was judged.
    package func training(_ entry: String, dataset: String, fold: Int) -> [Recording] {
        guard let recordings = training[key(entry, dataset: dataset, fold: fold)] else { preconditionFailure("\(entry) on \(dataset) fold \(fold) was not judged") }
        return recordings
    }

    /// The test part of fold `fold` (its index) of dataset `dataset` as entry `entry` judges it. O(1).
    /// - Precondition: the entry is tested on that dataset, and the fold was judged.
    package func test(_ entry: String, dataset: String, fold: Int) -> JudgedRecordings {
        guard let judged = test[key(entry, dataset: dataset, fold: fold)] else { preconditionFailure("\(entry) on \(dataset) fold \(fold) was not judged") }
        return judged
    }

    /// The test part of fold `fold` of dataset `dataset` as entry `entry` judges it before calibration stretches are
    /// marked don't-care (the same recordings as ``test(_:dataset:fold:)`` otherwise): what an adapting entry reads. O(1).
    /// - Precondition: as ``test(_:dataset:fold:)``.
    package func adaptationSource(_ entry: String, dataset: String, fold: Int) -> [Recording] {
        unmarked[key(entry, dataset: dataset, fold: fold)] ?? test(entry, dataset: dataset, fold: fold).recordings
    }

    private func key(_ entry: String, dataset: String, fold: Int) -> Key {
        guard let e = entries[entry] else { preconditionFailure("no entry \(entry) was judged") }
        return Key(labels: e.labels, labelMap: e.labelMap, dataset: dataset, fold: fold, calibration: calibration[entry])
    }
}
