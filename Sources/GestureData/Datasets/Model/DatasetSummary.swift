import Foundation

/// What `gesturelab datasets inspect` reports: counts, timing and classes of a dataset.
package struct DatasetSummary: Codable, Hashable, Sendable {
    /// One class and how much of it there is.
    package struct ClassCount: Codable, Hashable, Sendable {
        /// The label.
        package var label: String
        /// Number of annotations.
        package var annotations: Int
        /// Number of samples inside those annotations.
        package var samples: Int
        /// Total annotated time, seconds.
        package var seconds: Double
    }

    /// The dataset's name.
    package var name: String
    /// `segments` or `continuous`.
    package var kind: String
    /// Number of recordings.
    package var recordings: Int
    /// Subjects, sorted with numbers by value.
    package var subjects: [String]
    /// Sessions, sorted with numbers by value.
    package var sessions: [String]
    /// Total samples.
    package var samples: Int
    /// Total duration, seconds (sum of first-to-last sample spans; timestamp glitches inflate it).
    package var duration: Double
    /// Shortest recording, samples.
    package var minLength: Int
    /// Longest recording, samples.
    package var maxLength: Int
    /// Stated sampling rate, Hz.
    package var statedRate: Double?
    /// Estimated rate, Hz: the median over recordings of 1 / mean regular interval (positive and at
    /// most ten times the median interval), robust to bursty delivery and timestamp glitches.
    package var estimatedRate: Double?
    /// Timing jitter, seconds: the median over recordings of the standard deviation of regular intervals.
    package var jitter: Double?
    /// Gaps: intervals longer than ``Recording/gapFactor`` of their recording's median interval, over all recordings.
    package var gaps: Int
    /// The gaps' total duration, seconds.
    package var gapSeconds: Double
    /// The longest gap, seconds (0 without gaps).
    package var longestGap: Double
    /// Channel names in order of first appearance.
    package var channels: [String]
    /// Classes with counts, sorted by label.
    package var classes: [ClassCount]
    /// Fraction of the total duration covered by annotations (0…1).
    package var annotationCoverage: Double
    /// Recordings whose timestamps are out of order (`datasets convert --repair sort` sorts them); their
    /// samples per class are counted one by one, not by the time order they lack.
    package var unsortedRecordings = 0

    /// Summarises `dataset`. O(samples log samples).
    package init(_ dataset: Dataset) {
        name = dataset.name
        kind = dataset.kind.rawValue
        recordings = dataset.recordings.count
        subjects = dataset.subjects.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
        sessions = Set(dataset.recordings.map(\.session)).sorted { $0.compare($1, options: .numeric) == .orderedAscending }
        samples = dataset.recordings.reduce(0) { $0 + $1.count }
        // Span of finite timestamps, so glitches that break the order do not make it negative.
        duration = dataset.recordings.reduce(0) { total, r in
            // Without a copy of the times: a recording's columns are most of what a process holds.
            var first = Double.infinity, last = -Double.infinity
            for t in r.timestamps where t.isFinite {
                first = min(first, t)
                last = max(last, t)
            }
            return total + (first <= last ? last - first : 0)
        }
        minLength = dataset.recordings.map(\.count).min() ?? 0
        maxLength = dataset.recordings.map(\.count).max() ?? 0
        statedRate = dataset.samplingRate
        var rates: [Double] = [], jitters: [Double] = []
        var channelNames: [String] = []
        var byLabel: [String: ClassCount] = [:]
        var covered = 0.0
        var gapCount = 0, gapTotal = 0.0, gapLongest = 0.0
        for r in dataset.recordings {
            let g = r.gaps()
            gapCount += g.count
            gapTotal += g.seconds
            gapLongest = max(gapLongest, g.longest)
            let t = r.timestamps
            var intervals: [Double] = []
            intervals.reserveCapacity(max(0, t.count - 1))
            for k in t.indices.dropFirst() where t[k] > t[k - 1] && t[k].isFinite && t[k - 1].isFinite { intervals.append(t[k] - t[k - 1]) }
            // Regular intervals: positive and at most 10 medians, so glitches and pauses do not
            // swamp the rate; bursts (short and long intervals alternating) still average out.
            if let median = SampleStatistics.median(intervals) {
                let regular = intervals.filter { $0 <= 10 * median }
                let span = regular.reduce(0, +)
                if span > 0 { rates.append(Double(regular.count) / span) }
                if let sd = SampleStatistics.standardDeviation(regular) { jitters.append(sd) }
            }
            for c in r.channelNames where !channelNames.contains(c.rawValue) { channelNames.append(c.rawValue) }
            let sorted = !zip(t, t.dropFirst()).contains { $0 > $1 }
            if !sorted { unsortedRecordings += 1 }
            for a in r.annotations {
                // Binary search needs time order; an unsorted recording is counted sample by sample.
                let inside = sorted ? max(0, Self.partition(t) { $0 > a.end } - Self.partition(t) { $0 >= a.start })
                    : t.reduce(0) { $0 + (a.start <= $1 && $1 <= a.end ? 1 : 0) }
                var entry = byLabel[a.label] ?? ClassCount(label: a.label, annotations: 0, samples: 0, seconds: 0)
                entry.annotations += 1
                entry.samples += inside
                entry.seconds += a.duration
                byLabel[a.label] = entry
                covered += max(0, a.duration)
            }
        }
        channels = channelNames
        classes = byLabel.values.sorted { $0.label.compare($1.label, options: .numeric) == .orderedAscending }
        annotationCoverage = duration > 0 ? min(1, covered / duration) : 0
        estimatedRate = SampleStatistics.median(rates)
        jitter = SampleStatistics.median(jitters)
        gaps = gapCount
        gapSeconds = gapTotal
        longestGap = gapLongest
    }

    /// A human-readable report.
    package var text: String {
        func f(_ v: Double?, _ digits: Int = 3) -> String { v.map { String(format: "%.\(digits)f", $0) } ?? "–" }
        var lines = [
            "dataset      \(name) (\(kind))",
            "recordings   \(recordings)  (\(minLength)–\(maxLength) samples, \(samples) in all)",
            "subjects     \(subjects.count): \(subjects.prefix(20).joined(separator: ", "))\(subjects.count > 20 ? ", …" : "")",
            "sessions     \(sessions.count): \(sessions.prefix(20).joined(separator: ", "))\(sessions.count > 20 ? ", …" : "")",
            "duration     \(f(duration, 1)) s",
            "rate         stated \(f(statedRate, 1)) Hz, estimated \(f(estimatedRate, 1)) Hz, jitter \(f(jitter.map { $0 * 1000 }, 2)) ms",
            "gaps         " + (gaps == 0 ? "none longer than \(f(Recording.gapFactor, 0)) sample intervals"
                : "\(gaps) longer than \(f(Recording.gapFactor, 0)) sample intervals, \(f(gapSeconds, 1)) s in all, the longest \(f(longestGap, 1)) s"),
            "channels     \(channels.joined(separator: ", "))",
            "coverage     \(f(annotationCoverage * 100, 1)) % of the time is annotated",
            "classes      \(classes.count)",
        ]
        if unsortedRecordings > 0 {
            lines.insert("order        \(unsortedRecordings) recordings have timestamps out of order: durations, rates and classes are "
                             + "of the rows as written; `gesturelab datasets convert --repair sort` sorts them", at: 5)
        }
        for c in classes {
            lines.append("  \(c.label.padding(toLength: max(18, c.label.count), withPad: " ", startingAt: 0)) \(c.annotations) annotations, \(c.samples) samples, \(f(c.seconds, 1)) s")
        }
        return lines.joined(separator: "\n")
    }

    /// The first index whose element satisfies `predicate`, which must be false then true along
    /// `values`. O(log n).
    private static func partition(_ values: [Double], where predicate: (Double) -> Bool) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if predicate(values[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
