import Foundation
@testable import GestureEval
import GestureKit
import Testing

/// The ridge's Gram matrix is summed by MiniRocket's C kernels in the selected variant: every variant this CPU runs
/// must give the portable variant's matrix bit for bit, and the portable one must be the dot products summed in the
/// documented order (column t in lane t mod 4, each lane in column order, the lanes added, then the last columns).
@Suite struct RidgeClassifierCVGramTests {
    /// Seeded rows × columns, with the shapes that exercise short last blocks, odd row pairs (AVX-512 takes two rows
    /// at once), columns not a multiple of four, and several panels (65,536 / rows columns each).
    static let shapes = [(1, 1), (1, 7), (2, 4), (3, 9), (5, 3), (6, 17), (7, 257), (9, 1_000), (13, 6_001), (33, 2_050), (300, 513)]

    static func matrix(rows: Int, columns: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<(rows * columns)).map { _ in random.index(9) == 0 ? 0 : random.gaussian() * 10 }
    }

    /// Row i · row j in the documented order, written out plainly.
    static func dot(_ x: [Double], _ i: Int, _ j: Int, columns p: Int) -> Double {
        var lanes = SIMD4<Double>.zero
        var t = 0
        while t + 4 <= p {
            let a = SIMD4<Double>(x[(i * p + t)..<(i * p + t + 4)])
            let b = SIMD4<Double>(x[(j * p + t)..<(j * p + t + 4)])
            lanes += a * b
            t += 4
        }
        var sum = lanes.sum()
        while t < p { sum += x[i * p + t] * x[j * p + t]; t += 1 }
        return sum
    }

    @Test func portableIsTheDotProductsInTheirOrder() {
        for (k, (n, p)) in Self.shapes.enumerated() where n * n * p < 20_000_000 {
            let x = Self.matrix(rows: n, columns: p, seed: UInt64(k))
            let gram = RidgeClassifierCV.gram(x, rows: n, columns: p, variant: .portable)
            for i in 0..<n {
                for j in 0..<n {
                    #expect(gram[i * n + j].bitPattern == Self.dot(x, i, j, columns: p).bitPattern, "\(n) × \(p): (\(i), \(j))")
                }
            }
        }
    }

    @Test(arguments: MiniRocket.KernelVariant.available.filter { $0 != .portable })
    func everyVariantEqualsPortableBitForBit(variant: MiniRocket.KernelVariant) {
        for (k, (n, p)) in Self.shapes.enumerated() {
            let x = Self.matrix(rows: n, columns: p, seed: 100 + UInt64(k))
            let portable = RidgeClassifierCV.gram(x, rows: n, columns: p, variant: .portable)
            let wide = RidgeClassifierCV.gram(x, rows: n, columns: p, variant: variant)
            #expect(wide.map(\.bitPattern) == portable.map(\.bitPattern), "\(variant), \(n) × \(p)")
        }
    }
}
