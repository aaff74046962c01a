/// Seconds per unit of work on one core, from which ``ExperimentPlan/estimatedSeconds(of:model:)`` adds up a
/// step. ``reference`` was fitted with `gesturelab bench plan` (release build, one core of the machine
/// that builds CI); the DTW cells and the eigendecomposition were measured again for issue 59 (`bench dtw`,
/// `bench ridge`, `bench plan --fold`; `Benchmarks/plan-estimate.md`). Other machines differ by a common factor,
/// which does not change how shards balance.
public struct TrainingCostModel: Codable, Hashable, Sendable {
    /// A rule-based recognizer's step on one sample, including judging its events.
    public var perSample: Double
    /// One channel of a DTW cell (a warping-matrix entry) between two series, see ``cellOverheadChannels``: medoids,
    /// calibration, classification.
    public var perCell: Double
    /// One channel of a spotting cell: a template's column updated for one stream sample (SPRING), see
    /// ``cellOverheadChannels``.
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
    /// DTW: the work of a cell that does not depend on its channels (the minimum of its three neighbours, the
    /// store, the loop), in channels: a cell of d channels costs (d + cellOverheadChannels) × ``perCell`` (or
    /// ``perSpottingCell``). Measured on one core: `bench dtw`'s all-pairs matrix of one channel runs at 7e8 cells/s
    /// (1.43e-9 s a cell), and SwimWatch_Turns' spotting steps of one channel cost 1.65 × as much per channel
    /// as those of three, relative to their estimate (`Benchmarks/plan-estimate.md`).
    public var cellOverheadChannels: Double = 1.44
    /// MiniRocket: one feature of one series over one sample, with what each window brings along (the convolution
    /// share and PPV pooling, about 8e-11 s alone; the window's channels derived and cut out; its scores' share of
    /// the event stage's calibration). Fitted on SwimWatch_Turns' MiniRocket steps of fold 0 (`bench plan --fold 0`)
    /// once the eigendecomposition no longer hid the rest (`Benchmarks/profile.md`).
    public var perRocketCell: Double = 4e-10
    /// MiniRocket: one feature of one pair of training examples in the ridge's Gram matrix.
    public var perRidgeCell: Double = 1.2e-10
    /// MiniRocket: the ridge's eigendecomposition, per cube of the training windows (LAPACK's `dsyevd` on one core:
    /// 1.85–2.7e-10 s at n = 1,000…2,700, `gesturelab bench ridge`; its blocked reduction keeps that rate beyond the
    /// cache, where GSL's solver, used before, slowed from 1.9e-9 to 6.8e-9).
    public var perEigenCell: Double = 2.0e-10

    /// The constants fitted on the default experiment (see the type's discussion).
    public static let reference = TrainingCostModel(perSample: 1.9e-7, perCell: 5.9e-10, perSpottingCell: 1.17e-9, perNearestCell: 2.8e-10,
                                            perBandSearchCell: 5e-10, perBoundSample: 2e-9, perUnit: 2e-4)

    /// The seconds of one eigendecomposition of the ridge's Gram matrix over `n` windows: ``perEigenCell`` · n³. O(1).
    public func eigenSeconds(windows n: Double) -> Double {
        perEigenCell * n * n * n
    }
}
