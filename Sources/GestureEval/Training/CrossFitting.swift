/// How stream calibration holds out subjects: the training subjects are split into groups, and each group's
/// recordings are spotted by templates trained without that group, as a test subject's will be.
///
/// One model per subject (leave-one-subject-out inside the fold) made a fold of 25 subjects train 24 extra models
/// for every search candidate; k groups train k. With k = 5 each held-out model still sees 80 % of the fold's
/// subjects, so the held-out detections that thresholds are chosen on stay close to what a model trained on all
/// of them gives a new subject.
public enum CrossFitting {
    /// The default number of subject groups.
    public static let defaultGroups = 5

    /// `subjects` (any order, repeats ignored) in `count` groups: sorted by name and dealt round-robin, so the
    /// groups differ in size by at most one and are the same on every run and machine. Fewer subjects than
    /// groups: one group each. O(s log s).
    public static func groups(of subjects: some Sequence<String>, count: Int) -> [[String]] {
        let sorted = Set(subjects).sorted()
        let k = max(1, min(count, sorted.count))
        var groups = [[String]](repeating: [], count: k)
        for (i, s) in sorted.enumerated() { groups[i % k].append(s) }
        return groups.filter { !$0.isEmpty }
    }

    /// The held-out models of `groups`: for each group, `train` on the examples whose subjects are in the other
    /// groups. A group whose remaining examples give some class fewer than `minimumExamples` is skipped on
    /// purpose (its recordings are then spotted by the full model); a training that throws is counted in
    /// `failures`, never passed over in silence. One group alone: nothing to hold out.
    ///
    /// - Complexity: one `train` call per group.
    static func heldOutModels<Model>(
        groups: [[String]], examples: [DTWExample], subjects: [String], minimumExamples: Int,
        train: ([DTWExample], _ heldOut: [String]) throws -> Model
    ) -> (byGroup: [Int: Model], failures: Int) {
        precondition(examples.count == subjects.count, "one subject per example")
        guard groups.count > 1 else { return ([:], 0) }
        var groupOf: [String: Int] = [:]
        for (g, members) in groups.enumerated() { for s in members { groupOf[s] = g } }
        let classes = Set(examples.map(\.label))
        var byGroup: [Int: Model] = [:], failures = 0
        for (g, members) in groups.enumerated() {
            let others = zip(examples, subjects).filter { groupOf[$0.1] != g }.map(\.0)
            let counts = Dictionary(grouping: others, by: \.label).mapValues(\.count)
            guard classes.allSatisfy({ counts[$0, default: 0] >= minimumExamples }) else { continue }
            do { byGroup[g] = try train(others, members) } catch { failures += 1 }
        }
        return (byGroup, failures)
    }
}
