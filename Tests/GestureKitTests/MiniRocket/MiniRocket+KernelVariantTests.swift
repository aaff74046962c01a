import Foundation
@testable import GestureKit
import GestureTestSupport
import Testing

/// The transform's inner loops are compiled for several instruction sets (`CMiniRocketKernels`); every variant this
/// CPU runs must give the portable variant's features and fitted biases bit for bit (compared as bit patterns, so
/// −0 and +0 differ too), on seeded random series of many lengths, dilations and channel counts.
@Suite struct MiniRocketKernelVariantTests {
    /// The wide variants this build holds and this CPU runs (none in a portable-only build or off x86-64).
    static let wide = MiniRocket.KernelVariant.available.filter { $0 != .portable }

    /// Lengths around the vector widths (4, 8, 16 lanes) and the kernel's span, a one-sample series, and a long one.
    static let lengths = [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 64, 65, 100, 127, 257, 500, 1_021]

    /// Seeded series: smooth waves plus noise, with runs of exact zeros and of −0, repeated values (ties with the
    /// quantile biases) and a few large magnitudes, so that every branch of the loops and their tails is used.
    static func series(_ count: Int, channels: Int, lengths: [Int], seed: UInt64) throws -> [DTWSeries] {
        var random = SplitMix64(seed: seed)
        return try (0..<count).map { i in
            let n = lengths[i % lengths.count]
            let columns: [[Double]] = (0..<channels).map { c in
                (0..<n).map { t in
                    switch random.index(20) {
                    case 0: 0
                    case 1: -0.0
                    case 2: 1
                    case 3: random.uniform(-1e6...1e6)
                    default: sin(0.1 * Double(t) * Double(c + 1) + Double(i)) + 0.5 * random.gaussian()
                    }
                }
            }
            return try DTWSeries(dimensions: columns)
        }
    }

    /// The features' bit patterns, so that comparisons see −0 against +0 and NaN against NaN.
    static func bits(_ values: [Float]) -> [UInt32] { values.map(\.bitPattern) }

    @Test func portableIsAlwaysAvailableAndTheWidestIsSelected() {
        #expect(MiniRocket.KernelVariant.portable.isAvailable)
        #expect(MiniRocket.KernelVariant.selected == MiniRocket.KernelVariant.available.last)
        #expect(MiniRocket.KernelVariant.allCases.map(\.description) == ["portable", "avx2", "avx512"])
        // On x86-64 every CPU with AVX-512 F and BW has AVX2: the variants nest.
        if MiniRocket.KernelVariant.avx512.isAvailable { #expect(MiniRocket.KernelVariant.avx2.isAvailable) }
    }

    /// Fitting and transforming with each wide variant, against the portable one: channel counts 1 (one-channel
    /// kernels, whose output is formed while counting), 3 and 12 (subsets of up to nine channels summed first), the
    /// dilations of the longest training series (up to 62 here), and test series of every length in ``lengths``.
    @Test(arguments: wide, [1, 3, 12])
    func featuresAndBiasesEqualPortableBitForBit(variant: MiniRocket.KernelVariant, channels: Int) throws {
        let train = try Self.series(6, channels: channels, lengths: [500, 65, 9, 1_021, 17, 2], seed: 11 + UInt64(channels))
        let test = try Self.series(Self.lengths.count, channels: channels, lengths: Self.lengths, seed: 29 + UInt64(channels))
        let portable = try MiniRocket(fitting: train, featureCount: 2_000, seed: 3, threads: 1, variant: .portable)
        let wide = try MiniRocket(fitting: train, featureCount: 2_000, seed: 3, threads: 1, variant: variant)
        #expect(portable.dilations.count > 10)
        #expect(Self.bits(wide.biases) == Self.bits(portable.biases), "biases fitted with \(variant)")
        #expect(wide == portable)
        let expected = try portable.transform(test, threads: 1, variant: .portable)
        let got = try portable.transform(test, threads: 1, variant: variant)
        let f = portable.featureCount
        for (i, length) in Self.lengths.enumerated() {
            let rows = (i * f)..<((i + 1) * f)
            #expect(Self.bits(Array(got[rows])) == Self.bits(Array(expected[rows])), "\(variant), \(channels) channels, length \(length)")
        }
    }

    /// The default feature count (9,996: up to 23 biases per kernel at dilation 1, counted eight at a time by AVX-512
    /// and four at a time by the others) on series whose lengths are not multiples of any vector width.
    @Test(arguments: wide)
    func defaultFeatureCountEqualsPortableBitForBit(variant: MiniRocket.KernelVariant) throws {
        let train = try Self.series(4, channels: 2, lengths: [315, 301], seed: 5)
        let test = try Self.series(6, channels: 2, lengths: [315, 299, 13, 1, 318, 40], seed: 6)
        let rocket = try MiniRocket(fitting: train, seed: 8, threads: 1, variant: .portable)
        #expect(rocket.featureCount == 9_996)
        #expect(try Self.bits(rocket.transform(test, threads: 2, variant: variant)) == Self.bits(rocket.transform(test, threads: 1, variant: .portable)))
    }

    /// The public entry points use the selected variant: their features are the portable ones too.
    @Test func publicTransformEqualsPortable() throws {
        let train = try Self.series(5, channels: 3, lengths: [120, 97], seed: 1)
        let rocket = try MiniRocket(fitting: train, featureCount: 840, seed: 2)
        #expect(rocket == (try MiniRocket(fitting: train, featureCount: 840, seed: 2, variant: .portable)))
        #expect(try Self.bits(rocket.transform(train)) == Self.bits(rocket.transform(train, variant: .portable)))
    }
}
