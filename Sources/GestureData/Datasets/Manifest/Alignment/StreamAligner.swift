import GestureKit

/// Puts the sensor files of one recording (each with its own clock and rate) onto one clock: the
/// reference stream's timestamps or a grid at a stated rate. Values are interpolated linearly between
/// the two neighbouring samples; a stream's attitude quaternion (`quat.w…z`) by slerp, as
/// GestureKit's `Resampler` does. Reference times outside any primary stream's span are dropped, never
/// extrapolated, and so are times inside a primary stream's gap (an interval longer than ``Recording/gapFactor`` of
/// its median intervals): nothing is invented across a gap, which stays a gap in the recording.
///
/// A stream of another sensor unit (``Stream/placement``) neither shortens nor cuts the recording: the times outside
/// its span or inside its gaps are that unit's gap, NaN in all its channels (every stream of the placement), counted
/// per placement in ``ReadingReport/unitGapSamples``. O(samples of all streams).
enum StreamAligner {
    /// One sensor file, already in seconds and converted units.
    struct Stream {
        var name: String
        var file: String
        var times: [Double]
        var channels: [(Channel, [Double])]
        var lines: [Int32]
        /// The sensor unit the stream belongs to; `nil` for the primary unit's.
        var placement: String? = nil
    }

    /// The aligned recording: times, every stream's channels, and the reference line of each sample.
    struct Result {
        var times: [Double]
        var channels: [(Channel, [Double])]
        var lines: [Int32]
        var problems: [DatasetProblem]
    }

    /// Aligns `streams` onto `streams[reference]`'s clock, or onto a grid at `rate` Hz when given.
    static func align(_ streams: [Stream], reference: Int, rate: Double?, report: inout ReadingReport) -> Result {
        var problems: [DatasetProblem] = []
        // Interpolation needs increasing times; a stream that is not is reported, not reordered.
        var usable: [Bool] = []
        for s in streams {
            // A time that is no number (a truncated row) has no place on a clock: the span would be undefined.
            let nonFinite = s.times.firstIndex { !$0.isFinite }
            let bad = s.times.indices.dropFirst().first { !(s.times[$0] > s.times[$0 - 1]) }
            if nonFinite == nil, let k = bad {
                let line = k < s.lines.count ? Int(s.lines[k]) : nil
                problems.append(DatasetProblem(s.times[k] == s.times[k - 1] ? .duplicateTimestamps : .unsortedTimestamps,
                    DataFileError(file: s.file, line: line, field: "time",
                                  "\(s.times[k]) s does not follow \(s.times[k - 1]) s, so this sensor cannot be interpolated (batches: spread, or repair the file)")))
            }
            if let k = nonFinite {
                problems.append(DatasetProblem(.nonFinite, DataFileError(file: s.file, line: k < s.lines.count ? Int(s.lines[k]) : nil, field: "time",
                    "the time \(s.times[k]) is not a finite number, so this sensor cannot be aligned (repair or remove the row)")))
            }
            usable.append(bad == nil && nonFinite == nil && !s.times.isEmpty)
        }
        guard usable.allSatisfy({ $0 }) else {
            return Result(times: [], channels: streams.flatMap { $0.channels.map { ($0.0, [Double]()) } }, lines: [], problems: problems)
        }
        // The recording spans what every primary stream covers; placed streams leave gaps of their own instead.
        let primary = streams.filter { $0.placement == nil }
        let lo = primary.map { $0.times.first! }.max()!, hi = primary.map { $0.times.last! }.min()!
        problems += missedSpans(streams, primary: lo...max(lo, hi))
        var times: [Double], lines: [Int32]
        if let rate {
            let points = hi >= lo ? ((hi - lo) * rate + 1e-9).rounded(.down) + 1 : 0
            // A grid far denser than the files (a long gap, or times in the wrong unit) would take memory out of
            // all proportion to them: refuse it, as more than 100 times the largest file's samples.
            let largest = primary.map(\.times.count).max()!
            guard points <= Double(100 * largest) else {
                let end = streams.indices.filter { streams[$0].placement == nil }.min { streams[$0].times.last! < streams[$1].times.last! }!
                problems.append(DatasetProblem(.gap, DataFileError(
                    file: streams[end].file, line: streams[end].lines.last.map(Int.init), field: "time",
                    "the sensors' common span, \(lo) s to \(hi) s, on the \(rate) Hz grid would be \(points) samples, over 100 "
                        + "times the \(largest) of the largest file (a gap, or times in another unit?)"), severity: .error))
                return Result(times: [], channels: streams.flatMap { $0.channels.map { ($0.0, [Double]()) } }, lines: [], problems: problems)
            }
            let count = Int(points)
            times = (0..<count).map { lo + Double($0) / rate }
            lines = []
            report.alignment = "linear interpolation (slerp for quaternions) onto a \(rate) Hz grid over the sensors' common span"
            report.alignmentDroppedSamples += max(0, streams[reference].times.count - count)
        } else {
            let ref = streams[reference]
            let kept = ref.times.indices.filter { ref.times[$0] >= lo && ref.times[$0] <= hi }
            times = kept.map { ref.times[$0] }
            lines = kept.compactMap { $0 < ref.lines.count ? ref.lines[$0] : nil }
            report.alignment = "linear interpolation (slerp for quaternions) onto the \(ref.name) clock"
            report.alignmentDroppedSamples += ref.times.count - kept.count
        }
        var channels: [(Channel, [Double])] = []
        var inGap = [Bool](repeating: false, count: times.count)
        // Per placement: the times at which some stream of that unit has no reading.
        var unitGap: [String: [Bool]] = [:]
        for (i, stream) in streams.enumerated() {
            if rate == nil, i == reference {
                let first = stream.times.firstIndex { $0 >= lo } ?? 0
                channels += stream.channels.map { ($0.0, Array($0.1[first..<(first + times.count)])) }
                continue
            }
            guard let placement = stream.placement else {
                channels += interpolate(stream, at: times, inGap: &inGap, report: &report)
                continue
            }
            // Interpolation needs times inside the span: the others are the unit's gap, filled after interpolating.
            let first = stream.times.first!, last = stream.times.last!
            var missing = times.map { $0 < first || $0 > last }
            let inside = times.map { min(max($0, first), last) }
            channels += interpolate(stream, at: inside, inGap: &missing, report: &report)
            unitGap[placement] = zip(unitGap[placement] ?? missing.map { _ in false }, missing).map { $0 || $1 }
        }
        for (placement, missing) in unitGap {
            for c in channels.indices where channels[c].0.placement == placement {
                for k in missing.indices where missing[k] { channels[c].1[k] = .nan }
            }
        }
        // Times that fall in some stream's gap would be guesses: they are left out, and the gap stays.
        let dropped = inGap.count { $0 }
        if dropped > 0 {
            let keep = inGap.indices.filter { !inGap[$0] }
            times = keep.map { times[$0] }
            if !lines.isEmpty { lines = keep.map { lines[$0] } }
            channels = channels.map { c in (c.0, keep.map { c.1[$0] }) }
            report.alignmentGapSamples += dropped
            unitGap = unitGap.mapValues { m in keep.map { m[$0] } }
        }
        if !unitGap.isEmpty {
            report.unitGapSamples = (report.unitGapSamples ?? [:]).merging(unitGap.mapValues { $0.count { $0 } }, uniquingKeysWith: +)
        }
        report.alignedRecordings += 1
        return Result(times: times, channels: channels, lines: lines, problems: problems)
    }

    /// One error for each placement whose streams' span misses the primary unit's span `primary` (s) altogether: its
    /// clock counts from another origin (units whose clocks start 2,296 s apart), so every sample would be its gap.
    /// It names how far the spans lie apart and the `clock:` that puts the unit's first sample at the primary unit's
    /// first (or estimates the offset near it). O(streams).
    static func missedSpans(_ streams: [Stream], primary: ClosedRange<Double>) -> [DatasetProblem] {
        var seen = Set<String>(), problems: [DatasetProblem] = []
        for stream in streams {
            guard let placement = stream.placement, seen.insert(placement).inserted else { continue }
            let unit = streams.filter { $0.placement == placement }
            let first = unit.map { $0.times.first! }.min()!, last = unit.map { $0.times.last! }.max()!
            guard last < primary.lowerBound || first > primary.upperBound else { continue }
            func s(_ x: Double) -> String { String(format: "%.3f", x) }
            let apart = first > primary.upperBound
                ? "starts \(s(first - primary.upperBound)) s after the primary unit's last sample"
                : "ends \(s(primary.lowerBound - last)) s before the primary unit's first sample"
            let offset = primary.lowerBound - first, width = max(10, (last - first) / 10)
            problems.append(DatasetProblem(.clockOffset, DataFileError(
                file: stream.file, line: stream.lines.first.map(Int.init), field: "time",
                "the clock of \(placement) misses the primary unit's: its samples span \(s(first))–\(s(last)) s where the primary unit's span "
                    + "\(s(primary.lowerBound))–\(s(primary.upperBound)) s on one origin (it \(apart); its first sample is \(s(first - primary.lowerBound)) s "
                    + "from the primary unit's first), so every sample of \(placement) would be its gap; if both started together, write "
                    + "clock: {offset: \(s(offset))} under its stream, or estimate it from |a| near there: "
                    + "clock: {search: [\(s(offset - width)), \(s(offset + width))]}")))
        }
        return problems
    }

    /// `stream`'s channels at `times` (each inside the stream's span, increasing); marks in `inGap` the times that
    /// fall inside one of the stream's gaps.
    private static func interpolate(_ stream: Stream, at times: [Double], inGap: inout [Bool],
                                    report: inout ReadingReport) -> [(Channel, [Double])] {
        let t = stream.times
        let gap = (Recording.medianInterval(of: t) ?? .infinity) * Recording.gapFactor
        // For each output time: the left neighbour j and the fraction u towards j + 1.
        var left = [Int](repeating: 0, count: times.count), fraction = [Double](repeating: 0, count: times.count)
        var j = 0, largest = 0.0
        for (k, time) in times.enumerated() {
            while j + 1 < t.count, t[j + 1] <= time { j += 1 }
            left[k] = j
            if j + 1 < t.count {
                let dt = t[j + 1] - t[j]
                fraction[k] = (time - t[j]) / dt
                if time > t[j] {
                    if dt > gap {
                        inGap[k] = true
                    } else {
                        largest = max(largest, dt)
                    }
                }
            }
        }
        if largest > (report.largestGap ?? -1) {
            report.largestGap = largest
            report.largestGapFile = stream.file
        }
        let names = stream.channels.map(\.0)
        let quaternion = Channel.attitude.compactMap { names.firstIndex(of: $0) }
        var result: [(Channel, [Double])] = stream.channels.map { ($0.0, [Double](repeating: 0, count: times.count)) }
        for (c, (_, values)) in stream.channels.enumerated() where !(quaternion.count == 4 && quaternion.contains(c)) {
            for k in times.indices {
                let a = left[k], u = fraction[k]
                result[c].1[k] = u == 0 ? values[a] : values[a] + (values[a + 1] - values[a]) * u
            }
        }
        if quaternion.count == 4 {
            let q = quaternion.map { stream.channels[$0].1 }
            func at(_ i: Int) -> Quaternion { Quaternion(w: q[0][i], x: q[1][i], y: q[2][i], z: q[3][i]) }
            for k in times.indices {
                let a = left[k], u = fraction[k]
                let value = u == 0 ? at(a) : Quaternion.slerp(at(a), at(a + 1), t: u)
                result[quaternion[0]].1[k] = value.w
                result[quaternion[1]].1[k] = value.x
                result[quaternion[2]].1[k] = value.y
                result[quaternion[3]].1[k] = value.z
            }
        }
        return result
    }

    /// Spreads rows that share one timestamp evenly between it and the next distinct timestamp (the
    /// last group by the previous interval), in place; counts go to `report`. O(n).
    static func spreadBatches(_ times: inout [Double], report: inout ReadingReport) {
        var i = 0
        var previousStep: Double? = nil
        while i < times.count {
            var j = i + 1
            while j < times.count, times[j] == times[i] { j += 1 }
            let size = j - i
            let next: Double? = j < times.count ? times[j] : previousStep.map { times[i] + $0 }
            if size > 1, let next, next > times[i] {
                let step = (next - times[i]) / Double(size)
                for k in 1..<size { times[i + k] = times[i] + Double(k) * step }
                report.spreadBatches += 1
                report.spreadRows += size - 1
            }
            if j < times.count, times[j] > times[i] { previousStep = times[j] - times[i] }
            i = j
        }
    }
}
