import CGSL

/// A seeded Mersenne Twister (GSL's `gsl_rng_mt19937`): every random choice in GestureEval
/// (bootstrap resampling, shuffled folds) draws from one of these, so a seed fixes the result.
///
/// Not thread-safe: create one per task. Owns its GSL state and frees it on deinit.
package final class SeededRandom {
    private let state: UnsafeMutablePointer<gsl_rng>

    /// The seed it was created with.
    package let seed: UInt64

    /// Creates a generator seeded with `seed`. GSL's mt19937 takes a 32-bit seed, so the two halves
    /// of `seed` are combined by exclusive or (and GSL replaces 0 by its default seed 4357).
    package init(seed: UInt64) {
        self.seed = seed
        guard let rng = gsl_rng_alloc(cgsl_rng_mt19937()) else { fatalError("gsl_rng_alloc failed: out of memory") }
        state = rng
        gsl_rng_set(rng, UInt(truncatingIfNeeded: (seed ^ (seed >> 32)) & 0xffff_ffff))
    }

    deinit { gsl_rng_free(state) }

    /// A uniform integer in `0..<n`, `n` ≥ 1. O(1).
    package func index(below n: Int) -> Int {
        precondition(n >= 1, "index(below:) needs n ≥ 1")
        return Int(gsl_rng_uniform_int(state, UInt(n)))
    }

    /// A uniform double in [0, 1). O(1).
    package func uniform() -> Double { gsl_rng_uniform(state) }

    /// Shuffles `values` in place (Fisher–Yates on GSL draws). O(n).
    package func shuffle<T>(_ values: inout [T]) {
        guard values.count > 1 else { return }
        for i in stride(from: values.count - 1, to: 0, by: -1) {
            values.swapAt(i, index(below: i + 1))
        }
    }
}
