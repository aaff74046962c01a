import GestureKit
/// Finds every problem in a loaded dataset and names file, line and field: non-finite values,
/// values outside the manifest's valid ranges, unsorted or duplicate timestamps, gaps, empty and
/// one-sample recordings, annotations that are inverted, outside their recording, overlapping, or
/// use a label the manifest does not list. Reading problems (non-numeric values, missing columns,
/// empty files) are included as found by the reader.
///
/// O(samples + annotations).
package struct DatasetValidator: Sendable {
    /// A gap is an interval longer than this many of the recording's median intervals, the one rule
    /// (``Recording/runs(gapFactor:)``) that `inspect`, `find` and alignment count by. Gaps are warnings.
    package var gapFactor: Double

    /// Creates a validator.
    package init(gapFactor: Double = Recording.gapFactor) { self.gapFactor = gapFactor }

    /// Every problem, errors before warnings (``DatasetProblem/errorsFirst(_:)``), each in order: reading problems
    /// first, then per recording.
    package func validate(_ loaded: LoadedDataset) -> [DatasetProblem] {
        var problems = loaded.problems
        let reported = Set(loaded.problems.compactMap { p in p.location.line.map { "\(p.location.file):\($0)" } })
        let emptyReported = Set(loaded.problems.filter { $0.kind == .emptyFile || $0.kind == .unreadable || $0.kind == .missingColumn }.map(\.location.file))
        let limits = loaded.limits
        let classes = loaded.classes.map(Set.init)
        for (recording, source) in zip(loaded.dataset.recordings, loaded.provenance) {
            let file = source.file
            func line(_ row: Int) -> Int? { row < source.lines.count ? Int(source.lines[row]) : nil }
            func at(_ row: Int, _ field: String?, _ message: String) -> DataFileError {
                let l = line(row)
                return DataFileError(file: file, line: l, field: field, l == nil ? "sample \(row): \(message)" : message)
            }
            if recording.count == 0 {
                if !emptyReported.contains(file) { problems.append(DatasetProblem(.emptyFile, DataFileError(file: file, "the recording has no samples"))) }
                continue
            }
            let firstOfRecording = problems.count
            if recording.count == 1 {
                problems.append(DatasetProblem(.oneSample, DataFileError(file: file, line: line(0), "the recording has only one sample")))
            }
            let t = recording.timestamps
            let columns = [("time", t, nil as ClosedRange<Double>?)] + zip(recording.channelNames, recording.columns).map {
                ($0.0.rawValue, $0.1, limits[$0.0])
            }
            let placed = Set(recording.channelNames.filter { $0.placement != nil }.map(\.rawValue))
            for (name, values, range) in columns {
                for (row, v) in values.enumerated() {
                    if !v.isFinite {
                        // NaN in another unit's column is that unit's gap, counted by the reader (``ReadingReport``).
                        if v.isNaN, placed.contains(name) { continue }
                        if let l = line(row), reported.contains("\(file):\(l)") { continue }
                        problems.append(DatasetProblem(.nonFinite, at(row, name, "\(v) is not finite")))
                    } else if let range, !range.contains(v) {
                        problems.append(DatasetProblem(.outOfRange, at(row, name, "\(v) is outside the valid range \(range.lowerBound)…\(range.upperBound) (converted units)")))
                    }
                }
            }
            var intervals: [Double] = []
            intervals.reserveCapacity(t.count)
            for k in 1..<t.count where t[k].isFinite && t[k - 1].isFinite {
                let dt = t[k] - t[k - 1]
                if dt < 0 {
                    problems.append(DatasetProblem(.unsortedTimestamps, at(k, "time", "\(t[k]) s comes before the previous \(t[k - 1]) s")))
                } else if dt == 0 {
                    problems.append(DatasetProblem(.duplicateTimestamps, at(k, "time", "\(t[k]) s repeats the previous timestamp")))
                } else {
                    intervals.append(dt)
                }
            }
            let nominal = loaded.dataset.samplingRate.map { 1 / $0 } ?? SampleStatistics.median(reordering: &intervals)
            // The clock's own median, not the stated rate: a device a little off its stated rate would otherwise
            // count other gaps here than `datasets inspect` does.
            if let median = recording.medianInterval {
                for run in recording.runs(gapFactor: gapFactor).dropFirst() {
                    let k = run.lowerBound
                    problems.append(DatasetProblem(.gap, at(k, "time", "gap of \(Self.rounded(t[k] - t[k - 1])) s "
                        + "(over \(SampleCSVFormat.format(gapFactor)) median intervals of \(SampleCSVFormat.format(median)) s)")))
                }
            }
            // Data-file problems in line order (they were found column by column).
            let sorted = problems[firstOfRecording...].enumerated().sorted {
                ($0.element.location.line ?? 0, $0.offset) < ($1.element.location.line ?? 0, $1.offset)
            }.map(\.element)
            problems.replaceSubrange(firstOfRecording..., with: sorted)
            let finite = t.filter(\.isFinite)
            let first = finite.min() ?? 0, last = finite.max() ?? 0
            let tolerance = Self.annotationTolerance(nominal: nominal)
            var previous: Annotation? = nil
            for (k, a) in recording.annotations.enumerated() {
                let afile = source.annotationFile ?? file
                let aline = k < source.annotationLines.count ? Int(source.annotationLines[k]) : nil
                func here(_ field: String, _ message: String) -> DataFileError {
                    DataFileError(file: afile, line: aline, field: field, aline == nil ? "annotation \(k) (\(a.label)): \(message)" : message)
                }
                if !(a.start <= a.end) {
                    problems.append(DatasetProblem(.annotationInvalid, here("end", "end \(a.end) s is before start \(a.start) s")))
                }
                if a.start < first - tolerance || a.end > last + tolerance {
                    problems.append(DatasetProblem(.annotationOutside, here("start", "\(a.start)…\(a.end) s is outside the recording \(first)…\(last) s")))
                }
                // One span with several labels (a multi-label region) is not an overlap.
                if let p = previous, a.start < p.end, !(a.start == p.start && a.end == p.end && a.label != p.label) {
                    problems.append(DatasetProblem(.annotationOverlap, here("start", "\(a.start)…\(a.end) s overlaps \(p.label) \(p.start)…\(p.end) s")))
                }
                if let classes, !classes.contains(a.label) {
                    problems.append(DatasetProblem(.unknownLabel, here("label", "'\(a.label)' is not one of the dataset's classes")))
                }
                if previous.map({ a.end > $0.end }) ?? true { previous = a }
            }
        }
        return DatasetProblem.errorsFirst(problems)
    }

    /// The nominal sample interval, seconds: the stated rate's, else the median of the positive intervals of
    /// `timestamps`; `nil` when neither exists. O(samples log samples).
    package static func nominalInterval(_ timestamps: [Double], samplingRate: Double?) -> Double? {
        samplingRate.map { 1 / $0 } ?? Recording.medianInterval(of: timestamps)
    }

    /// How far, seconds, an annotation may reach past its recording's first or last sample: half the `nominal`
    /// sample interval (plus 1 ns for rounding). Validation and the Label Studio import use this one rule.
    package static func annotationTolerance(nominal: Double?) -> Double { (nominal ?? 0) / 2 + 1e-9 }

    /// `value` to 3 decimals, for messages.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
