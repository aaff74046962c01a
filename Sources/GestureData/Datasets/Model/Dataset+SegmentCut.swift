extension Dataset {
    /// A segment dataset cut out of a continuous one by ``segmentsCut(before:after:keeping:)``, with what the cut
    /// wrote, skipped and shortened, so that no annotation is lost without a count.
    package struct SegmentCut: Hashable, Sendable {
        /// Why an annotation gave no example.
        package enum Skip: String, CaseIterable, Hashable, Sendable {
            /// Its start or end is not a finite number, or its end is before its start.
            case invalidTimes
            /// It lies wholly before the recording's first sample or after its last (or the recording has none).
            case outsideRecording
            /// Fewer than 2 of the recording's samples lie inside it: no series to classify.
            case tooShort

            /// The reason in words, e.g. `shorter than 2 samples`.
            package var words: String {
                switch self {
                case .invalidTimes: "start or end not a number, or end before start"
                case .outsideRecording: "outside their recording"
                case .tooShort: "shorter than 2 samples"
                }
            }
        }

        /// The segment dataset: one recording per example, id `<source recording>/<k>-<label>` (k the annotation's
        /// 1-based place in its recording), on the source recording's clock (seconds), with its subject and session
        /// and one annotation: the source annotation cut to the samples taken.
        package var dataset: Dataset
        /// Seconds of signal asked for before each annotation's start.
        package var before: Double
        /// Seconds of signal asked for after each annotation's end.
        package var after: Double
        /// The annotations of the continuous dataset.
        package var annotations = 0
        /// Examples written per label.
        package var examples: [String: Int] = [:]
        /// Examples written per subject.
        package var subjects: [String: Int] = [:]
        /// Annotations whose label was not among those kept.
        package var unselected = 0
        /// Annotations that gave no example, per reason.
        package var skipped: [Skip: Int] = [:]
        /// Annotations that reach past their recording's first or last sample, cut there (still written).
        package var clippedAnnotations = 0
        /// Examples whose context a recording's first or last sample shortened.
        package var clippedContext = 0

        /// The number of examples written.
        package var written: Int { dataset.recordings.count }

        /// The labels written, in the order of `classes` (a manifest's class list) where it names them, the rest
        /// sorted after them. O(labels × classes).
        package func classes(ordered classes: [String]?) -> [String] {
            let labels = Set(examples.keys)
            let listed = (classes ?? []).filter(labels.contains)
            return listed + labels.subtracting(listed).sorted()
        }

        /// The summary in lines for a person: examples per label and subject, what was skipped and why, what was
        /// shortened; no count is left out when it is not zero.
        package var lines: [String] {
            func seconds(_ s: Double) -> String { SampleCSVFormat.format(s) }
            func counts(_ c: [String: Int]) -> String { c.keys.sorted().map { "\($0) \(c[$0]!)" }.joined(separator: ", ") }
            var lines = ["cut \(written) of \(annotations) annotations of \(sourceName) into segments "
                         + "(context \(seconds(before)) s before, \(seconds(after)) s after, clipped at recording ends)"]
            lines.append("examples by label (\(examples.count)): \(counts(examples))")
            lines.append("examples by subject (\(subjects.count)): \(counts(subjects))")
            let reasons = Skip.allCases.compactMap { r in skipped[r].map { "\($0) \(r.words)" } }
            lines.append("skipped \(skipped.values.reduce(0, +))" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: ", ")))
            if unselected > 0 { lines.append("not kept (label not selected): \(unselected)") }
            if clippedAnnotations > 0 { lines.append("annotations reaching past a recording end, cut at it: \(clippedAnnotations)") }
            if clippedContext > 0 { lines.append("examples whose context a recording end shortened: \(clippedContext)") }
            return lines
        }

        /// The continuous dataset's name (the segment dataset's without its suffix).
        var sourceName: String {
            dataset.name.hasSuffix(Dataset.segmentSuffix) ? String(dataset.name.dropLast(Dataset.segmentSuffix.count)) : dataset.name
        }
    }

    /// Why a dataset cannot be cut into segments.
    package enum SegmentCutError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The dataset already holds segments (its name).
        case alreadySegments(String)
        /// The dataset has no annotation to cut (its name).
        case noAnnotations(String)
        /// A context that is not a finite number of seconds ≥ 0.
        case invalidContext(Double)
        /// Every annotation was left out or skipped: the counts.
        case nothingCut(SegmentCut)

        /// One sentence saying what to do.
        package var description: String {
            switch self {
            case let .alreadySegments(name):
                "\(name) already holds segments (one example per recording); cutting takes a continuous dataset with annotations"
            case let .noAnnotations(name):
                "\(name) has no annotations, so there is nothing to cut into segments; label it first (datasets export label-studio)"
            case let .invalidContext(seconds):
                "context must be a number of seconds ≥ 0, got \(seconds)"
            case let .nothingCut(cut):
                "no segment to write: " + cut.lines.dropFirst(3).joined(separator: "; ")
            }
        }
    }

    /// What ``segmentsCut(before:after:keeping:)`` appends to the dataset's name.
    package static let segmentSuffix = "-segments"

    /// Each annotation of this continuous dataset cut out as one example of a segment dataset, the form segment
    /// classifiers (MiniRocket, DTW on segments) train and test on, so that classification and spotting can be
    /// compared on the same gestures and the same subjects.
    ///
    /// An example holds the samples from `before` seconds before the annotation's start to `after` seconds after its
    /// end, both ends included, fewer where the recording begins or ends (counted in
    /// ``SegmentCut/clippedContext``); neighbouring gestures inside that context stay in the signal, their
    /// annotations do not. Times stay on the source recording's clock, in seconds, so each example says where it was
    /// cut from. Annotations whose label `keep` refuses are counted, not cut; those with invalid times, wholly
    /// outside their recording, or covering fewer than 2 samples are skipped and counted by reason.
    ///
    /// - Parameters:
    ///   - before: seconds of context before each annotation (≥ 0).
    ///   - after: seconds of context after each annotation (≥ 0).
    ///   - keep: whether an annotation with this label is cut.
    /// - Throws: ``SegmentCutError`` when the dataset holds segments, has no annotations, a context is negative or
    ///   not finite, or no annotation gives an example.
    /// - Complexity: O(annotations × samples of their recording) time (each cut finds its samples by a scan), plus
    ///   O(samples cut × channels) memory.
    package func segmentsCut(before: Double = 0, after: Double = 0,
                             keeping keep: (String) -> Bool = { _ in true }) throws(SegmentCutError) -> SegmentCut {
        for seconds in [before, after] where !(seconds >= 0 && seconds.isFinite) { throw .invalidContext(seconds) }
        guard kind == .continuous else { throw .alreadySegments(name) }
        var cut = SegmentCut(dataset: Dataset(
            name: name + Self.segmentSuffix,
            description: "The annotations of \(name) cut out as segments, one recording each, with \(SampleCSVFormat.format(before)) s "
                + "before and \(SampleCSVFormat.format(after)) s after (fewer at recording ends), on the source recordings' clocks; "
                + "recording ids are <source recording>/<annotation number>-<label>. Made by gesturelab datasets segments.",
            kind: .segments, samplingRate: samplingRate, recordings: [], license: license, citation: citation), before: before, after: after)
        cut.annotations = recordings.reduce(0) { $0 + $1.annotations.count }
        guard cut.annotations > 0 else { throw .noAnnotations(name) }
        for recording in recordings {
            let digits = max(3, String(recording.annotations.count).count)
            for (k, a) in recording.annotations.enumerated() {
                guard keep(a.label) else { cut.unselected += 1; continue }
                guard a.start.isFinite, a.end.isFinite, a.start <= a.end else { cut.skipped[.invalidTimes, default: 0] += 1; continue }
                guard let first = recording.timestamps.first, let last = recording.timestamps.last, a.end >= first, a.start <= last else {
                    cut.skipped[.outsideRecording, default: 0] += 1
                    continue
                }
                let start = max(a.start, first), end = min(a.end, last)
                var piece = recording.slice(from: start - before, to: end + after)
                guard piece.timestamps.lazy.filter({ $0 >= start && $0 <= end }).count >= 2,
                      let pieceFirst = piece.timestamps.first, let pieceLast = piece.timestamps.last else {
                    cut.skipped[.tooShort, default: 0] += 1
                    continue
                }
                if start != a.start || end != a.end { cut.clippedAnnotations += 1 }
                if (before > 0 && start - before < first) || (after > 0 && end + after > last) { cut.clippedContext += 1 }
                let number = String(k + 1)
                piece.id = "\(recording.id)/\(String(repeating: "0", count: max(0, digits - number.count)))\(number)-\(Self.pathSafe(a.label))"
                piece.annotations = [Annotation(start: max(start, pieceFirst), end: min(end, pieceLast), label: a.label)]
                cut.dataset.recordings.append(piece)
                cut.examples[a.label, default: 0] += 1
                cut.subjects[recording.subject, default: 0] += 1
            }
        }
        guard cut.written > 0 else { throw .nothingCut(cut) }
        return cut
    }

    /// `label` as one path component: letters, digits, `-`, `_` and `.` kept, anything else `_`. O(length).
    static func pathSafe(_ label: String) -> String {
        let safe = String(label.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
        return safe.isEmpty ? "_" : safe
    }
}
