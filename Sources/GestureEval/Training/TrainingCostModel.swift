/// Seconds per unit of work on one core, from which ``ExperimentPlan/estimatedSeconds(of:model:trainers:)`` adds up a
/// step. ``reference`` was fitted with `gesturelab bench plan` (release build, one core of the machine
/// that builds CI); other machines differ by a common factor, which does not change how shards balance.
public struct TrainingCostModel: Codable, Hashable, Sendable {
    /// A rule-based recognizer's step on one sample, including judging its events.
    public var perSample: Double
    /// One DTW cell (one channel of one warping-matrix entry) between two series: medoids, calibration, classification.
    public var perCell: Double
    /// One cell of spotting: a template's column updated for one stream sample (SPRING, per channel).
    public var perSpottingCell: Double
    /// One cell of a 1-nearest-neighbour search (segments classified by every example), where lower
    /// bounds and early abandoning skip most of the matrix.
    public var perNearestCell: Double
    /// One cell of leave-one-out band learning (pruned like ``perNearestCell``).
    public var perBandSearchCell: Double
    /// One sample of one channel of a lower bound (LB_Keogh) between a query and a candidate.
    public var perBoundSample: Double
    /// Fixed cost of a unit: selecting its recordings, judging and collecting its result.
    public var perUnit: Double
    /// MiniRocket: one feature of one series over one sample (convolution share and PPV pooling).
    public var perRocketCell: Double = 8e-11
    /// MiniRocket: one feature of one pair of training examples in the ridge's Gram matrix.
    public var perRidgeCell: Double = 1.2e-10
    /// MiniRocket: the ridge's eigendecomposition, per cube of the training examples (GSL's `gsl_eigen_symmv`,
    /// measured at n = 300…1,200 on one core).
    public var perEigenCell: Double = 1.15e-9

    /// The constants fitted on the default experiment (see the type's discussion).
    public static let reference = TrainingCostModel(perSample: 1.9e-7, perCell: 6.5e-10, perSpottingCell: 1.5e-9, perNearestCell: 2.8e-10,
                                            perBandSearchCell: 5e-10, perBoundSample: 2e-9, perUnit: 2e-4)
}
