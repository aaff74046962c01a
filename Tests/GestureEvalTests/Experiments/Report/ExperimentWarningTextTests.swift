import Foundation
@testable import GestureEval
import Testing

/// Warnings are typed until the report words them: each round-trips through Codable and words the same, in the
/// words results have always held.
@Suite struct ExperimentWarningTextTests {
    private static let warnings: [(ExperimentWarning, String)] = [
        (.foldAssignment(dataset: "swim", warning: "label turn has 2 recordings, fewer than 3 folds"),
         "swim: label turn has 2 recordings, fewer than 3 folds"),
        (.deprecation(entry: "dtw", line: "dtw configuration: rejectionK: null is deprecated; write rejection: none"),
         "dtw configuration: rejectionK: null is deprecated; write rejection: none"),
        (.rankUnitsLeftOut(group: "g", shared: 3, dropped: ["a/1", "a/2", "a/3", "b/1", "b/2", "b/3"]),
         "group 'g': ranked over the 3 units every entry has; left out 6 that only some have (a/1, a/2, a/3, b/1, b/2, …)"),
        (.rankUnitsLeftOut(group: "g", shared: 2, dropped: ["a/4"]), "group 'g': ranked over the 2 units every entry has; left out 1 that only some have (a/4)"),
        (.noRankComparison(group: "g", reason: .tooFewUnits(1)),
         "group 'g': no rank comparison: it needs at least 2 folds or datasets, the entries share 1"),
        (.noRankComparison(group: "g", reason: .undefinedMetric("f1")), "group 'g': no rank comparison: some fold has an undefined f1"),
        (.noRankComparison(group: "g", reason: .failed("friedman: too few values")), "group 'g': no rank comparison: friedman: too few values"),
        (.labelMismatch(entry: "shake", dataset: "d", substitutions: 4, eventLabels: ["slap"], annotationLabels: ["hit-left", "hit-right"]),
         "entry 'shake' on d: no event label ever equals a judged annotation label, although 4 annotations were matched by an event of another "
            + "label; event labels: slap; annotation labels: hit-left, hit-right. Group annotation labels with labelMap "
            + "(e.g. labelMap: {\"hit-*\": slap}) or judge other labels"),
        (.crossFitFailed(entry: "dtw", dataset: "swim", fold: "s3", failures: 1),
         "entry 'dtw' on swim, fold s3: 1 cross-fitted training failed; the full model spotted those subjects' recordings in calibration, "
            + "so its thresholds saw their own examples"),
        (.worded("as read back"), "as read back"),
    ]

    @Test func eachWarningRoundTripsAndWordsTheSame() throws {
        for (warning, words) in Self.warnings {
            #expect(warning.description == words)
            let decoded = try JSONDecoder().decode(ExperimentWarning.self, from: try JSONEncoder().encode(warning))
            #expect(decoded == warning)
            #expect(decoded.description == words)
        }
    }

    /// A label list longer than 8 is cut, naming the count.
    @Test func longLabelListsAreCut() {
        let labels = (0..<10).map { "l\($0)" }
        let text = ExperimentWarning.labelMismatch(entry: "e", dataset: "d", substitutions: 1, eventLabels: ["x"], annotationLabels: labels).description
        #expect(text.contains("annotation labels: l0, l1, l2, l3, l4, l5, l6, l7, … (10 labels). Group annotation labels with labelMap (e.g. labelMap: {\"l*\": x})"))
    }
}
