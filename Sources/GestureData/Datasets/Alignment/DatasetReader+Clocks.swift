import Foundation
import GestureKit

extension DatasetReader {
    /// Puts every placed unit whose stream states a clock (``DatasetManifest/StreamClock``) on the primary unit's
    /// clock: its stated offset, or the one ``ClockOffsetEstimator`` finds between the unit's |a| and the primary
    /// unit's (the first primary stream reading `accel.x…z`), added to the times of every stream of that placement.
    /// Each offset goes to `report`; an estimate that cannot be made is an error, one whose correlation is under
    /// ``weakCorrelation`` or that lies at the edge of the search range a warning. Streams must be
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
                let window = clock.event.map { (start + $0[0])...(start + $0[1]) } ?? -Double.infinity...Double.infinity
                guard let found = ClockOffsetEstimator.estimate(reference: ref, other: other, search: search[0]...search[1], event: window) else {
                    problems.append(DatasetProblem(.clockOffset, DataFileError(file: file, field: "clock.search",
                        "no offset from \(search[0]) to \(search[1]) s lets \(placement)'s |a| cover half of the event window "
                            + (clock.event.map { "(\($0[0])–\($0[1]) s after the primary unit's first sample)" } ?? "(the whole recording)")
                            + ": widen search, or set event to where both devices saw the shared shake or taps")))
                    continue
                }
                entry.seconds = found.seconds
                entry.correlation = found.correlation
                entry.search = search
                entry.event = clock.event
                if found.atEdge || found.correlation < weakCorrelation {
                    let why = found.atEdge
                        ? "lies at the edge of the search range \(search[0]) to \(search[1]) s, so the true offset may lie beyond it: widen search"
                        : "correlates weakly (r \(String(format: "%.2f", found.correlation)) < \(weakCorrelation)): set event to a shake or taps both devices saw, or state the offset"
                    problems.append(DatasetProblem(.clockOffset, DataFileError(file: file, field: "clock.search",
                        "the estimated offset of \(placement), \(String(format: "%+.3f", found.seconds)) s, \(why)"), severity: .warning))
                }
            }
            for j in streams.indices where streams[j].placement == placement && j < reads.count {
                for k in reads[j].timestamps.indices { reads[j].timestamps[k] += entry.seconds }
            }
            report.clockOffsets = (report.clockOffsets ?? []) + [entry]
        }
        return problems
    }

    /// The correlation below which an estimated offset is a warning.
    static let weakCorrelation = 0.5

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
