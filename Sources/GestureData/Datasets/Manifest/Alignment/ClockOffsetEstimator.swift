/// Estimates the offset between two devices' clocks from an event both saw (a shake, a few taps): the offset at which
/// one signal (the acceleration magnitude |a|, g) best correlates with the other's.
///
/// Both signals are put on one grid (step: the finer of the two median intervals, at least 1 ms) by linear
/// interpolation, the reference over its event window; for every offset of the search range on that grid, the
/// Pearson correlation over the grid points both cover is computed, and the best one refined between its neighbours
/// by a parabola (sub-step precision). An offset is considered only where the other signal covers at least half of
/// the event window, so an offset that slides the event out of view cannot win on a few samples.
///
/// - Complexity: O(event samples × search steps) time, O(event samples + search steps) memory.
package enum ClockOffsetEstimator {
    /// A signal on its own clock: increasing times, s, and a value each (NaN where it has none).
    package struct Signal {
        package var times: [Double]
        package var values: [Double]
        /// Creates a signal.
        package init(times: [Double], values: [Double]) {
            self.times = times
            self.values = values
        }
    }

    /// The best offset found.
    package struct Estimate: Equatable {
        /// Seconds to add to the other signal's times to put them on the reference's clock.
        package var seconds: Double
        /// Pearson's r between the two signals at that offset (−1…1).
        package var correlation: Double
        /// Whether the best offset is the first or last of the search range: the true one may lie beyond it.
        package var atEdge: Bool
    }

    /// The offset in `search` (seconds) that best aligns `other` with `reference` over `event` (seconds on the
    /// reference's clock); `nil` when the signals are too short (under 8 grid points in the event window) or no offset
    /// of the range lets `other` cover half of it.
    package static func estimate(reference: Signal, other: Signal, search: ClosedRange<Double>, event: ClosedRange<Double>) -> Estimate? {
        guard let refFirst = reference.times.first, let refLast = reference.times.last,
              let step = gridStep(reference.times, other.times) else { return nil }
        let start = max(refFirst, event.lowerBound), end = min(refLast, event.upperBound)
        guard end > start else { return nil }
        let n = Int(((end - start) / step).rounded(.down)) + 1
        let m = Int(((search.upperBound - search.lowerBound) / step).rounded(.down))
        guard n >= 8 else { return nil }
        // r[k] is the reference at start + k·step; offset j is search.lower + j·step, at which other's sample for
        // grid point k is at start + k·step − offset = u[k + m − j], u[i] = start − search.lower − m·step + i·step.
        let r = resample(reference, from: start, step: step, count: n)
        let u = resample(other, from: start - search.lowerBound - Double(m) * step, step: step, count: n + m)
        var scores = [Double](repeating: -.infinity, count: m + 1)
        for j in 0...m {
            var count = 0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
            for k in 0..<n {
                let x = r[k], y = u[k + m - j]
                guard x.isFinite, y.isFinite else { continue }
                count += 1
                sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y
            }
            guard 2 * count >= n else { continue }
            let c = Double(count)
            let vx = sxx - sx * sx / c, vy = syy - sy * sy / c
            guard vx > 0, vy > 0 else { continue }
            scores[j] = (sxy - sx * sy / c) / (vx * vy).squareRoot()
        }
        guard let best = scores.indices.max(by: { scores[$0] < scores[$1] }), scores[best].isFinite else { return nil }
        var position = Double(best)
        if best > 0, best < m, scores[best - 1].isFinite, scores[best + 1].isFinite {
            let a = scores[best - 1], b = scores[best], c = scores[best + 1]
            let curvature = a - 2 * b + c
            if curvature < 0 { position += min(0.5, max(-0.5, 0.5 * (a - c) / curvature)) }
        }
        return Estimate(seconds: search.lowerBound + position * step, correlation: scores[best], atEdge: best == 0 || best == m)
    }

    /// The finer of the two signals' median intervals, no finer than 1 ms; `nil` when either has no interval.
    private static func gridStep(_ a: [Double], _ b: [Double]) -> Double? {
        guard let da = Recording.medianInterval(of: a), let db = Recording.medianInterval(of: b), da > 0, db > 0 else { return nil }
        return max(min(da, db), 0.001)
    }

    /// `signal` at `from + i·step` for `i` in `0..<count`, linearly interpolated; NaN outside its span and across
    /// its gaps (an interval longer than ``Recording/gapFactor`` median intervals). O(count + samples).
    private static func resample(_ signal: Signal, from: Double, step: Double, count: Int) -> [Double] {
        let t = signal.times, v = signal.values
        var out = [Double](repeating: .nan, count: count)
        guard t.count >= 2, let first = t.first, let last = t.last else { return out }
        let gap = (Recording.medianInterval(of: t) ?? .infinity) * Recording.gapFactor
        var j = 0
        for i in 0..<count {
            let time = from + Double(i) * step
            guard time >= first, time <= last else { continue }
            while j + 2 < t.count, t[j + 1] <= time { j += 1 }
            let dt = t[j + 1] - t[j]
            guard dt <= gap else { continue }
            let w = (time - t[j]) / dt
            out[i] = w <= 0 ? v[j] : v[j] + (v[j + 1] - v[j]) * w
        }
        return out
    }
}
