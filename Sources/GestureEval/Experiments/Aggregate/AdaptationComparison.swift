/// Each test subject's metric with and without adaptation (``Experiment/Adaptation``) in one comparison group and
/// dataset, and the metric against the number of labelled events K: what a reader asks of an entry that adapts
/// (issue 74). Computed once from the entries' scores by ``ExperimentAggregator`` (and by decoding, from the scores
/// read back); written to `results.json` only by results that hold one, so other results keep their bytes.
///
/// The reference is the group's first entry without `adaptation:`: in a group where an entry adapts, every entry is
/// judged on the same time (``Experiment/pairedCalibrationEvents()``), so each subject's two values are paired. A
/// group without such an entry has no section.
package struct AdaptationComparison: Codable, Hashable, Sendable {
    /// One test subject's metric without and with adaptation.
    package struct SubjectGain: Codable, Hashable, Sendable {
        /// The subject's name in the dataset.
        package var subject: String
        /// The reference entry's metric on the subject alone (NaN when undefined, or when it did not test them).
        package var without: Double
        /// The adapting entry's metric on the subject alone (NaN likewise).
        package var with: Double
        /// `with − without` (NaN when either is undefined).
        package var gain: Double

        /// Whether both values are defined, so the subject counts as gained, lost or tied. O(1).
        package var isCounted: Bool { without.isFinite && with.isFinite }
    }

    /// One adapting entry against the reference.
    package struct Adapted: Codable, Hashable, Sendable {
        /// The entry's name.
        package var entry: String
        /// Its protocol as reports name it (``Experiment/Adaptation/description``).
        package var adaptation: String
        /// Every subject either entry tested, by name; those with an undefined value are listed and not counted.
        package var subjects: [SubjectGain]
        /// The mean gain over the counted subjects (each weighs the same; NaN when none is counted).
        package var meanGain: Double
        /// Counted subjects whose metric rose, fell or stayed equal (exactly: both are computed from counts).
        package var gained: Int, lost: Int, tied: Int
        /// Subjects left out of the counts and the mean: undefined on either side.
        package var undefined: Int

        /// `entry` (adapting by `adaptation`) against `reference` subject by subject. O(subjects · log subjects).
        init(entry: String, adaptation: String, reference: SubjectScores?, adapted: SubjectScores?) {
            self.entry = entry
            self.adaptation = adaptation
            var without: [String: Double] = [:], with: [String: Double] = [:]
            for s in reference?.subjects ?? [] { without[s.subject] = s.value }
            for s in adapted?.subjects ?? [] { with[s.subject] = s.value }
            subjects = Set(without.keys).union(with.keys).sorted().map { name in
                let a = without[name] ?? .nan, b = with[name] ?? .nan
                return SubjectGain(subject: name, without: a, with: b, gain: a.isFinite && b.isFinite ? b - a : .nan)
            }
            let counted = subjects.filter(\.isCounted)
            meanGain = counted.isEmpty ? .nan : counted.reduce(0) { $0 + $1.gain } / Double(counted.count)
            gained = counted.filter { $0.gain > 0 }.count
            lost = counted.filter { $0.gain < 0 }.count
            tied = counted.filter { $0.gain == 0 }.count
            undefined = subjects.count - counted.count
        }
    }

    /// One point of the metric against K: the reference at K = 0, or an entry adapting from K labelled events.
    package struct CurvePoint: Codable, Hashable, Sendable {
        /// The entry's name.
        package var entry: String
        /// Labelled events per judged label (0 for the reference).
        package var events: Int
        /// The entry's metric pooled over its folds, with interval (``ExperimentResult/EntryScore/overall``).
        package var value: Estimate
        /// False activations per hour of background pooled over its folds (continuous only).
        package var falseActivationsPerHour: Double?
    }

    /// The comparison group's name.
    package var group: String
    /// The dataset key.
    package var dataset: String
    /// The reference entry: the group's first entry without adaptation.
    package var reference: String
    /// The metric's name as computed.
    package var metricName: String
    /// Each adapting entry of the group, in experiment order.
    package var adapted: [Adapted]
    /// The reference at K = 0, then each entry adapting from labelled events, by K (experiment order on a tie).
    package var curve: [CurvePoint]

    /// The sections of `result`: one per comparison group and dataset with an adapting entry and a reference, in group
    /// order. O(entries · (entries + subjects · log subjects)).
    package static func sections(of result: ExperimentResult) -> [AdaptationComparison] {
        let entries = Dictionary(result.experiment.entries.map { ($0.name, $0) }) { first, _ in first }
        var sections: [AdaptationComparison] = []
        for group in result.groups.map(\.group) {
            let members = group.entries.compactMap { entries[$0] }
            guard members.contains(where: { $0.adaptation != nil }), let reference = members.first(where: { $0.adaptation == nil }) else { continue }
            for dataset in group.datasets {
                func score(_ entry: String) -> ExperimentResult.EntryScore? { result.scores.first { $0.entry == entry && $0.dataset == dataset } }
                guard let base = score(reference.name) else { continue }
                var adapted: [Adapted] = [], curve = [CurvePoint(base, events: 0)]
                for entry in members {
                    guard let adaptation = entry.adaptation, let own = score(entry.name) else { continue }
                    adapted.append(Adapted(entry: entry.name, adaptation: adaptation.description, reference: base.bySubject, adapted: own.bySubject))
                    if let k = adaptation.labelledEvents { curve.append(CurvePoint(own, events: k)) }
                }
                // Stable: the reference leads K = 0, and entries of equal K keep experiment order.
                let ordered = curve.enumerated().sorted { ($0.element.events, $0.offset) < ($1.element.events, $1.offset) }.map(\.element)
                sections.append(AdaptationComparison(group: group.name, dataset: dataset, reference: reference.name, metricName: base.metricName,
                                                     adapted: adapted, curve: ordered))
            }
        }
        return sections
    }
}

extension AdaptationComparison.CurvePoint {
    /// `score`'s pooled metric and false activations per hour, at K = `events`. O(1).
    init(_ score: ExperimentResult.EntryScore, events: Int) {
        self.init(entry: score.entry, events: events, value: score.overall,
                  falseActivationsPerHour: score.foldStatistics.pooled?.falseActivationsPerHour)
    }
}
