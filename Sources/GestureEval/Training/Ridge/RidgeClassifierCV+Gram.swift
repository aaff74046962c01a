import CMiniRocketKernels
import GestureData
import GestureKit

extension RidgeClassifierCV {
    /// `x·xᵀ` of a row-major `rows × columns` matrix, row-major and symmetric.
    ///
    /// Rows are taken four at a time (a block); each block meets every earlier row and its own, and each product
    /// sums its columns in four lanes (column t in lane t mod 4), the lanes then added, then the last `columns mod 4`
    /// columns one by one. The columns are visited in panels of a few hundred: a panel of every row stays in the
    /// core's L2 cache while all blocks use it, instead of each block streaming the whole matrix from memory. The
    /// lane sums carry over from panel to panel, so the result does not depend on the panel width or the thread
    /// count. Blocks are dealt to the threads in turn (block b to thread b mod T), which evens out the triangle.
    ///
    /// The panels are summed by MiniRocket's C kernels (`gl_gram_accumulate`) in `variant`: AVX-512 takes two rows
    /// at once, each lane still adding its products in column order, so every variant gives the same matrix bit for bit.
    ///
    /// - Complexity: O(rows² · columns / threads) time, O(rows²) extra memory.
    static func gram(_ x: [Double], rows n: Int, columns p: Int, variant: MiniRocket.KernelVariant = .selected) -> [Double] {
        let blocks = (n + 3) / 4
        let vectorColumns = p & ~3
        let lanes = UnsafeMutablePointer<SIMD4<Double>>.allocate(capacity: laneStart(blocks))
        lanes.initialize(repeating: .zero, count: laneStart(blocks))
        defer { lanes.deallocate() }
        // About 512 KB of every row per panel (half of a typical L2), whole vectors.
        let panel = max(64, min(2048, 65_536 / max(1, n))) & ~3
        let workers = min(blocks, ParallelLoop.workers(Parallelism.threads))
        x.withUnsafeBufferPointer { buffer in
            // The kernel sees the lane sums as Doubles, four a SIMD4<Double>.
            lanes.withMemoryRebound(to: Double.self, capacity: 4 * laneStart(blocks)) { flat in
                nonisolated(unsafe) let (base, shared) = (buffer.baseAddress!, flat)
                ParallelLoop.run(workers, threads: workers) { worker in
                    var column = 0
                    while column < vectorColumns {
                        let end = min(vectorColumns, column + panel)
                        var b = worker
                        while b < blocks {
                            gl_gram_accumulate(variant.rawValue, base, n, p, b, column, end, shared + 4 * laneStart(b))
                            b += workers
                        }
                        column = end
                    }
                }
            }
        }
        var out = [Double](repeating: 0, count: n * n)
        x.withUnsafeBufferPointer { xb in
            out.withUnsafeMutableBufferPointer { g in
                for b in 0..<blocks {
                    let first = 4 * b, count = min(4, n - first), stride = first + 4
                    let row = (0..<4).map { (first + min($0, count - 1)) * p }   // a short block repeats its last row
                    for j in 0..<(first + count) {
                        let a = lanes + laneStart(b) + j
                        var sums = SIMD4(a[0].sum(), a[stride].sum(), a[2 * stride].sum(), a[3 * stride].sum())
                        for t in vectorColumns..<p {
                            sums += SIMD4(xb[row[0] + t], xb[row[1] + t], xb[row[2] + t], xb[row[3] + t]) * xb[j * p + t]
                        }
                        for r in 0..<count {
                            g[(first + r) * n + j] = sums[r]
                            g[j * n + first + r] = sums[r]
                        }
                    }
                }
            }
        }
        return out
    }

    /// Where block `b`'s lane sums start: four per product of its rows 4b…4b+3 with rows 0…4b+3. O(1).
    static func laneStart(_ b: Int) -> Int { 16 * (b * (b + 1) / 2) }
}
