/// Seconds per unit of MiniRocket work on one core, what the classifier's and the stream spotter's trainers estimate a
/// step with (beside the shared ``TrainingCostModel``): the transform's features and the ridge's Gram matrix and
/// eigendecomposition (`bench ridge`, `bench plan --fold`; `Benchmarks/profile.md`).
package struct MiniRocketCostModel: Hashable, Sendable {
    /// MiniRocket: one feature of one series over one sample, with what each window brings along (the convolution
    /// share and PPV pooling, about 8e-11 s alone; the window's channels derived and cut out; its scores' share of
    /// the event stage's calibration). Fitted on SwimWatch_Turns' MiniRocket steps of fold 0 (`bench plan --fold 0`)
    /// once the eigendecomposition no longer hid the rest (`Benchmarks/profile.md`).
    package var perRocketCell: Double = 4e-10
    /// MiniRocket: one feature of one pair of training examples in the ridge's Gram matrix.
    package var perRidgeCell: Double = 1.2e-10
    /// MiniRocket: the ridge's eigendecomposition, per cube of the training windows (LAPACK's `dsyevd` on one core:
    /// 1.85–2.7e-10 s at n = 1,000…2,700, `gesturelab bench ridge`; its blocked reduction keeps that rate beyond the
    /// cache, where GSL's solver, used before, slowed from 1.9e-9 to 6.8e-9).
    package var perEigenCell: Double = 2.0e-10

    /// The constants measured (see the type's discussion).
    package static let reference = MiniRocketCostModel()

    /// The seconds of one eigendecomposition of the ridge's Gram matrix over `n` windows: ``perEigenCell`` · n³. O(1).
    package func eigenSeconds(windows n: Double) -> Double {
        perEigenCell * n * n * n
    }
}
