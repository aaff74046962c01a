import Foundation

extension DatasetReader {
    /// A recording read from a file whose captures are separated by blank lines (``DatasetManifest/TableFormat/blankLines``
    /// `split`, as Arduino's IMU_Capture logs them), cut into one recording a capture: `<id>-1`, `<id>-2`, … in file
    /// order, each with its rows' lines and the annotations inside it. A capture starts where the line numbers of two
    /// consecutive samples jump, which only skipped blank lines make. When `restarting` (a file with no clock, read at a
    /// stated rate) each capture's times start at 0 again; otherwise they are the file's, as it says them. A recording
    /// without blank lines between its rows is returned whole. O(samples).
    static func captures(_ recording: Recording, _ provenance: LoadedDataset.Provenance,
                         restarting: Bool) -> [(Recording, LoadedDataset.Provenance)] {
        let lines = provenance.lines
        guard lines.count == recording.count, recording.count > 1 else { return [(recording, provenance)] }
        var starts = [0]
        for k in 1..<lines.count where lines[k] > lines[k - 1] + 1 { starts.append(k) }
        guard starts.count > 1 else { return [(recording, provenance)] }
        let ends = Array(starts.dropFirst()) + [lines.count]
        return zip(starts, ends).enumerated().map { n, range in
            let (a, b) = range
            let shift = restarting ? recording.timestamps[a] : 0
            let times = recording.timestamps[a..<b].map { $0 - shift }
            let channels = zip(recording.channelNames, recording.columns).map { ($0, Array($1[a..<b])) }
            let (first, last) = (recording.timestamps[a], recording.timestamps[b - 1])
            // The annotations inside the capture, cut to it, with their lines in the annotation file when there is one.
            let kept = recording.annotations.indices.filter { max(recording.annotations[$0].start, first) <= min(recording.annotations[$0].end, last) }
            let inside = kept.map { i in
                let x = recording.annotations[i]
                return Annotation(start: max(x.start, first) - shift, end: min(x.end, last) - shift, label: x.label)
            }
            let part = Recording(id: "\(recording.id)-\(n + 1)", subject: recording.subject, session: recording.session,
                                 timestamps: times, channels: channels, annotations: inside)
            var located = provenance
            located.lines = Array(lines[a..<b])
            if provenance.annotationLines.count == recording.annotations.count { located.annotationLines = kept.map { provenance.annotationLines[$0] } }
            located.timeOffset += shift
            return (part, located)
        }
    }
}
