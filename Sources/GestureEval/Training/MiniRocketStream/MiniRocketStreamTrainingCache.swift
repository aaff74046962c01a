import GestureKit

/// MiniRocket stream fits made once per search and reused by its candidates.
///
/// A fit (the transform, the ridge, the held-out models of the cross-fitting and every training window they score)
/// depends on the windows drawn and the settings that shape them, not on the refractory time or the calibration's
/// objective, which only act on the scored candidates afterwards. A grid over `refractoryTime` or
/// `rejection.maxFalsePerHour` therefore fits once and calibrates each candidate on the same scores; the winner's
/// final training is answered from the cache too. With hard negatives, a candidate whose mined windows differ fits
/// its second pass anew. The results are identical to training each candidate from scratch.
///
/// One cache serves one training step (one set of training recordings) and is used from one thread. It holds at most
/// one fit per distinct (settings, windows), so at most two per search candidate: the search bounds its memory.
package final class MiniRocketStreamTrainingCache {
    private struct Key: Hashable {
        /// The settings with those that act after the fit cleared.
        var settings: MiniRocketStreamSettings
        var windows: [MiniRocketStreamFitter.WindowRef]
    }

    /// The search keys that act after the fit: candidates differing only in these share it.
    package static let afterTheFit: Set<String> = ["refractoryTime", "rejection.maxFalsePerHour"]

    private var fits: [Key: MiniRocketStreamFitter.Fit] = [:]
    /// Fits run, and fits answered from the cache.
    package private(set) var misses = 0, hits = 0

    /// An empty cache.
    package init() {}

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
        fits[key] = fitted
        misses += 1
        return fitted
    }
}
