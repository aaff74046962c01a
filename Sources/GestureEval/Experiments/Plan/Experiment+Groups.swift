extension Experiment {
    /// Entries judged on the same annotations (same datasets, judged labels and label map) and so on the same
    /// metric: the only entries that paired tests and rank tests compare. How an entry names its events
    /// (``Entry/directionInLabel``) does not change the annotations, so a peak detector that reports directions
    /// and DTW templates per direction compare.
    ///
    /// Ranking methods that solved different tasks (shakes against flips) gives differences that mean
    /// nothing: a rank test assumes every method is measured on the same blocks of the same problem
    /// (Demšar, "Statistical comparisons of classifiers over multiple data sets", JMLR 7, 2006).
    public struct ComparisonGroup: Codable, Hashable, Sendable {
        /// The entries' `group`, or the dataset keys and judged labels (`default: shake`).
        public var name: String
        /// Member entries, in experiment order.
        public var entries: [String]
        /// Dataset keys every member was evaluated on.
        public var datasets: [String]
        /// Judged labels (empty: all).
        public var labels: [String]
    }

    /// What an entry is judged on: entries equal in this are scored on the same items.
    private struct Judging: Hashable {
        var datasets: [String]
        var labels: [String]
        var labelMap: LabelMap

        init(_ entry: Entry) {
            datasets = entry.datasets.sorted()
            labels = entry.labels.sorted()
            labelMap = entry.labelMap
        }

        var name: String { "\(datasets.joined(separator: "+")): \(labels.isEmpty ? "all labels" : labels.joined(separator: " "))" }

        /// The name with the label map, which also sets the judging apart, for messages.
        var description: String {
            var parts = [name]
            if !labelMap.isEmpty { parts.append("labelMap " + labelMap.rules.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value)" }.joined(separator: ", ")) }
            return parts.joined(separator: "; ")
        }
    }

    /// The comparison groups, in order of their first entry. Entries that name a `group` form it; the others
    /// are grouped by what they are judged on and named after it. O(entries).
    /// - Throws: naming the group and two of its entries, when a named group mixes entries judged on different
    ///   annotations (its paired and rank tests would compare different tasks).
    public func comparisonGroups() throws(ExperimentError) -> [ComparisonGroup] {
        var groups: [ComparisonGroup] = [], judgingOf: [String: Judging] = [:], firstOf: [String: String] = [:]
        var unnamed: [Judging: String] = [:]
        for entry in entries {
            let judging = Judging(entry)
            let name: String
            if let explicit = entry.group {
                name = explicit
                if let other = judgingOf[name], other != judging {
                    throw ExperimentError(entry: entry.name, "group '\(name)' mixes entries judged on different annotations: '\(firstOf[name]!)' (\(other.description))"
                        + " and '\(entry.name)' (\(judging.description)); paired and rank tests compare entries only on the same annotations"
                        + " (Demšar 2006): give them different groups")
                }
            } else {
                // Unnamed: one group per way of judging; a taken name (a named group's, or another judging's
                // that prints the same) gets a number.
                if let known = unnamed[judging] {
                    name = known
                } else {
                    var candidate = judging.name, n = 2
                    while judgingOf[candidate] != nil || entries.contains(where: { $0.group == candidate }) {
                        candidate = "\(judging.name) (\(n))"
                        n += 1
                    }
                    name = candidate
                    unnamed[judging] = name
                }
            }
            if let i = groups.firstIndex(where: { $0.name == name }) {
                groups[i].entries.append(entry.name)
            } else {
                judgingOf[name] = judging
                firstOf[name] = entry.name
                groups.append(ComparisonGroup(name: name, entries: [entry.name], datasets: judging.datasets, labels: judging.labels))
            }
        }
        return groups
    }
}
