import GestureKit

extension ExperimentRunner {
    /// Checks that each of the entry's judged labels (`labels:`, `--labels`) matches at least one
    /// annotation label of `recordings` after the entry's label map: a label that matches nothing
    /// would judge nothing and report a precision of 0 and a recall of NaN without a word.
    /// Throws naming the labels that match nothing and the labels that exist.
    static func checkJudgedLabels(_ entry: Experiment.Entry, recordings: [Recording], datasetKey: String?) throws(ExperimentError) {
        guard !entry.labels.isEmpty else { return }
        var existing = Set<String>()
        for r in recordings { for a in r.annotations { existing.insert(entry.labelMap.apply(a.label)) } }
        let unmatched = entry.labels.filter { pattern in
            var one = entry
            one.labels = [pattern]
            return !existing.contains(where: one.judges)
        }
        guard !unmatched.isEmpty else { return }
        let sorted = existing.sorted()
        let list = sorted.isEmpty ? "none (the recordings have no annotations)"
            : sorted.prefix(30).joined(separator: ", ") + (sorted.count > 30 ? ", … (\(sorted.count) labels)" : "")
        throw ExperimentError(entry: entry.name, dataset: datasetKey,
                              "no annotation label matches \(unmatched.map { "'\($0)'" }.joined(separator: ", ")); labels in the dataset"
                                  + (entry.labelMap.isEmpty ? "" : " after the label map") + ": \(list)")
    }
}
