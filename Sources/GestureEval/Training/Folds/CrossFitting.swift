import GestureKit

/// How stream calibration holds out subjects: the training subjects are split into groups, and each group's
/// recordings are spotted by templates trained without that group, as a test subject's will be.
///
/// One model per subject (leave-one-subject-out inside the fold) made a fold of 25 subjects train 24 extra models
/// for every search candidate; k groups train k. With k = 5 each held-out model still sees 80 % of the fold's
/// subjects, so the held-out detections that thresholds are chosen on stay close to what a model trained on all
/// of them gives a new subject.
package enum CrossFitting {
    /// The default number of subject groups.
    package static let defaultGroups = 5

    /// `subjects` (any order, repeats ignored) in `count` groups: sorted by name and dealt round-robin, so the
    /// groups differ in size by at most one and are the same on every run and machine. Fewer subjects than
    /// groups: one group each. O(s log s).
    package static func groups(of subjects: some Sequence<String>, count: Int) -> [[String]] {
        let sorted = Set(subjects).sorted()
        let k = max(1, min(count, sorted.count))
        var groups = [[String]](repeating: [], count: k)
        for (i, s) in sorted.enumerated() { groups[i % k].append(s) }
        return groups.filter { !$0.isEmpty }
    }

    /// The subject groups for held-out models: `count` groups of `subjects` when every group leaves the others at
    /// least `minimumExamples` examples of every class; otherwise fewer, larger groups, the most (down to two) for
    /// which every group does, so that no subject is calibrated on its own examples when that can be avoided; and
    /// when no split can, `count` groups, whose short groups ``heldOutModels(groups:examples:subjects:minimumExamples:train:)``
    /// then reports in-sample. `exampleSubjects` names each example's subject, `labels` its class.
    /// O(count × examples).
    package static func heldOutGroups(of subjects: some Sequence<String>, count: Int, exampleSubjects: [String], labels: [String],
                                     minimumExamples: Int) -> [[String]] {
        let subjects = Array(subjects)
        let classes = Set(labels)
        for k in stride(from: count, through: 2, by: -1) {
            let groups = groups(of: subjects, count: k)
            guard groups.count > 1 else { break }
            var groupOf: [String: Int] = [:]
            for (g, members) in groups.enumerated() { for s in members { groupOf[s] = g } }
            let holds = groups.indices.allSatisfy { g in
                var counts: [String: Int] = [:]
                for (s, l) in zip(exampleSubjects, labels) where groupOf[s] != g { counts[l, default: 0] += 1 }
                return classes.allSatisfy { counts[$0, default: 0] >= minimumExamples }
            }
            if holds { return groups }
        }
        return groups(of: subjects, count: count)
    }

    /// What ``heldOutModels(groups:examples:subjects:minimumExamples:train:)`` made: a model per group that has
    /// one, the trainings that failed, and the subjects left without a held-out model, whose recordings the full
    /// model therefore scores in-sample (sorted).
    struct HeldOut<Model> {
        var byGroup: [Int: Model]
        var failures: Int
        var inSample: [String]
    }

    /// The held-out models of `groups`: for each group, `train` on the examples whose subjects are in the other
    /// groups. A group whose remaining examples give some class fewer than `minimumExamples` is skipped on
    /// purpose (its recordings are then spotted by the full model); a training that throws is counted in
    /// `failures`, never passed over in silence. One group alone: nothing to hold out. Either way its subjects are
    /// named in ``HeldOut/inSample``. `labels` and `subjects` name each example's class and subject, whatever a
    /// recognizer's examples are.
    ///
    /// - Complexity: one `train` call per group.
    static func heldOutModels<Example, Model>(
        groups: [[String]], examples: [Example], labels: [String], subjects: [String], minimumExamples: Int,
        train: ([Example], _ heldOut: [String]) throws -> Model
    ) -> HeldOut<Model> {
        precondition(examples.count == subjects.count && examples.count == labels.count, "one subject and label per example")
        guard groups.count > 1 else { return HeldOut(byGroup: [:], failures: 0, inSample: groups.joined().sorted()) }
        var groupOf: [String: Int] = [:]
        for (g, members) in groups.enumerated() { for s in members { groupOf[s] = g } }
        let classes = Set(labels)
        var byGroup: [Int: Model] = [:], failures = 0
        for (g, members) in groups.enumerated() {
            let kept = subjects.indices.filter { groupOf[subjects[$0]] != g }
            let others = kept.map { examples[$0] }
            let counts = Dictionary(grouping: kept.map { labels[$0] }, by: { $0 }).mapValues(\.count)
            guard classes.allSatisfy({ counts[$0, default: 0] >= minimumExamples }) else { continue }
            do { byGroup[g] = try train(others, members) } catch { failures += 1 }
        }
        let inSample = groups.indices.filter { byGroup[$0] == nil }.flatMap { groups[$0] }.sorted()
        return HeldOut(byGroup: byGroup, failures: failures, inSample: inSample)
    }

    /// Throws when `strict` and some subjects were scored in-sample: the refusal that an entry's
    /// `strictCrossFitting: true` asks for. O(1).
    static func require(strict: Bool, inSample: [String]) throws(ConfigurationError) {
        guard strict, !inSample.isEmpty else { return }
        throw ConfigurationError(key: "strictCrossFitting", "no model held out subjects \(inSample.joined(separator: ", ")) "
            + "(too few examples of a class without them, or one training subject), so calibration would score their own examples; "
            + "add subjects or examples, or set strictCrossFitting: false to calibrate in-sample with a warning")
    }
}
