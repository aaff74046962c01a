/// Seconds per unit of work on one core that every recognizer shares, from which
/// ``ExperimentPlan/estimatedSeconds(of:model:)`` adds up a step: a rule-based recognizer's samples and each unit's
/// fixed cost. A learned recognizer's own constants live in its room (the DTW cells, MiniRocket's features and ridge).
/// ``reference`` was fitted with `gesturelab bench plan` (release build, one core of the machine that builds CI;
/// `Benchmarks/plan-estimate.md`). Other machines differ by a common factor, which does not change how shards balance.
public struct TrainingCostModel: Codable, Hashable, Sendable {
    /// A rule-based recognizer's step on one sample, including judging its events.
    package var perSample: Double
    /// Fixed cost of a unit: selecting its recordings, judging and collecting its result.
    package var perUnit: Double
    /// The constants fitted on the default experiment (see the type's discussion).
    public static let reference = TrainingCostModel(perSample: 1.9e-7, perUnit: 2e-4)
}
