import GestureKit

/// Checks converted values against physics, so that a unit nobody stated is caught rather than read
/// as g: at rest a device reads 1 g, and no hand turns a device faster than about 35 rad/s (2,000 °/s,
/// the largest range of phone and watch gyroscopes) for several samples.
///
/// The resting magnitude is the median |a| of still stretches (windows of ``windowLength`` samples
/// whose magnitude varies by at most 5 % of its mean, a test that holds in any unit), else of every
/// sample when nothing is still (walking averages about 1 g too). O(samples log samples).
package enum PhysicalPlausibility {
    /// Samples per window when looking for still stretches.
    package static let windowLength = 16
    /// The resting magnitudes, in g, accepted as 1 g: calibration and tilt keep real devices within it.
    package static let restingBand: ClosedRange<Double> = 0.8...1.25
    /// The peak rotation rate, rad/s, above which values are taken for degrees per second.
    package static let largestRotationRate = 35.0
    /// The acceleration magnitude, g, that no worn or handheld device reads: high-g impact sensors stop at
    /// ±400 g. Rows beyond it at the top of a file are metadata (a start time, a rate) read as samples; further
    /// down they are glitches, which real files have (Gyronics' spikes of 10⁴ g) and which are left to the
    /// recognizers' validators.
    package static let largestAcceleration = 1000.0
    /// Leading rows beyond ``largestAcceleration`` that are taken for metadata; more are not a preamble.
    package static let metadataRows = 5

    /// How many rows at the start read beyond ``largestAcceleration`` (0 when the first does not), when there
    /// are at most ``metadataRows`` of them and a plausible row follows. O(leading rows).
    package static func leadingImpossibleRows(x: [Double], y: [Double], z: [Double]) -> Int {
        let n = min(x.count, y.count, z.count)
        var count = 0
        while count < n, Vector3(x[count], y[count], z[count]).length > largestAcceleration { count += 1 }
        return count <= metadataRows && count < n ? count : 0
    }

    /// The message for `rows` leading rows, the first reading `magnitude` g, beyond ``largestAcceleration``.
    package static func impossibleLeadingRowsMessage(rows: Int, magnitude: Double) -> String {
        "the first \(rows == 1 ? "row reads" : "\(rows) rows read") \(SampleCSVFormat.format(magnitude)) g\(rows == 1 ? "" : " and more"), "
            + "beyond any worn or handheld accelerometer (\(Int(largestAcceleration)) g): metadata (a start time, a rate) read as samples; "
            + "leave \(rows == 1 ? "it" : "them") out of the data"
    }

    /// A unit that raw values are commonly written in, and the factor that makes them g.
    package struct Candidate: Hashable, Sendable {
        /// Multiplier to g.
        package var factor: Double
        /// What the unit is, in words.
        package var name: String
    }

    /// The units tried, in order, when rest is not at 1 g.
    package static let candidates: [Candidate] = [
        Candidate(factor: 1 / 1000, name: "milli-g"),
        Candidate(factor: 1 / 9.80665, name: "m/s²"),
        Candidate(factor: 1 / 64, name: "counts of 1/64 g (±2 g in 8 bits, as Empatica E4 writes)"),
        Candidate(factor: 1 / 256, name: "counts of 1/256 g (±8 g in 12 bits)"),
        Candidate(factor: 1 / 1024, name: "counts of 1/1024 g (±2 g in 12 bits)"),
        Candidate(factor: 1 / 4096, name: "counts of 1/4096 g (±8 g in 16 bits)"),
        Candidate(factor: 1 / 16384, name: "counts of 1/16384 g (±2 g in 16 bits)"),
        Candidate(factor: 9.80665, name: "g divided by 9.80665 once too often"),
    ]

    /// The median magnitude of `x`, `y`, `z` over still stretches (else over all samples), and whether
    /// any stretch was still; `nil` when no sample is finite.
    package static func restingMagnitude(x: [Double], y: [Double], z: [Double]) -> (median: Double, still: Bool)? {
        let n = min(x.count, y.count, z.count)
        var all: [Double] = []
        all.reserveCapacity(n)
        for i in 0..<n {
            let m = Vector3(x[i], y[i], z[i]).length
            if m.isFinite { all.append(m) }
        }
        guard !all.isEmpty else { return nil }
        var still: [Double] = []
        var start = 0
        while start + windowLength <= all.count {
            let window = all[start..<(start + windowLength)]
            let mean = window.reduce(0, +) / Double(windowLength)
            let variance = window.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(windowLength)
            if mean > 0, variance.squareRoot() <= 0.05 * mean { still.append(mean) }
            start += windowLength
        }
        if let median = SampleStatistics.median(still) { return (median, true) }
        return (SampleStatistics.median(all) ?? all[0], false)
    }

    /// The common unit whose factor brings `median` into ``restingBand``, or `nil` when none does.
    package static func fittingUnit(restingMagnitude median: Double) -> Candidate? {
        candidates.first { restingBand.contains(median * $0.factor) }
    }

    /// Whether the three axes all read well away from 0 with one sign (each median more than a quarter of
    /// the magnitude): counts around a midpoint (0…255 around 128), which no scale alone makes g; a
    /// device at rest has gravity on one or two axes, the others near 0.
    package static func looksOffset(x: [Double], y: [Double], z: [Double]) -> Bool {
        let medians = [x, y, z].compactMap { SampleStatistics.median($0.filter(\.isFinite)) }
        guard medians.count == 3 else { return false }
        let magnitude = Vector3(medians[0], medians[1], medians[2]).length
        return magnitude > 0 && (medians.allSatisfy { $0 > 0.25 * magnitude } || medians.allSatisfy { $0 < -0.25 * magnitude })
    }

    /// Samples a rotation must last to count as a peak: isolated glitch rows (real files have them) do not.
    package static let sustainedSamples = 8

    /// The rotation rate's sustained peak magnitude: the largest value that ``sustainedSamples``
    /// consecutive samples all reach, so that one glitch does not decide; `nil` when there are fewer samples.
    package static func peakRate(x: [Double], y: [Double], z: [Double]) -> Double? {
        let n = min(x.count, y.count, z.count)
        guard n >= sustainedSamples else { return nil }
        let magnitudes = (0..<n).map { i -> Double in
            let m = Vector3(x[i], y[i], z[i]).length
            return m.isFinite ? m : 0
        }
        var peak = 0.0
        for start in 0...(n - sustainedSamples) {
            peak = max(peak, magnitudes[start..<(start + sustainedSamples)].min()!)
        }
        return peak
    }
}
