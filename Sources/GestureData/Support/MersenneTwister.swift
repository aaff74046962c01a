/// The 32-bit Mersenne Twister MT19937 as GSL seeds and draws it (`gsl_rng_mt19937`, `gsl_rng_set`,
/// `gsl_rng_uniform`), so padding noise drawn here is bit for bit the noise GSL draws for the same seed.
///
/// A value type: copying it copies the state. O(1) amortised per draw; 2.5 KB of state.
package struct MersenneTwister: Sendable {
    private static let n = 624, m = 397
    private var state = [UInt32](repeating: 0, count: n)
    private var index = n

    /// Seeds the generator as `gsl_rng_set` does: seed 0 stands for GSL's default 4357; only the low
    /// 32 bits count.
    package init(seed: UInt) {
        let s = seed == 0 ? 4357 : UInt32(truncatingIfNeeded: seed)
        state[0] = s
        for i in 1..<Self.n {
            let previous = state[i - 1]
            state[i] = 1_812_433_253 &* (previous ^ (previous >> 30)) &+ UInt32(i)
        }
    }

    /// The next 32-bit output (`gsl_rng_get`).
    package mutating func next() -> UInt32 {
        if index >= Self.n { twist() }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        y ^= y >> 18
        return y
    }

    /// A uniform double in [0, 1): the next output divided by 2³² (`gsl_rng_uniform`).
    package mutating func nextUniform() -> Double {
        Double(next()) / 4_294_967_296.0
    }

    private mutating func twist() {
        for k in 0..<Self.n {
            let y = (state[k] & 0x8000_0000) | (state[(k + 1) % Self.n] & 0x7FFF_FFFF)
            let magic: UInt32 = y & 1 == 0 ? 0 : 0x9908_B0DF
            state[k] = state[(k + Self.m) % Self.n] ^ (y >> 1) ^ magic
        }
        index = 0
    }
}
