/// What reading a dataset did beyond parsing, by the manifest's explicit policies: times made
/// relative to the first sample, label runs turned into annotations or ignored, batched timestamps
/// spread, sensor files aligned onto one clock. `inspect`, `validate`, `convert` and `import` print it.
public struct ReadingReport: Codable, Hashable, Sendable {
    /// Recordings whose times were made relative to their first sample (epoch or uptime clocks).
    package var relativeTimeRecordings = 0
    /// Annotations made from runs of a label column.
    package var labelAnnotations = 0
    /// Samples in runs of ignored label values, by value.
    package var ignoredLabelSamples: [String: Int] = [:]
    /// Runs of ignored label values.
    package var ignoredLabelRuns = 0
    /// Groups of rows that shared one timestamp and were spread evenly (`batches: spread`).
    package var spreadBatches = 0
    /// Rows whose time was changed by spreading.
    package var spreadRows = 0
    /// Rows put in time order while reading (`convert --repair sort`), before streams were aligned.
    package var sortedRows = 0
    /// Recordings assembled from several sensor files.
    package var alignedRecordings = 0
    /// The alignment policy in words, when streams were aligned.
    package var alignment: String?
    /// Reference samples dropped because they lie outside a stream's time span.
    package var alignmentDroppedSamples = 0
    /// Reference samples (or grid points) left out because they fall inside a stream's gap, where a value would
    /// be invented.
    package var alignmentGapSamples = 0
    /// Annotations from the label column cut to (or, wholly outside, dropped from) the aligned recording's span.
    package var alignmentClippedAnnotations = 0
    /// The longest interval, seconds, between two samples of a stream that was interpolated across.
    package var largestGap: Double?
    /// The file holding ``largestGap``.
    package var largestGapFile: String?
    /// By file name, then placement: rows where that sensor unit's cells were empty (its gaps, NaN in its columns);
    /// under `primary`, rows dropped because every primary column was empty. `nil` without sensor units.
    package var sensorGaps: [String: [String: Int]]?
    /// By placement: samples of the primary unit's clock at which that unit's streams (``alignment``) had no reading
    /// (outside their span or inside their gaps), left as that unit's gap (NaN) while the primary unit's sample stays.
    /// `nil` without placed streams.
    package var unitGapSamples: [String: Int]?
    /// Each placed stream's clock offset against the primary unit's, stated or estimated, one per recording and
    /// placement. `nil` without clocks.
    package var clockOffsets: [ClockOffset]?

    /// How one recording's unit was put on the primary unit's clock: `t_primary = t_unit + seconds`.
    package struct ClockOffset: Codable, Hashable, Sendable {
        /// The unit's file whose clock was related (its stream stating the clock).
        package var file: String
        /// The unit's placement.
        package var placement: String
        /// The offset, seconds, added to the unit's times.
        package var seconds: Double
        /// For an estimate: Pearson's r of |a| at that offset, the range searched (s) and the event window (s after
        /// the primary unit's first sample); `nil` for a stated offset.
        package var correlation: Double?
        /// The range of offsets searched, seconds; `nil` for a stated offset.
        package var search: [Double]?
        /// The event window, seconds; `nil` for a stated offset or the whole recording. With two events, the first.
        package var event: [Double]?
        /// With two events (clocks that drift): the second window, its offset (s) and correlation, and the rate the
        /// unit's times were scaled by (the primary unit's seconds per second of the unit's clock); `nil` otherwise.
        package var drift: Drift?

        /// The second estimate of a clock that drifts, and the rate the two give.
        package struct Drift: Codable, Hashable, Sendable {
            /// The second event window, seconds after the primary unit's first sample.
            package var event: [Double]
            /// The offset estimated there, seconds.
            package var seconds: Double
            /// Pearson's r of |a| there.
            package var correlation: Double
            /// The primary unit's seconds per second of the unit's clock (1.001: the unit's clock runs 0.1 % slow).
            package var rate: Double
        }

        /// The offset in words, for ``lines``.
        var line: String {
            let value = String(format: "%+.3f s", seconds)
            guard let correlation, let search else { return "clock: \(file) (\(placement)): \(value) as stated" }
            let window = event.map { "over \(fmt($0[0]))–\(fmt($0[1])) s" } ?? "over the whole recording"
            if let drift {
                let ppm = (1 / drift.rate - 1) * 1e6
                return "clock: \(file) (\(placement)): \(value) at \(fmt(event?[0] ?? 0))–\(fmt(event?[1] ?? 0)) s (r \(String(format: "%.3f", correlation))) and "
                    + "\(String(format: "%+.3f s", drift.seconds)) at \(fmt(drift.event[0]))–\(fmt(drift.event[1])) s (r \(String(format: "%.3f", drift.correlation))), "
                    + "estimated from |a| searching \(fmt(search[0])) to \(fmt(search[1])) s: rate \(String(format: "%.6f", drift.rate)), "
                    + "its clock \(String(format: "%.0f", abs(ppm))) ppm \(ppm >= 0 ? "fast" : "slow")"
            }
            return "clock: \(file) (\(placement)): \(value) estimated from |a| (r \(String(format: "%.3f", correlation)), searched "
                + "\(fmt(search[0])) to \(fmt(search[1])) s \(window))"
        }

        private func fmt(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : String(x) }
    }

    /// What was inferred rather than stated (a time unit, an epoch clock made relative, bare
    /// `x,y,z` taken as acceleration), one line each, without repeats.
    public var notes: [String] = []

    /// An empty report.
    package init() {}

    /// Whether reading applied no policy.
    public var isEmpty: Bool { self == ReadingReport() }

    /// Adds `other`'s counts; keeps the larger gap.
    package mutating func merge(_ other: ReadingReport) {
        relativeTimeRecordings += other.relativeTimeRecordings
        labelAnnotations += other.labelAnnotations
        ignoredLabelSamples.merge(other.ignoredLabelSamples, uniquingKeysWith: +)
        ignoredLabelRuns += other.ignoredLabelRuns
        spreadBatches += other.spreadBatches
        spreadRows += other.spreadRows
        sortedRows += other.sortedRows
        alignedRecordings += other.alignedRecordings
        alignment = alignment ?? other.alignment
        alignmentDroppedSamples += other.alignmentDroppedSamples
        alignmentGapSamples += other.alignmentGapSamples
        alignmentClippedAnnotations += other.alignmentClippedAnnotations
        if let gaps = other.sensorGaps {
            sensorGaps = (sensorGaps ?? [:]).merging(gaps) { a, b in a.merging(b, uniquingKeysWith: +) }
        }
        if let gaps = other.unitGapSamples { unitGapSamples = (unitGapSamples ?? [:]).merging(gaps, uniquingKeysWith: +) }
        if let offsets = other.clockOffsets { clockOffsets = (clockOffsets ?? []) + offsets }
        for note in other.notes where !notes.contains(note) { notes.append(note) }
        if let gap = other.largestGap, gap > (largestGap ?? -1) {
            largestGap = gap
            largestGapFile = other.largestGapFile
        }
    }

    /// One line per policy that changed something, for people.
    public var lines: [String] {
        var lines: [String] = []
        if relativeTimeRecordings > 0 {
            lines.append("time: \(relativeTimeRecordings) recordings made relative to their first sample (epoch or uptime clock)")
        }
        if labelAnnotations > 0 || ignoredLabelRuns > 0 {
            var line = "labels: \(labelAnnotations) annotations from runs of the label column (first to last sample of each run)"
            if ignoredLabelRuns > 0 {
                let values = ignoredLabelSamples.keys.sorted().map { "\($0): \(ignoredLabelSamples[$0]!) samples" }
                line += "; ignored \(ignoredLabelRuns) runs (\(values.joined(separator: ", ")))"
            }
            lines.append(line)
        }
        if spreadBatches > 0 {
            lines.append("batches: spread \(spreadRows) rows of \(spreadBatches) batches sharing one timestamp evenly up to the next timestamp")
        }
        if sortedRows > 0 {
            lines.append("sort: moved \(sortedRows) rows into time order while reading, before sensors were aligned (--repair sort)")
        }
        if alignedRecordings > 0 {
            var line = "alignment: \(alignedRecordings) recordings, \(alignment ?? "")"
            if alignmentDroppedSamples > 0 { line += "; dropped \(alignmentDroppedSamples) samples outside a sensor's span" }
            if alignmentGapSamples > 0 { line += "; left out \(alignmentGapSamples) samples inside a sensor's gap (nothing is interpolated across a gap)" }
            if let gaps = unitGapSamples, !gaps.isEmpty {
                line += "; samples where a placed unit had no reading, its own gap (NaN; the primary unit's sample kept): "
                    + gaps.keys.sorted().map { "\($0) \(gaps[$0]!)" }.joined(separator: ", ")
            }
            if alignmentClippedAnnotations > 0 { line += "; cut \(alignmentClippedAnnotations) label-column annotations to the aligned span" }
            if let largestGap {
                line += "; largest gap interpolated across \(String(format: "%.4f", largestGap)) s (\(largestGapFile ?? "?"))"
            }
            lines.append(line)
        }
        lines += (clockOffsets ?? []).map(\.line)
        for file in (sensorGaps ?? [:]).keys.sorted() {
            let gaps = sensorGaps![file]!
            let units = gaps.keys.filter { $0 != "primary" }.sorted().map { "\($0) \(gaps[$0]!)" }
            let total = gaps.values.reduce(0, +), dropped = gaps["primary"] ?? 0
            let counts = ["primary \(dropped) (rows dropped)"] + units
            lines.append("sensors: \(file): \(total) unit-rows empty, each its unit's own gap: " + counts.joined(separator: ", "))
        }
        return lines + notes
    }
}
