#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// A small, fast, deterministic pseudo-random generator (Steele, Lea & Flood's SplitMix64).
///
/// The synthesizer and MiniRocket draw every random choice from generators of this type, seeded explicitly, so
/// the same seed gives the same numbers on every platform and Swift version (the standard
/// library's `random(in:using:)` algorithms are not guaranteed stable, so they are not used).
/// Each draw is O(1) and allocation-free.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An independent generator for the sub-stream named by `keys`, derived from `seed` alone, so
    /// a recording's randomness does not depend on how many numbers other recordings drew.
    package static func stream(_ seed: UInt64, _ keys: UInt64...) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed)
        var state = mixer.next()
        for key in keys {
            mixer = SplitMix64(seed: state ^ (key &* 0xD6E8_FEB8_6659_FD93))
            state = mixer.next()
        }
        return SplitMix64(seed: state)
    }

    /// A uniform value in [0, 1), with 53 random bits.
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform value in `range`.
    package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A uniform integer in `0..<count` (`count` > 0), by Lemire's nearly-divisionless method.
    package mutating func index(_ count: Int) -> Int {
        precondition(count > 0, "cannot choose from nothing")
        let bound = UInt64(count)
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
        }
        return Int(product.high)
    }

    /// An element of a non-empty array, uniformly.
    package mutating func choose<T>(_ elements: [T]) -> T {
        elements[index(elements.count)]
    }

    /// `true` with probability `p`.
    package mutating func bernoulli(_ p: Double) -> Bool {
        unit() < p
    }

    /// A standard normal value (Box–Muller; one value per call, for simplicity over speed).
    package mutating func gaussian() -> Double {
        let u = 1 - unit()  // (0, 1]: log is finite
        let v = unit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }

    /// The elements in a uniformly random order (Fisher–Yates).
    package mutating func shuffled<T>(_ elements: [T]) -> [T] {
        var a = elements
        if a.count < 2 { return a }
        for i in stride(from: a.count - 1, to: 0, by: -1) {
            a.swapAt(i, index(i + 1))
        }
        return a
    }
}
