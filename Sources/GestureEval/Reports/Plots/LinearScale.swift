import Foundation

/// Maps data values linearly onto pixels, with "nice" round tick values.
package struct LinearScale: Hashable, Sendable {
    /// The data interval shown, in the data's units.
    package var domain: ClosedRange<Double>
    /// The pixel positions of `domain.lowerBound` and `domain.upperBound` (may be decreasing, as for y).
    package var pixels: (start: Double, end: Double)
    /// Tick values inside `domain`, increasing, in the data's units.
    package var ticks: [Double]

    /// A scale over `domain` with the given ticks.
    package init(domain: ClosedRange<Double>, pixels: (start: Double, end: Double), ticks: [Double]) {
        self.domain = domain
        self.pixels = pixels
        self.ticks = ticks
    }

    /// A scale whose domain covers `lower…upper`, widened outwards to round tick values
    /// (1, 2 or 5 × a power of ten), with about `tickCount` ticks.
    package init(covering lower: Double, _ upper: Double, pixels: (start: Double, end: Double), tickCount: Int = 5) {
        var lo = lower.isFinite ? lower : 0, hi = upper.isFinite ? upper : 1
        if lo > hi { swap(&lo, &hi) }
        if hi - lo < 1e-12 * max(1, abs(lo)) {
            let pad = lo == 0 ? 1 : abs(lo) * 0.1
            lo -= pad
            hi += pad
        }
        let step = Self.niceStep((hi - lo) / Double(max(1, tickCount)))
        let first = (lo / step).rounded(.down), last = (hi / step).rounded(.up)
        self.domain = first * step...last * step
        self.pixels = pixels
        self.ticks = stride(from: first, through: last, by: 1).map { ($0 * step * 1e9).rounded() / 1e9 }
    }

    /// 1, 2 or 5 × a power of ten, at least `rough`.
    package static func niceStep(_ rough: Double) -> Double {
        guard rough.isFinite, rough > 0 else { return 1 }
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let residual = rough / magnitude
        let factor: Double = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10
        return factor * magnitude
    }

    /// The 1, 2 or 5 × a power of ten closest to `rough` (on a log scale).
    package static func nearestNiceStep(_ rough: Double) -> Double {
        guard rough.isFinite, rough > 0 else { return 1 }
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let residual = rough / magnitude
        let factor: Double = residual < 1.42 ? 1 : residual < 3.17 ? 2 : residual < 7.08 ? 5 : 10
        return factor * magnitude
    }

    /// The pixel position of `value`.
    package func callAsFunction(_ value: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        guard span > 0 else { return (pixels.start + pixels.end) / 2 }
        return pixels.start + (value - domain.lowerBound) / span * (pixels.end - pixels.start)
    }

    /// Tick labels with just enough decimals to tell neighbouring ticks apart.
    package var tickLabels: [String] {
        let step = ticks.count > 1 ? abs(ticks[1] - ticks[0]) : 1
        let decimals = step > 0 ? max(0, min(6, Int((-log10(step)).rounded(.up)))) : 0
        return ticks.map { Self.format($0, decimals: decimals) }
    }

    /// `value` with `decimals` decimals, and never a negative zero.
    package static func format(_ value: Double, decimals: Int) -> String {
        let s = String(format: "%.\(decimals)f", value)
        return s.hasPrefix("-") && Double(s) == 0 ? String(s.dropFirst()) : s
    }

    /// Equal when domain, pixel range and ticks are equal.
    package static func == (a: LinearScale, b: LinearScale) -> Bool {
        a.domain == b.domain && a.pixels.start == b.pixels.start && a.pixels.end == b.pixels.end && a.ticks == b.ticks
    }

    /// Hashes the properties `==` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(domain.lowerBound)
        hasher.combine(domain.upperBound)
        hasher.combine(pixels.start)
        hasher.combine(pixels.end)
        hasher.combine(ticks)
    }
}
