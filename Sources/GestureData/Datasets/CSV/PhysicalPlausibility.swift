import GestureKit

/// Checks converted values against physics, so that a unit nobody stated is caught rather than read
/// as g: at rest a device reads 1 g, and no hand turns a device faster than about 35 rad/s (2,000 °/s,
/// the largest range of phone and watch gyroscopes) for several samples.
///
/// The resting magnitude is the median |a| of still stretches (windows of ``windowLength`` samples
/// whose magnitude varies by at most 5 % of its mean, a test that holds in any unit, or whose vector stays
/// within ``stillSpread`` of its mean near 0 g), else of every sample when nothing is still (walking averages
/// about 1 g too). O(samples log samples).
///
/// It is the one reading of physics for every path that reads samples: a manifest's streams
/// (``DatasetReader``), a `csv:` file and a CSV stream (`detect`), each wording the fix in its own terms.
/// Acceleration and rotation rate are judged together as well (``StillWindows``): a rotation rate across
/// gravity that holds while the acceleration stays still is impossible, since gravity would have turned.
package enum PhysicalPlausibility {
    /// Samples per window when looking for still stretches.
    package static let windowLength = 16
    /// The resting magnitudes, in g, accepted as 1 g: calibration and tilt keep real devices within it.
    package static let restingBand: ClosedRange<Double> = 0.8...1.25
    /// The resting magnitudes, in g, that pass as 1 g: a factor of 2.5 either way (a glitchy real file's still
    /// stretches can read 2 g). Rest outside it is a unit nobody stated, or no gravity at all.
    package static let plausibleRest: ClosedRange<Double> = 0.4...2.5
    /// The resting magnitude, g, below which still stretches hold no gravity: acceleration without gravity (user or
    /// linear acceleration) read as total acceleration, or a device in free fall; no scale makes it 1 g.
    package static let gravityFreeRest = 0.06
    /// How far (RMS, g) the acceleration vector may stray from its mean in a window that is still in any direction.
    package static let stillSpread = 0.03
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
    /// A row that reads beyond ``largestAcceleration`` as it stands is still a sample, not metadata, when the unit
    /// that fits the rest of the file makes it plausible: 1,003 in a file of milli-g resting at 1,000 is 1.003 g.
    package static func leadingImpossibleRows(x: [Double], y: [Double], z: [Double]) -> Int {
        let n = min(x.count, y.count, z.count)
        var count = 0
        while count < n, Vector3(x[count], y[count], z[count]).length > largestAcceleration { count += 1 }
        guard count > 0, count <= metadataRows, count < n else { return 0 }
        let rest = restingMagnitude(x: Array(x[count..<n]), y: Array(y[count..<n]), z: Array(z[count..<n]))?.median
        return isMetadata(firstMagnitude: Vector3(x[0], y[0], z[0]).length, restingMagnitude: rest) ? count : 0
    }

    /// Whether a first row reading `magnitude` (beyond ``largestAcceleration`` as read) is metadata rather than a
    /// sample, given the resting magnitude of the rows after it (`nil` when unknown): it is metadata when even the
    /// unit that brings that rest to 1 g (g itself, or a ``fittingUnit(restingMagnitude:)``) leaves it beyond any
    /// accelerometer. O(1).
    package static func isMetadata(firstMagnitude magnitude: Double, restingMagnitude rest: Double?) -> Bool {
        guard magnitude > largestAcceleration else { return false }
        guard let rest, rest > 0 else { return true }
        let factor = restingBand.contains(rest) ? 1 : fittingUnit(restingMagnitude: rest)?.factor ?? 1
        return magnitude * factor > largestAcceleration
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

    /// The units a gyroscope's values are commonly written in, each with the factor that makes them rad/s: degrees per
    /// second; raw 16-bit counts at each full-scale range, as counts per °/s (131, 65.5, 32.8, 16.4: MPU-6050/9250,
    /// ICM-20948; BMI160 writes the same) and as millidegrees per second per count (4.375 … 70: LSM6, LSM9DS1); and
    /// millidegrees per second. The factors are rad/s per value as written.
    package static let rotationCandidates: [Candidate] = [
        Candidate(factor: .pi / 180, name: "degrees per second (π/180)"),
    ] + [(131.0, 250), (65.5, 500), (32.8, 1000), (16.4, 2000)].map { perDegree, range in
        Candidate(factor: .pi / 180 / perDegree, name: "\(SampleCSVFormat.format(perDegree)) counts per °/s (±\(range) °/s in 16 bits; MPU-6050/9250, BMI160)")
    } + [(4.375, 125), (8.75, 250), (17.5, 500), (35.0, 1000), (70.0, 2000)].map { mdps, range in
        Candidate(factor: .pi / 180 * mdps / 1000, name: "\(SampleCSVFormat.format(mdps)) mdps per count (±\(range) °/s; LSM6, LSM9DS1)")
    } + [Candidate(factor: .pi / 180 / 1000, name: "millidegrees per second")]

    /// The largest raw 16-bit count, which no gyroscope's counts exceed.
    static let largestCount = 32768.0

    /// The units that make a gyroscope peaking at `rawPeak` (its values as written, before any scale) a rotation a hand
    /// reaches (``largestRotationRate`` or less), each once, never the scale already `applied` (so no hint compounds
    /// it): degrees per second alone when it fits (counts never stay within ±2,000); else the count families, when the
    /// values fit 16 bits; else millidegrees per second. Empty when none fits. O(candidates).
    package static func fittingRotationUnits(rawPeak: Double, applied: Double?) -> [Candidate] {
        let fitting = rotationCandidates.filter { c in
            rawPeak * c.factor <= largestRotationRate && applied.map { abs($0 / c.factor - 1) > 1e-6 } ?? true
        }
        if let degrees = fitting.first, degrees.factor == .pi / 180 { return [degrees] }
        let counts = fitting.filter { $0.name.contains("count") }
        if rawPeak <= largestCount, !counts.isEmpty { return counts }
        return fitting.filter { !$0.name.contains("count") }
    }

    /// The scales to give a gyroscope peaking at `rawPeak` as written (``fittingRotationUnits(rawPeak:applied:)``), in
    /// words: `scale: 0.01745 (degrees per second (π/180))`, or every count family's `scale` with its range; `nil` when
    /// no common unit fits.
    package static func rotationScaleHint(rawPeak: Double, applied: Double?) -> String? {
        let units = fittingRotationUnits(rawPeak: rawPeak, applied: applied)
        guard !units.isEmpty else { return nil }
        if units.count == 1 { return "scale: \(units[0].factor) (\(units[0].name))" }
        return "the scale of its full-scale range (the datasheet's sensitivity, or the range the device was set to): "
            + units.map { "scale: \(SampleCSVFormat.format($0.factor)) for \($0.name)" }.joined(separator: ", ")
    }

    /// The median magnitude of `x`, `y`, `z` over still stretches (else over all samples), and whether
    /// any stretch was still; `nil` when no sample is finite.
    ///
    /// A window is still when its magnitude varies by at most 5 % of its mean (any unit), or, below
    /// ``gravityFreeRest`` where relative variation is noise, when its vector stays within ``stillSpread`` (RMS) of
    /// its mean: acceleration without gravity at rest reads a few thousandths of a g that vary by as much. A window
    /// of exact zeros (a sensor that wrote nothing) is not still.
    package static func restingMagnitude(x: [Double], y: [Double], z: [Double]) -> (median: Double, still: Bool)? {
        let n = min(x.count, y.count, z.count)
        var all: [Double] = []
        var vectors: [Vector3] = []
        all.reserveCapacity(n)
        vectors.reserveCapacity(n)
        for i in 0..<n {
            let v = Vector3(x[i], y[i], z[i])
            let m = v.length
            if m.isFinite {
                all.append(m)
                vectors.append(v)
            }
        }
        guard !all.isEmpty else { return nil }
        var still: [Double] = []
        var start = 0
        while start + windowLength <= all.count {
            let range = start..<(start + windowLength)
            let window = all[range]
            let mean = window.reduce(0, +) / Double(windowLength)
            let variance = window.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(windowLength)
            if mean > 0, variance.squareRoot() <= 0.05 * mean {
                still.append(mean)
            } else if mean > 0, mean < gravityFreeRest, spread(vectors[range]) <= stillSpread {
                still.append(mean)
            }
            start += windowLength
        }
        if let median = SampleStatistics.median(still) { return (median, true) }
        return (SampleStatistics.median(all) ?? all[0], false)
    }

    /// The RMS distance of `vectors` from their mean. O(count).
    static func spread(_ vectors: ArraySlice<Vector3>) -> Double {
        guard !vectors.isEmpty else { return 0 }
        let mean = vectors.reduce(Vector3.zero, +) / Double(vectors.count)
        let sum = vectors.reduce(0.0) { $0 + ($1 - mean).lengthSquared }
        return (sum / Double(vectors.count)).squareRoot()
    }

    /// What the resting acceleration (converted, g) says is wrong with it, or `nil` when it passes (or cannot be
    /// judged: nothing finite, or no still stretch and a median below ``gravityFreeRest``, as files of zeros read).
    package enum RestVerdict: Equatable, Sendable {
        /// Rest at `magnitude` g, outside ``plausibleRest``: a unit nobody stated; `fit` the common unit that brings
        /// it to 1 g, `nil` when none does (or the values sit around a midpoint, ``looksOffset(x:y:z:)``).
        case awayFromOneG(magnitude: Double, fit: Candidate?)
        /// Still stretches at `magnitude` g, below ``gravityFreeRest`` (or, with nothing still, motion about no
        /// mean): acceleration without gravity read as total acceleration, or a device in free fall.
        case withoutGravity(magnitude: Double)
    }

    /// The verdict on acceleration claimed as total (``RestVerdict``), from its still stretches, and with the samples'
    /// `times` (s) from its motion too: acceleration that averages out second by second holds no gravity whatever its
    /// scale (``movesWithoutGravity(times:x:y:z:)``). O(samples log samples).
    package static func judgeRest(x: [Double], y: [Double], z: [Double], times: [Double]? = nil) -> RestVerdict? {
        guard let rest = restingMagnitude(x: x, y: y, z: z) else { return nil }
        if rest.median < gravityFreeRest { return rest.still ? .withoutGravity(magnitude: rest.median) : nil }
        if let times, let mean = movesWithoutGravity(times: times, x: x, y: y, z: z) { return .withoutGravity(magnitude: mean) }
        guard !plausibleRest.contains(rest.median) else { return nil }
        if !rest.still, movesAboutNoMean(x: x, y: y, z: z, median: rest.median) { return .withoutGravity(magnitude: rest.median) }
        let fit = looksOffset(x: x, y: y, z: z) ? nil : fittingUnit(restingMagnitude: rest.median)
        return .awayFromOneG(magnitude: rest.median, fit: fit)
    }

    /// Whether acceleration that is never still moves about no mean: its mean vector is under a quarter of its median
    /// magnitude. Acceleration without gravity averages to about 0 (its integral is a change of velocity), while
    /// gravity keeps a mean of about 1 g in any unit unless the device turns every way. O(samples).
    static func movesAboutNoMean(x: [Double], y: [Double], z: [Double], median: Double) -> Bool {
        var sum = Vector3.zero, count = 0
        for i in 0..<min(x.count, y.count, z.count) {
            let v = Vector3(x[i], y[i], z[i])
            if v.length.isFinite { sum = sum + v; count += 1 }
        }
        return count > 0 && median > 0 && (sum / Double(count)).length < 0.25 * median
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
