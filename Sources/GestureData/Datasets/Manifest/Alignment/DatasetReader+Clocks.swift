import Foundation
import GestureKit

extension DatasetReader {
    /// Puts every placed unit whose stream states a clock (``DatasetManifest/StreamClock``) on the primary unit's
    /// clock: its stated offset, or the one ``ClockOffsetEstimator`` finds between the unit's |a| and the primary
    /// unit's (the first primary stream reading `accel.x…z`), added to the times of every stream of that placement;
    /// with two events, the line through the offsets found at each (offset and rate). Each goes to `report`; an
    /// estimate that cannot be made is an error, one whose correlation is under ``weakCorrelation`` or that lies at
    /// the edge of the search range a warning, and so is a single offset that the signals near the recording's end
    /// disown (``driftWarning(_:reference:other:search:event:placement:file:start:)``). Streams must be
    /// ``DatasetManifest/StreamMapping/placedForReading`` and their times in seconds on one origin.
    ///
    /// - Complexity: O(samples) for stated offsets; an estimate as ``ClockOffsetEstimator`` says.
    static func applyClocks(_ reads: inout [StreamRead], streams: [DatasetManifest.StreamMapping], files: [URL],
                            report: inout ReadingReport) -> [DatasetProblem] {
        var problems: [DatasetProblem] = []
        for (i, stream) in streams.enumerated() {
            guard let clock = stream.clock, let placement = stream.placement, i < reads.count, !reads[i].timestamps.isEmpty else { continue }
            let file = files[i].path
            var entry = ReadingReport.ClockOffset(file: shortName(files[i]), placement: placement, seconds: clock.offset ?? 0)
            var map: (Double) -> Double = { [seconds = entry.seconds] in $0 + seconds }
            if let search = clock.search, search.count == 2 {
                let unit = Channel.acceleration.compactMap { c in c.motion?.placed(at: placement).map(Channel.init) }
                guard let reference = reads.indices.first(where: { streams[$0].placement == nil && magnitude(reads[$0], Channel.acceleration) != nil }),
                      let ref = magnitude(reads[reference], Channel.acceleration), let other = magnitude(reads[i], unit) else {
                    problems.append(DatasetProblem(.clockOffset, DataFileError(file: file, field: "clock.search",
                        "the clock of \(placement) is estimated from |a|, but the primary unit's streams read no accel.x, accel.y and accel.z "
                            + "to correlate it with: state the offset (clock: {offset: SECONDS})")))
                    continue
                }
                let start = reads[reference].timestamps.first!
                let windows = clock.events ?? [clock.event].compactMap { $0 }
                var found: [ClockOffsetEstimator.Estimate] = []
                for window in windows.isEmpty ? [nil] : windows.map(Optional.some) {
                    let span = window.map { (start + $0[0])...(start + $0[1]) } ?? -Double.infinity...Double.infinity
                    guard let estimate = ClockOffsetEstimator.estimate(reference: ref, other: other, search: search[0]...search[1], event: span) else {
                        problems.append(DatasetProblem(.clockOffset, DataFileError(file: file, field: clock.events == nil ? "clock.search" : "clock.events",
                            "no offset from \(search[0]) to \(search[1]) s lets \(placement)'s |a| cover half of the event window "
                                + (window.map { "(\($0[0])–\($0[1]) s after the primary unit's first sample)" } ?? "(the whole recording)")
                                + ": widen search, or set the event to where both devices saw the shared shake or taps")))
                        break
                    }
                    if let problem = weakEstimate(estimate, search: search, placement: placement, file: file) { problems.append(problem) }
                    found.append(estimate)
                }
                guard found.count == max(1, windows.count) else { continue }
                (entry.seconds, entry.correlation, entry.search, entry.event) = (found[0].seconds, found[0].correlation, search, windows.first)
                if let events = clock.events {
                    // The offset at each event's middle, on the primary unit's clock; the line through the two maps the unit's times.
                    let middles = events.map { start + ($0[0] + $0[1]) / 2 }
                    let slope = (found[1].seconds - found[0].seconds) / (middles[1] - middles[0])
                    let rate = 1 / (1 - slope), (o, c) = (found[0].seconds, middles[0])
                    map = { ($0 + o - slope * c) * rate }
                    entry.drift = .init(event: events[1], seconds: found[1].seconds, correlation: found[1].correlation, rate: rate)
                } else {
                    map = { [seconds = entry.seconds] in $0 + seconds }
                    if let problem = driftWarning(found[0], reference: ref, other: other, search: search, event: clock.event.map { (start + $0[0])...(start + $0[1]) },
                                                  placement: placement, file: file, start: start) {
                        problems.append(problem)
                    }
                }
            }
            for j in streams.indices where streams[j].placement == placement && j < reads.count {
                for k in reads[j].timestamps.indices { reads[j].timestamps[k] = map(reads[j].timestamps[k]) }
            }
            report.clockOffsets = (report.clockOffsets ?? []) + [entry]
        }
        return problems
    }

    /// The correlation below which an estimated offset is a warning.
    static let weakCorrelation = 0.5

    /// The warning for an estimate that correlates weakly or lies at the edge of `search`; `nil` for a sound one.
    private static func weakEstimate(_ found: ClockOffsetEstimator.Estimate, search: [Double], placement: String, file: String) -> DatasetProblem? {
        guard found.atEdge || found.correlation < weakCorrelation else { return nil }
        let why = found.atEdge
            ? "lies at the edge of the search range \(search[0]) to \(search[1]) s, so the true offset may lie beyond it: widen search"
            : "correlates weakly (r \(String(format: "%.2f", found.correlation)) < \(weakCorrelation)): set event to a shake or taps both devices saw, or state the offset"
        return DatasetProblem(.clockOffset, DataFileError(file: file, field: "clock.search",
            "the estimated offset of \(placement), \(String(format: "%+.3f", found.seconds)) s, \(why)"), severity: .warning)
    }

    /// How far from the single offset the end of a recording is searched, as a share of its span (0.2 %, ten times a
    /// poor crystal's drift), between 1 and 10 s.
    static let driftShare = 0.002

    /// A warning when one offset does not hold over the whole recording: over the first or the last minute (at most a
    /// tenth of a recording of two minutes or more; an end that overlaps the event the offset came from is not
    /// checked) the unit's |a| correlates well (r ≥ ``weakCorrelation``) at an offset more than 50 ms from `found`:
    /// the clocks drift, and two events are needed. `nil` when they agree or the ends show nothing to correlate.
    /// O(minute samples × search steps).
    static func driftWarning(_ found: ClockOffsetEstimator.Estimate, reference: ClockOffsetEstimator.Signal, other: ClockOffsetEstimator.Signal,
                             search: [Double], event: ClosedRange<Double>?, placement: String, file: String, start: Double) -> DatasetProblem? {
        guard let first = reference.times.first, let last = reference.times.last, last - first >= 120 else { return nil }
        let length = min(60, (last - first) / 10), width = min(10, max(1, (last - first) * driftShare))
        for end in [(last - length)...last, first...(first + length)] where !(event?.overlaps(end) ?? false) {
            guard let there = ClockOffsetEstimator.estimate(reference: reference, other: other, search: (found.seconds - width)...(found.seconds + width), event: end),
                  there.correlation >= weakCorrelation, !there.atEdge, abs(there.seconds - found.seconds) > 0.05 else { continue }
            let held = ClockOffsetEstimator.estimate(reference: reference, other: other, search: found.seconds...found.seconds, event: end)?.correlation
            func f(_ x: Double) -> String { String(format: "%.0f", x.rounded(.down)) }
            func s(_ x: Double) -> String { String(format: "%+.3f", x) }
            let aligned: String = event.map { "\(f($0.lowerBound - start))–\(f($0.upperBound - start)) s" } ?? "the recording as a whole"
            let heldText: String = held.map { " at r \(String(format: "%.2f", $0)) with it and" } ?? ""
            let ends = "\(f(end.lowerBound - start))–\(f(end.upperBound - start)) s"
            let message = "the clocks of \(placement) and the primary unit drift: \(s(found.seconds)) s aligns \(aligned), but \(ends) correlate"
                + "\(heldText) at r \(String(format: "%.2f", there.correlation)) with \(s(there.seconds)) s: estimate at two events, "
                + "clock: {search: [\(search[0]), \(search[1])], events: [[FROM, TO], [FROM, TO]]}, one shared shake or taps near each end"
            return DatasetProblem(.clockOffset, DataFileError(file: file, field: "clock.search", message), severity: .warning)
        }
        return nil
    }

    /// The acceleration magnitude of `read` from its channels `names` (x, y, z), on its times; `nil` without them.
    private static func magnitude(_ read: StreamRead, _ names: [Channel]) -> ClockOffsetEstimator.Signal? {
        let columns = names.compactMap { name in read.channels.first { $0.0 == name }?.1 }
        guard names.count == 3, columns.count == 3, columns.allSatisfy({ $0.count == read.timestamps.count }) else { return nil }
        let values = read.timestamps.indices.map { k in Vector3(columns[0][k], columns[1][k], columns[2][k]).length }
        return ClockOffsetEstimator.Signal(times: read.timestamps, values: values)
    }

    /// A file as the report names it: its folder and name.
    private static func shortName(_ url: URL) -> String {
        let folder = url.deletingLastPathComponent().lastPathComponent
        return folder.isEmpty || folder == "/" ? url.lastPathComponent : "\(folder)/\(url.lastPathComponent)"
    }
}
