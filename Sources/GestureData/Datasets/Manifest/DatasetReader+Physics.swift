import Foundation
import GestureKit

extension DatasetReader {
    /// The checks made on a whole recording once its streams are one (each file's own are ``checkPhysics(_:mappings:header:statedScales:refusingUnstated:file:lines:)``):
    /// total acceleration is added as user acceleration + gravity when no stream maps `accel.*` but streams map both
    /// (as a CSV file's columns give it; Sensor Logger on iOS writes them to two files), and its rest judged; then
    /// acceleration and rotation rate are judged together (``PhysicalPlausibility/stillRotation(times:acceleration:rotationRate:)``),
    /// unless a units problem was found already (`earlier`). Severities follow the per-file rule: an error in
    /// external data (`refusingUnstated`) when no scale was stated, a warning otherwise.
    ///
    /// `lines` are the recording's rows' lines in the file of stream `linesOf` (the reference of an alignment), or
    /// `nil` when they are no one stream's. O(samples).
    static func checkRecording(_ channels: inout [(Channel, [Double])], timestamps: [Double], lines: [Int32], linesOf: Int?,
                               streams: [DatasetManifest.StreamMapping], files: [URL], reads: [StreamRead], refusingUnstated: Bool,
                               earlier: [DatasetProblem], report: inout ReadingReport) -> [DatasetProblem] {
        func column(_ name: Channel) -> [Double]? { channels.first { $0.0 == name }?.1 }
        func group(_ names: [Channel]) -> [[Double]]? {
            let found = names.compactMap(column)
            return found.count == names.count ? found : nil
        }
        func stream(of name: Channel) -> Int? { streams.firstIndex { $0.channels.contains { $0.name == name } } }
        var problems: [DatasetProblem] = []
        if Channel.acceleration.allSatisfy({ column($0) == nil }), let user = group(Channel.userAcceleration), let gravity = group(Channel.gravity),
           let s = stream(of: .userX), s < reads.count {
            for k in 0..<3 { channels.append((Channel.acceleration[k], zip(user[k], gravity[k]).map { $0 + $1 })) }
            let note = "channels: accel.x…z (total acceleration) = user.x…z + gravity.x…z"
            if !report.notes.contains(note) { report.notes.append(note) }
            if let verdict = PhysicalPlausibility.judgeRest(x: user[0].indices.map { user[0][$0] + gravity[0][$0] },
                                                            y: user[1].indices.map { user[1][$0] + gravity[1][$0] },
                                                            z: user[2].indices.map { user[2][$0] + gravity[2][$0] }) {
                let stated = (Channel.userAcceleration + Channel.gravity).lazy.compactMap { c in stream(of: c).flatMap { reads[$0].statedScales[c] } }.first
                problems.append(restProblem(verdict, channels: Channel.userAcceleration + Channel.gravity, stated: stated,
                                            refusingUnstated: refusingUnstated, file: files[s].path, line: reads[s].lines.first.map(Int.init),
                                            field: field(.userX, in: streams[s].channels), header: reads[s].header))
            }
        }
        guard !(earlier + problems).contains(where: { $0.kind == .units }) else { return problems }
        // Each sensor unit on its own channels, over the samples where it has a reading (a placed unit's gap is NaN).
        for placement in [nil] + placements(of: channels.map(\.0)) {
            let acceleration = unit(Channel.acceleration, at: placement), rotation = unit(Channel.rotationRate, at: placement)
            guard let a = group(acceleration), let w = group(rotation), let g = stream(of: rotation[0]), g < reads.count else { continue }
            let kept = placement == nil ? Array(timestamps.indices)
                : timestamps.indices.filter { k in (a + w).allSatisfy { k < $0.count && $0[k].isFinite } }
            guard let found = PhysicalPlausibility.stillRotation(
                times: kept.map { timestamps[$0] }, acceleration: a.map { c in kept.map { c[$0] } }, rotationRate: w.map { c in kept.map { c[$0] } })
            else { continue }
            let index = kept[found.index]
            let stated = rotation.lazy.compactMap { reads[g].statedScales[$0] }.first
            let line = linesOf == g && index < lines.count ? Int(lines[index]) : reads[g].lines.first.map(Int.init)
            let names = rotation.map(\.rawValue).joined(separator: ", ")
            let reason: DataFileError.Reason
            switch found.finding {
            case let .turnWhileStill(turn):
                reason = .turnWhileStill(turned: turn.turned, tilt: turn.tilt, seconds: turn.seconds, rate: turn.rate, channels: names, stated: stated, atRest: turn.atRest)
            case let .rotationWhileStill(rate, atRest):
                reason = .rotationWhileStill(rate: rate, channels: names, stated: stated, atRest: atRest)
            default: continue
            }
            problems.append(DatasetProblem(.units, DataFileError(file: files[g].path, line: line, field: field(rotation[0], in: streams[g].channels), reason),
                                           severity: stated == nil && refusingUnstated ? .error : .warning))
        }
        return problems
    }
}
