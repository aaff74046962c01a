import Foundation
@testable import GestureKit
import Synchronization
import Testing

/// Every iteration runs exactly once, whatever the thread count; one thread runs them in order.
@Suite struct ParallelLoopTests {
    @Test(arguments: [nil, 1, 2, 3, 64] as [Int?])
    func everyIndexOnce(threads: Int?) {
        // Each iteration counts in its own slot, as parallelMap writes: an index handed out twice shows as a 2,
        // and as a race under ThreadSanitizer. (Not a Mutex: on Linux it waits on a futex, which ThreadSanitizer
        // does not see, so it reports the guarded writes as races.)
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 1000)
        counts.initialize(repeating: 0)
        defer { counts.deallocate() }
        nonisolated(unsafe) let slots = counts
        ParallelLoop.run(1000, threads: threads) { i in slots[i] += 1 }
        #expect(Array(counts) == [Int](repeating: 1, count: 1000))
    }

    @Test func oneThreadRunsInOrderOnTheCallingThread() {
        let order = Mutex([Int]())
        let onMain = Thread.isMainThread
        let sameThread = Mutex(true)
        ParallelLoop.run(50, threads: 1) { i in
            order.withLock { $0.append(i) }
            if Thread.isMainThread != onMain { sameThread.withLock { $0 = false } }
        }
        #expect(order.withLock { $0 } == Array(0..<50))
        #expect(sameThread.withLock { $0 })
        #expect(ParallelLoop.workers(nil) == ProcessInfo.processInfo.activeProcessorCount && ParallelLoop.workers(0) == ParallelLoop.workers(nil))
        #expect(ParallelLoop.workers(3) == 3)
    }

    /// The batch nearest-neighbour search gives the same neighbours on one thread as on all.
    @Test func nearestNeighboursDoNotDependOnThreads() throws {
        var series: [DTWSeries] = []
        for i in 0..<40 {
            let phase = Double(i) * 0.7, offset = Double(i % 3) * 0.1
            let values: [Double] = (0..<30).map { t in sin(Double(t) * 0.3 + phase) + offset }
            series.append(try DTWSeries(values))
        }
        let index = try DTWIndex(templates: series, dtw: DTW(band: 0.1))
        let one = try index.nearest(to: series, k: 2, leaveOneOut: true, threads: 1)
        let all = try index.nearest(to: series, k: 2, leaveOneOut: true)
        #expect(one.neighbors == all.neighbors)
        #expect(one.statistics == all.statistics)
    }
}
