import GestureKit

extension DTW {
    /// The cells one full distance between series of `n` and `m` samples computes (each channel of a cell costs
    /// the same): row i of the warping matrix holds columns max(0, i − w) … min(m − 1, i + w) for the window
    /// w = ``window(_:_:)``, so a long series against a short one pays for their length difference as well as
    /// the band. What ``DTWIndex/pairwiseDistances(_:dtw:)`` counts for a pair. O(1).
    package func cells(_ n: Int, _ m: Int) -> Int {
        guard n > 0, m > 0 else { return 0 }
        let w = window(n, m)
        // Σ_i min(m − 1, i + w): i + w for the first k rows, m − 1 after.
        let k = min(n, max(0, m - w))
        let upper = k * w + k * (k - 1) / 2 + (n - k) * (m - 1)
        // Σ_i max(0, i − w): 1 + 2 + … + (n − 1 − w).
        let t = max(0, n - 1 - w)
        let lower = t * (t + 1) / 2
        return upper + n - lower
    }
}
