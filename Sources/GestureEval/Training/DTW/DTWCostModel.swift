/// Seconds per unit of DTW work on one core, what ``DTWTemplateMatcherTrainer`` estimates a step with (beside the
/// shared ``TrainingCostModel``): cells of the warping matrix by what computes them. Measured for issue 59 (`bench dtw`,
/// `bench plan --fold`; `Benchmarks/plan-estimate.md`) on the machine whose ``TrainingCostModel/reference`` the plan uses.
package struct DTWCostModel: Hashable, Sendable {
    /// One channel of a DTW cell (a warping-matrix entry) between two series, see ``cellOverheadChannels``: medoids,
    /// calibration, classification.
    package var perCell: Double
    /// One channel of a spotting cell: a template's column updated for one stream sample (SPRING), see
    /// ``cellOverheadChannels``.
    package var perSpottingCell: Double
    /// One cell of a 1-nearest-neighbour search (segments classified by every example), where lower
    /// bounds and early abandoning skip most of the matrix.
    package var perNearestCell: Double
    /// One cell of leave-one-out band learning (pruned like ``perNearestCell``).
    package var perBandSearchCell: Double
    /// One sample of one channel of a lower bound (LB_Keogh) between a query and a candidate.
    package var perBoundSample: Double
    /// DTW: the work of a cell that does not depend on its channels (the minimum of its three neighbours, the
    /// store, the loop), in channels: a cell of d channels costs (d + cellOverheadChannels) × ``perCell`` (or
    /// ``perSpottingCell``). Measured on one core: `bench dtw`'s all-pairs matrix of one channel runs at 7e8 cells/s
    /// (1.43e-9 s a cell), and SwimWatch_Turns' spotting steps of one channel cost 1.65 × as much per channel
    /// as those of three, relative to their estimate (`Benchmarks/plan-estimate.md`).
    package var cellOverheadChannels: Double = 1.44

    /// The constants measured (see the type's discussion).
    package static let reference = DTWCostModel(perCell: 5.9e-10, perSpottingCell: 1.17e-9, perNearestCell: 2.8e-10,
                                                perBandSearchCell: 5e-10, perBoundSample: 2e-9)
}
