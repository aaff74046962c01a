@testable import GestureKit
import Testing

/// The anti-diagonal kernel and the SIMD lower bounds against the row kernel and plain sums.
@Suite struct DTWKernelTests {
    /// Exactly the row kernel's cost, or +∞ above the bound, for any lengths, windows (0 included), bounds,
    /// valid row bounds and 1–3 dependent dimensions; values on a coarse grid make ties and equal-to-bound costs
    /// common; in both of the kernel's ways of finding live cells. The last trials are long enough for diagonals of
    /// more than 64 cells (it tracks live cells in one 64-bit word up to that width, by scanning beyond).
    @Test func antiDiagonalEqualsTheRowKernel() throws {
        var random = TestRandom(7)
        for trial in 0..<3300 {
            let longest = trial < 3000 ? 14 : 200
            let n = 1 + Int(random.next() % UInt64(longest))
            let m = trial % 2 == 0 ? n : 1 + Int(random.next() % UInt64(longest))
            let dims = 1 + trial % 3
            let a = (0..<(n * dims)).map { _ in Double(Int(random.next() % 7) - 3) }
            let b = (0..<(m * dims)).map { _ in Double(Int(random.next() % 7) - 3) }
            let w = max(abs(n - m), Int(random.next() % UInt64(n + 1)))
            var cells = 0
            let scratch = UnsafeMutablePointer<Double>.allocate(capacity: max(2 * (2 * max(w, n) + 3), DTWKernel.antiDiagonalScratch(n)))
            defer { scratch.deallocate() }
            let exact = DTWKernel.cost(a, n, b, m, stride: dims, dims: dims, window: w, bound: .infinity, cumulativeBound: nil,
                                       scratch: scratch, cells: &cells)
            func local(_ i: Int, _ j: Int) -> Double {
                (0..<dims).reduce(0.0) { $0 + (a[i * dims + $1] - b[j * dims + $1]) * (a[i * dims + $1] - b[j * dims + $1]) }
            }
            // Row bounds: the cheapest cell of each row, summed from the end (or none).
            var cb = [Double](repeating: 0, count: n + 1)
            if trial % 5 != 0 {
                for i in stride(from: n - 1, through: 0, by: -1) {
                    cb[i] = cb[i + 1] + (0..<m).filter { abs(i - $0) <= w }.map { local(i, $0) }.min()!
                }
            }
            let planarA = try DTWSeries(interleaved: a, dimensions: dims).values.indices.map { a[($0 % n) * dims + $0 / n] }
                + [Double](repeating: 0, count: DTWKernel.antiDiagonalPadding)
            let reversedB = DTWIndex.reversedPlanes(try DTWSeries(interleaved: b, dimensions: dims))
            for bound in [Double.infinity, exact, exact - 1, exact + 1, exact / 2, 0] {
                for abandonsEarly in [true, false] {
                    // Scratch the kernel has not written reads as a cost below any true one: a cell computed from
                    // it would come out too low and the cost wrong.
                    scratch.initialize(repeating: -1e6, count: DTWKernel.antiDiagonalScratch(n))
                    let got = DTWKernel.antiDiagonalCost(planarA, n, reversedB: reversedB, m, dims: dims, window: w,
                                                         bound: bound, cb: cb, abandonsEarly: abandonsEarly, scratch: scratch,
                                                         cells: &cells)
                    #expect(got == (exact <= bound ? exact : .infinity),
                            "n \(n) m \(m) dims \(dims) w \(w) bound \(bound) abandonsEarly \(abandonsEarly)")
                }
            }
        }
    }

    /// LB_Enhanced (its end bands plus LB_Keogh's shares of the rows between) never exceeds the DTW cost.
    @Test func enhancedBoundNeverExceedsTheCost() throws {
        var random = TestRandom(23)
        for trial in 0..<500 {
            let n = 2 + trial % 30
            let a = random.walk(n), b = random.walk(n)
            let w = trial % 4 == 0 ? n : Int(random.next() % UInt64(n))
            let bands = 1 + trial % (n / 2)
            let cost = DTWReference.cost(DTWReference.rows(try DTWSeries(a)), DTWReference.rows(try DTWSeries(b)), window: w)
            let envelope = DTW.Envelope(of: try DTWSeries(b), window: w)
            var middle = 0.0
            for i in bands..<(n - bands) { middle += DTW.keoghShare(a[i], envelope.upper[i], envelope.lower[i]) }
            let ends = DTW.enhancedBands(a, b, n, window: w, bands: bands)
            #expect(ends + middle <= cost * (1 + 1e-12), "n \(n) w \(w) bands \(bands)")
        }
    }

    /// The SIMD LB_Keogh equals the plain sum up to rounding, its shares are exact, and the coarse bound stays
    /// below it.
    @Test func lowerBoundsAgreeWithPlainSums() throws {
        var random = TestRandom(11)
        for trial in 0..<200 {
            let n = 1 + trial % 40, dims = trial % 3 == 0 ? 2 : 1
            let query = try DTWSeries(interleaved: random.walk(n, dims: dims), dimensions: dims)
            let template = try DTWSeries(interleaved: random.walk(n, dims: dims), dimensions: dims)
            let envelope = DTW.Envelope(of: template, window: trial % 5)
            var plain = 0.0
            var shares = [Double](repeating: 0, count: n * dims)
            for i in 0..<(n * dims) {
                let x = query.values[i], u = envelope.upper[i], l = envelope.lower[i]
                let d = x > u ? x - u : x < l ? l - x : 0
                shares[i] = d * d
                plain += d * d
            }
            let simd = query.values.withUnsafeBufferPointer { q in
                DTW.keoghSum(q.baseAddress!, n * dims, upper: envelope.upper, lower: envelope.lower)
            }
            #expect(abs(simd - plain) <= 1e-12 * max(1, plain))
            if dims == 1 {
                var written = [Double](repeating: -1, count: n)
                _ = query.values.withUnsafeBufferPointer { q in
                    DTW.keoghShares(q.baseAddress!, n, upper: envelope.upper, lower: envelope.lower, into: &written)
                }
                #expect(written == shares)
            }
            let coarse = DTWIndex.CoarseEnvelopes([envelope])
            var means = [Double](repeating: 0, count: DTWIndex.CoarseEnvelopes.segments(n) * dims)
            query.values.withUnsafeBufferPointer { q in DTWIndex.CoarseEnvelopes.means(of: q.baseAddress!, n, dims: dims, into: &means) }
            #expect(coarse.bound(means, n, dims: dims, template: 0) <= plain * (1 + 1e-12))
        }
    }
}
