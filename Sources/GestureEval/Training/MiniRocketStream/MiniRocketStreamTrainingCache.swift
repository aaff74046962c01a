import GestureKit
import GestureData

/// MiniRocket stream fits made once per search and reused by its candidates.
///
/// A fit (the transform, the ridge, the held-out models of the cross-fitting and every training window they score)
/// depends on the windows drawn and the settings that shape them, not on the refractory time or the calibration's
/// objective, which only act on the scored candidates afterwards. A grid over `refractoryTime` or
/// `rejection.maxFalsePerHour` therefore fits once and calibrates each candidate on the same scores; the winner's
/// final training is answered from the cache too. With hard negatives, a candidate whose mined windows differ fits
/// its second pass anew. The results are identical to training each candidate from scratch.
///
/// The recordings with their channels derived (and their augmented copies) depend only on the channels and the
/// augmentation: candidates reading the same channels derive them once.
///
/// One cache serves one training step (one set of training recordings) and is used from one thread. It holds at most
/// one fit per distinct (settings, windows), so at most two per search candidate, and one set of derived recordings per
/// channel set: the search bounds its memory. A search that never repeats a fit (the spotter's) keeps none.
package final class MiniRocketStreamTrainingCache {
    private struct Key: Hashable {
        /// The settings with those that act after the fit cleared.
        var settings: MiniRocketStreamSettings
        var windows: [MiniRocketStreamFitter.WindowRef]
    }

    /// The search keys that act after the fit: candidates differing only in these share it.
    package static let afterTheFit: Set<String> = ["refractoryTime", "rejection.maxFalsePerHour"]

    private struct Prepared: Hashable {
        var channels: [MotionChannel]
        var augmentation: TrainingAugmentation
    }

    private var fits: [Key: MiniRocketStreamFitter.Fit] = [:]
    private var prepared: [Prepared: [Recording]] = [:]
    private let keepsFits: Bool
    /// Fits run, and fits answered from the cache.
    package private(set) var misses = 0, hits = 0
    /// Channel sets derived (each once).
    package private(set) var derivations = 0

    /// An empty cache; with `keepingFits` false it keeps derived recordings only.
    package init(keepingFits: Bool = true) {
        keepsFits = keepingFits
    }

    /// `make()` (the training recordings and their augmented copies, `channels` derived), from the cache when the same
    /// channels and augmentation were asked for before. O(1) on a hit.
    func prepared(channels: [MotionChannel], augmentation: TrainingAugmentation, make: () -> [Recording]) -> [Recording] {
        let key = Prepared(channels: channels, augmentation: augmentation)
        if let cached = prepared[key] { return cached }
        let made = make()
        prepared[key] = made
        derivations += 1
        return made
    }

    /// `make()`, from the cache when the same windows were fitted under the same fit settings before. O(1) on a hit
    /// (plus hashing the window list, O(windows)); a miss costs the fit.
    func fit(settings: MiniRocketStreamSettings, windows: [MiniRocketStreamFitter.WindowRef],
             make: () throws -> MiniRocketStreamFitter.Fit) throws -> MiniRocketStreamFitter.Fit {
        var shape = settings
        shape.refractoryTime = 0
        shape.objective = .f1
        shape.hardNegatives = false
        let key = Key(settings: shape, windows: windows)
        if let cached = fits[key] {
            hits += 1
            return cached
        }
        let fitted = try make()
        if keepsFits { fits[key] = fitted }
        misses += 1
        return fitted
    }
}
