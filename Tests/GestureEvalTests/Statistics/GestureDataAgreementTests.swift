import CGSL
import Foundation
@testable import GestureData
import GestureEval
import GestureKit
import Testing

/// GestureData carries no GSL, so its few numerical pieces are written in Swift; here they meet GSL itself,
/// bit for bit, so nothing read through GestureData moves when it stopped linking GSL.
@Suite struct GestureDataAgreementTests {
    /// `MersenneTwister` against `gsl_rng_mt19937`: the same 32-bit outputs and the same uniforms, past
    /// several regenerations of the 624-word state, for GSL's default seed (0 → 4357), small and wide seeds.
    @Test(arguments: [0, 1, 2, 4357, 123_456_789, (1 << 32) + 7] as [UInt])
    func mersenneTwisterDrawsGSLsStream(seed: UInt) throws {
        let type = try #require(gestureDataTestMT19937())
        let rng = try #require(gsl_rng_alloc(type))
        defer { gsl_rng_free(rng) }
        gsl_rng_set(rng, seed)
        var ours = MersenneTwister(seed: seed)
        var mismatches = 0
        for k in 0..<5_000 {
            if k.isMultiple(of: 2) {
                if UInt(ours.next()) != gsl_rng_get(rng) { mismatches += 1 }
            } else if ours.nextUniform().bitPattern != gsl_rng_uniform(rng).bitPattern {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    /// `PaddingNoise` fills exactly the NaN slots, with values in [0, 0.001), and the same seed gives the same
    /// series.
    @Test func paddingNoiseFillsOnlyThePadding() {
        let series = [LabelledSeries(label: "a", dimensions: [[1, 2, .nan, .nan], [3, .nan, .nan, .nan]])]
        let filled = PaddingNoise.fill(series, seed: 7)
        #expect(filled[0].dimensions[0][0] == 1 && filled[0].dimensions[1][0] == 3)
        let noise = filled[0].dimensions.flatMap { $0 }.filter { $0 < 0.001 }
        #expect(noise.count == 5 && noise.allSatisfy { $0 >= 0 })
        #expect(PaddingNoise.fill(series, seed: 7)[0].dimensions.flatMap { $0 }.map(\.bitPattern)
                == filled[0].dimensions.flatMap { $0 }.map(\.bitPattern))
    }

    /// `SampleStatistics` against GSL's `Descriptive`: the same bits for medians and standard deviations of
    /// odd and even, tiny and large, clustered and spread samples (timestamps intervals among them).
    @Test func sampleStatisticsMatchGSL() throws {
        var random = SplitMix64(seed: 11)
        for trial in 0..<300 {
            let n = 2 + trial % 37
            let scale = [1e-3, 1, 1e6][trial % 3]
            let values = (0..<n).map { _ in 0.01 + scale * Double(random.next() % 1_000_003) / 1_000_003 }
            #expect(SampleStatistics.median(values)?.bitPattern == (try Descriptive.median(values)).bitPattern)
            #expect(SampleStatistics.standardDeviation(values)?.bitPattern == (try Descriptive.standardDeviation(values)).bitPattern)
        }
        #expect(SampleStatistics.median([]) == nil)
        #expect(SampleStatistics.standardDeviation([4]) == nil)
        #expect(SampleStatistics.median([1, .nan]) == nil)
    }

    /// The median by selection gives the sorted (GSL's) median bit for bit on runs of equal values, signed zeros,
    /// sorted and reversed input and sample intervals of a long clock, where a wrong split would show.
    @Test func medianBySelectionMatchesSorting() throws {
        var random = SplitMix64(seed: 47)
        for trial in 0..<400 {
            let n = 1 + random.index(trial % 4 == 0 ? 5000 : 40)
            let pool: [Double] = [-0.0, 0.0, 0.01, 0.01, 0.02, -1, 3, 1e-300, .leastNonzeroMagnitude]
            var values = (0..<n).map { _ in trial % 2 == 0 ? random.choose(pool) : random.uniform(-1...1) }
            if trial % 5 == 1 { values.sort() }
            if trial % 5 == 2 { values.sort(by: >) }
            let median = SampleStatistics.median(values)
            #expect(median?.bitPattern == SampleStatistics.medianBySorting(values)?.bitPattern, "\(values.prefix(12))…")
            if !values.contains(0) {
                // GSL's sort is not stable, so with signed zeros it may pick the other zero; elsewhere it agrees.
                #expect(median?.bitPattern == (try Descriptive.median(values)).bitPattern)
            }
        }
        var clock: [Double] = []
        for k in 0..<200_001 {
            let jitter: Double = k % 7 == 0 ? 0.003 : 0
            clock.append(Double(k) / 100 + jitter)
        }
        let intervals: [Double] = zip(clock.dropFirst(), clock).map { $0.0 - $0.1 }
        #expect(SampleStatistics.median(intervals)?.bitPattern == SampleStatistics.medianBySorting(intervals)?.bitPattern)
    }
}

/// GSL's MT19937 generator type, looked up by name (the global `gsl_rng_mt19937` is mutable C state).
private func gestureDataTestMT19937() -> UnsafePointer<gsl_rng_type>? {
    guard var types = gsl_rng_types_setup() else { return nil }
    while let type = types.pointee {
        if String(cString: type.pointee.name) == "mt19937" { return type }
        types += 1
    }
    return nil
}
