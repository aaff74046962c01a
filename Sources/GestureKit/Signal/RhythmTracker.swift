/// The rhythm of a periodic motion (swimming strokes, steps, pedalling) over a trailing window: its period and
/// how regular it is, from the autocorrelation of one orientation-free scalar (|ω| or |a|).
///
/// The signal is first averaged into bins on a fixed clock (``Configuration/rate``, 10 Hz by default): each bin
/// holds the time-average of the piecewise-linear signal over its span, so the same motion sampled at 25, 50 or
/// 100 Hz gives nearly the same bins, and content faster than the bins does not alias into the rhythm. At each new
/// bin the Pearson correlation between the newest ``Configuration/window`` of bins and the same span a lag earlier
/// is taken for every lag between ``Configuration/shortestPeriod`` and ``Configuration/longestPeriod``. The period
/// is the shortest lag at a local peak of that correlation within 90 % of the highest peak (so a whole stroke
/// cycle, not its double), refined between bins by a parabola; the regularity is the correlation there, at
/// least 0. Steady strokes read a regularity near 1; a turn, a glide or rest breaks the rhythm and it falls.
///
/// Until a window and the longest lag have been seen, and for a flat window, both read 0 ("no rhythm"). A gap
/// in the samples longer than ``Configuration/longestPeriod`` starts the history again: time is read on the
/// samples' clock, never counted in samples.
///
/// - Complexity: O(window × lags) per bin, with window and lags in bins (60 × 27 with the defaults, every
///   0.1 s); O(1) per sample otherwise. The storage is allocated once by `init`; no update allocates.
package struct RhythmTracker: Sendable {
    /// Settings in seconds and Hz.
    package struct Configuration: Hashable, Sendable {
        /// The span whose rhythm is measured, s.
        package var window: Double
        /// The shortest period looked for, s.
        package var shortestPeriod: Double
        /// The longest period looked for, s.
        package var longestPeriod: Double
        /// The rate of the bins the signal is averaged into, Hz.
        package var rate: Double

        /// Creates settings; the defaults span arm strokes and steps (0.4–3 s) over 6 s.
        package init(window: Double = 6, shortestPeriod: Double = 0.4, longestPeriod: Double = 3, rate: Double = 10) {
            self.window = window
            self.shortestPeriod = shortestPeriod
            self.longestPeriod = longestPeriod
            self.rate = rate
        }

        /// Checks that every setting is positive and finite and the periods are ordered and at least two bins apart.
        ///
        /// - Throws: ``ConfigurationError`` naming the first setting out of range.
        package func validate() throws(ConfigurationError) {
            try ConfigurationError.requirePositive(window, "rhythm.window")
            try ConfigurationError.requirePositive(shortestPeriod, "rhythm.shortestPeriod")
            try ConfigurationError.requirePositive(longestPeriod, "rhythm.longestPeriod")
            try ConfigurationError.requirePositive(rate, "rhythm.rate")
            guard (longestPeriod - shortestPeriod) * rate >= 2 else {
                throw ConfigurationError(key: "rhythm.longestPeriod",
                    "must exceed rhythm.shortestPeriod by at least two bins (2 / rhythm.rate s), got \(longestPeriod)")
            }
        }
    }

    /// The rhythm read after a sample.
    package struct Reading: Hashable, Sendable {
        /// The period, s; 0 when no rhythm was found.
        package var period: Double
        /// The autocorrelation at the period, in [0, 1]; 0 when no rhythm was found.
        package var regularity: Double

        /// The no-rhythm reading is `Reading(period: 0, regularity: 0)`.
        package init(period: Double, regularity: Double) {
            self.period = period
            self.regularity = regularity
        }
    }

    /// The settings.
    package let configuration: Configuration
    private let step: Double
    private let windowBins: Int
    private let shortestLag: Int
    private let longestLag: Int
    /// The newest `windowBins + longestLag` bins, a ring.
    private var bins: [Double]
    private var head = 0
    private var filled = 0
    /// Oldest first, copied from the ring at each new bin; its prefix sums; the correlation by lag.
    private var linear: [Double]
    private var prefix: [Double]
    private var prefixSquares: [Double]
    private var correlation: [Double]
    /// The bins' clock: bin `k` spans `origin + k·step ..< origin + (k+1)·step`.
    private var origin = 0.0
    private var binIndex = 0
    private var binArea = 0.0
    private var previous: (t: Double, x: Double)?
    private var reading = Reading(period: 0, regularity: 0)

    /// Creates a tracker.
    ///
    /// - Throws: ``ConfigurationError`` for a setting out of range.
    package init(configuration: Configuration = Configuration()) throws(ConfigurationError) {
        try configuration.validate()
        self.configuration = configuration
        step = 1 / configuration.rate
        windowBins = max(2, Int((configuration.window * configuration.rate).rounded()))
        shortestLag = max(1, Int((configuration.shortestPeriod * configuration.rate).rounded()))
        longestLag = max(shortestLag + 2, Int((configuration.longestPeriod * configuration.rate).rounded()))
        let n = windowBins + longestLag
        bins = [Double](repeating: 0, count: n)
        linear = [Double](repeating: 0, count: n)
        prefix = [Double](repeating: 0, count: n + 1)
        prefixSquares = [Double](repeating: 0, count: n + 1)
        correlation = [Double](repeating: 0, count: longestLag + 2)
    }

    /// Consumes the value `x` at time `t` (s) and returns the rhythm as of the newest full bin. A non-finite value
    /// or a time not later than the previous one is passed over.
    package mutating func update(_ x: Double, at t: Double) -> Reading {
        guard x.isFinite, t.isFinite else { return reading }
        guard let (t0, x0) = previous else {
            start(x, at: t)
            return reading
        }
        guard t > t0 else { return reading }
        guard t - t0 <= configuration.longestPeriod else {
            // A gap: the rhythm before it says nothing about the rhythm after it.
            filled = 0
            reading = Reading(period: 0, regularity: 0)
            start(x, at: t)
            return reading
        }
        // Integrates the straight segment (t0, x0)–(t, x) into the bins it crosses.
        var a = t0, xa = x0
        while true {
            let end = origin + Double(binIndex + 1) * step
            if t < end {
                binArea += 0.5 * (xa + x) * (t - a)
                break
            }
            let xe = x0 + (x - x0) * (end - t0) / (t - t0)
            binArea += 0.5 * (xa + xe) * (end - a)
            push(binArea / step)
            binArea = 0
            binIndex += 1
            a = end
            xa = xe
        }
        previous = (t, x)
        return reading
    }

    /// Forgets every sample seen, as if newly created.
    package mutating func reset() {
        previous = nil
        filled = 0
        head = 0
        binArea = 0
        binIndex = 0
        reading = Reading(period: 0, regularity: 0)
    }

    private mutating func start(_ x: Double, at t: Double) {
        previous = (t, x)
        origin = t
        binIndex = 0
        binArea = 0
    }

    private mutating func push(_ value: Double) {
        bins[head] = value
        head = (head + 1) % bins.count
        filled = min(filled + 1, bins.count)
        if filled == bins.count { measure() }
    }

    /// The period and regularity of the full ring. O(window × lags).
    private mutating func measure() {
        let n = bins.count
        for i in 0..<n { linear[i] = bins[(head + i) % n] }
        for i in 0..<n {
            prefix[i + 1] = prefix[i] + linear[i]
            prefixSquares[i + 1] = prefixSquares[i] + linear[i] * linear[i]
        }
        let w = Double(windowBins)
        // The newest window starts at `longestLag`; the window `lag` bins earlier at `longestLag − lag`.
        let newest = longestLag
        let sumA = prefix[newest + windowBins] - prefix[newest]
        let varianceA = (prefixSquares[newest + windowBins] - prefixSquares[newest]) - sumA * sumA / w
        // A flat window (still, or a constant signal) has no rhythm; the floor is far below sensor noise.
        guard varianceA > 1e-12 * w else {
            reading = Reading(period: 0, regularity: 0)
            return
        }
        var best = -Double.infinity
        for lag in max(1, shortestLag - 1)...longestLag {
            let from = newest - lag
            let sumB = prefix[from + windowBins] - prefix[from]
            let varianceB = (prefixSquares[from + windowBins] - prefixSquares[from]) - sumB * sumB / w
            var cross = 0.0
            for i in 0..<windowBins { cross += linear[newest + i] * linear[from + i] }
            let covariance = cross - sumA * sumB / w
            let r = varianceB > 1e-12 * w ? covariance / (varianceA * varianceB).squareRoot() : 0
            correlation[lag] = r
            if lag >= shortestLag { best = max(best, r) }
        }
        // The shortest local peak within 90 % of the highest: a whole cycle rather than a multiple of it.
        var chosen: Int?
        if best > 0 {
            for lag in max(shortestLag, 2)..<longestLag
            where correlation[lag] >= correlation[lag - 1] && correlation[lag] >= correlation[lag + 1] && correlation[lag] >= 0.9 * best {
                chosen = lag
                break
            }
        }
        guard let lag = chosen else {
            reading = Reading(period: 0, regularity: 0)
            return
        }
        let (l, c, r) = (correlation[lag - 1], correlation[lag], correlation[lag + 1])
        let curvature = l - 2 * c + r
        let shift = curvature < 0 ? max(-0.5, min(0.5, 0.5 * (l - r) / curvature)) : 0
        reading = Reading(period: (Double(lag) + shift) * step, regularity: max(0, min(1, c)))
    }
}
