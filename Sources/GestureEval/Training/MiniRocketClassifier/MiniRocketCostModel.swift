import Foundation
import GestureKit

/// Seconds per unit of MiniRocket work on one core, what the classifier's and the stream spotter's trainers estimate a
/// step with (beside the shared ``TrainingCostModel``): the transform's features and channels and the ridge's Gram
/// matrix and eigendecomposition (`bench transform`, `bench ridge`, `bench plan --fold`; `Benchmarks/profile.md`).
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

    /// MiniRocket: one sample of one of a window's ``channelCells(channels:dilations:)``, the transform's work per
    /// dilation that grows with the channels rather than the features. The slope of the seconds per window over those
    /// cells, `gesturelab bench transform --windows 20000` (one core, 200-sample windows, 1–18 channels: 1.61e-10 at
    /// 504 features, 1.9e-10 at 1,008; `Benchmarks/plan-estimate.md`).
    package var perChannelCell: Double = 1.75e-10
    /// The channels of the steps ``perRocketCell`` was fitted on (|a| and |ω|): their channel work is in it, so only
    /// the cells of other channel counts are added (or, for fewer, taken off).
    package static let referenceChannels = 2

    /// The constants measured (see the type's discussion).
    package static let reference = MiniRocketCostModel()

    /// The mean number of channels a kernel of a transform over `c` channels combines: MiniRocket draws ⌊2^u⌋, u
    /// uniform in [0, log2(m + 1)), m = min(c, 9), so k comes with probability log2((k + 1) / k) / log2(m + 1). O(m).
    package static func meanChannelsPerKernel(channels c: Int) -> Double {
        let m = min(max(1, c), MiniRocket.maximumChannelsPerCombination)
        var sum = 0.0
        for k in 1...m {
            let x = Double(k)
            sum += x * log2((x + 1) / x)
        }
        return sum / log2(Double(m + 1))
    }

    /// The passes over each sample of a window that the transform makes whatever its features, per sample: at each of
    /// `dilations`, for each of `channels`, the nine shifted inputs and their sum (18 passes) and the 28 position pairs
    /// the 84 kernels start from; then each kernel's sum over the channels it combines
    /// (``meanChannelsPerKernel(channels:)``). O(1).
    package static func channelCells(channels: Int, dilations: Int) -> Double {
        let combined: Double = Double(MiniRocket.kernelCount) * meanChannelsPerKernel(channels: channels)
        let perChannel: Double = 46 * Double(channels)
        return Double(dilations) * (perChannel + combined)
    }

    /// The seconds of transforming `windows` windows of `length` samples and `channels` channels into `features`
    /// features over `dilations` dilations: ``perRocketCell`` per feature and sample, and ``perChannelCell`` per
    /// sample and channel cell beyond those of ``referenceChannels`` (``channelCells(channels:dilations:)``; none when
    /// `dilations` is 0: not counted). Positive: one channel takes off less than 84 · D features' share. O(1).
    package func transformSeconds(windows: Double, length: Double, features: Int, channels: Int, dilations: Int) -> Double {
        let beyond: Double = Self.channelCells(channels: channels, dilations: dilations) - Self.channelCells(channels: Self.referenceChannels, dilations: dilations)
        let channelWork: Double = dilations > 0 ? perChannelCell * beyond : 0
        let perSample: Double = perRocketCell * Double(features) + channelWork
        return windows * length * perSample
    }

    /// The share of a window's own transform that it costs among a stream's windows `hop` samples apart
    /// (``GestureKit/MiniRocket/transform(windowsOf:runs:length:hop:threads:variant:sharing:)``): at a dilation d with
    /// n > 8d, the outputs of `hop` new samples and the 8d positions at its ends; at n ≤ 8d, or windows that do not
    /// overlap, the whole window. Weighted by each dilation's features; at most 1. O(dilations).
    package static func batchShare(length n: Int, hop: Int, dilations: [Int], featuresPerDilation: [Int]) -> Double {
        guard hop < n, !dilations.isEmpty, dilations.count == featuresPerDilation.count else { return 1 }
        var share = 0.0, total = 0.0
        for (d, f) in zip(dilations, featuresPerDilation) {
            share += Double(f) * (n > 8 * d ? min(1, Double(hop + 8 * d) / Double(n)) : 1)
            total += Double(f)
        }
        return total > 0 ? share / total : 1
    }

    /// The seconds of one eigendecomposition of the ridge's Gram matrix over `n` windows: ``perEigenCell`` · n³. O(1).
    package func eigenSeconds(windows n: Double) -> Double {
        perEigenCell * n * n * n
    }
}
