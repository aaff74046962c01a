import Foundation

/// Writes a dataset in the project's format: `dataset.yaml`, `recordings/<id>.csv` (header `time,`
/// then the channel names) and `annotations/<id>.csv` (`start,end,label`). Every file is written
/// atomically, and numbers use the shortest text that reads back to the same `Double`, so
/// read → write → read gives identical data. O(total size).
package enum DatasetWriter {
    /// Writes `dataset` into `folder` (created if needed). Returns the manifest written.
    ///
    /// - Parameter labelColumn: when given, annotations are written as this per-sample column of each
    ///   recording file (empty for background; the manifest's `labels` says so) instead of annotation
    ///   files. Each annotation then covers the samples inside it, so its times become those of its first
    ///   and last sample; overlapping annotations cannot be written this way and are refused.
    @discardableResult
    package static func write(_ dataset: Dataset, to folder: URL, classes: [String]? = nil,
                             labelColumn: String? = nil) throws(DataFileError) -> DatasetManifest {
        if let labelColumn, labelColumn.isEmpty || labelColumn == "time" || labelColumn.contains(where: { $0 == "," || $0.isNewline }) {
            throw DataFileError(file: folder.path, field: "label column", "'\(labelColumn)' is empty, 'time', or holds a comma")
        }
        var channels: [Channel] = []
        for recording in dataset.recordings {
            for name in recording.channelNames where !channels.contains(name) { channels.append(name) }
        }
        var entries: [DatasetManifest.RecordingEntry] = []
        var seen = Set<String>()
        for recording in dataset.recordings {
            let id = recording.id
            guard !id.isEmpty, !id.hasPrefix("/"), !id.split(separator: "/").contains(".."), seen.insert(id).inserted else {
                throw DataFileError(file: folder.path, field: "recording id", "'\(id)' is empty, absolute, escapes the folder or is repeated")
            }
            let file = "recordings/\(id).csv"
            let annotations = recording.annotations.isEmpty || labelColumn != nil ? nil : "annotations/\(id).csv"
            var labels: (String, [String])? = nil
            if let labelColumn {
                for (a, b) in zip(recording.annotations, recording.annotations.dropFirst()) where b.start <= a.end {
                    throw DataFileError(file: file, field: labelColumn, "annotations \(a.label) \(a.start)…\(a.end) s and \(b.label) \(b.start)…\(b.end) s overlap; a per-sample column holds one label per sample")
                }
                labels = (labelColumn, LabelColumn.perSample(recording.annotations, times: recording.timestamps, background: ""))
            }
            try save(csv(recording, channels: channels, labels: labels, file: file), to: folder.appendingPathComponent(file))
            if let annotations {
                let path = folder.appendingPathComponent(annotations)
                try save(AnnotationFile.text(recording.annotations, file: path.path), to: path)
            }
            entries.append(.init(id: id, subject: recording.subject, session: recording.session, file: file, annotations: annotations))
        }
        let manifest = DatasetManifest(
            name: dataset.name, description: dataset.description, kind: dataset.kind,
            samplingRate: dataset.samplingRate, classes: classes ?? dataset.labels,
            channels: channels.map { DatasetManifest.ChannelMapping($0) },
            labels: labelColumn.map { DatasetManifest.LabelMapping(column: $0, background: [""]) }, recordings: entries,
            license: dataset.license, citation: dataset.citation
        )
        try save(manifest.yaml(), to: folder.appendingPathComponent(DatasetReader.manifestName))
        return manifest
    }

    /// A recording as CSV. A channel the recording lacks is written as `nan` so every file has the
    /// dataset's columns; `labels` (a column name and one label per sample) comes last.
    static func csv(_ recording: Recording, channels: [Channel], labels: (String, [String])? = nil, file: String) throws(DataFileError) -> String {
        for channel in channels where channel.rawValue.contains(where: { $0 == "," || $0.isNewline }) || channel.rawValue == "time"
            || channel.rawValue == labels?.0 {
            throw DataFileError(file: file, field: channel.rawValue, "a channel name may not be 'time', the label column, or hold a comma")
        }
        let columns = channels.map { recording.column($0) }
        var text = "time"
        for c in channels { text += "," + c.rawValue }
        if let labels { text += "," + labels.0 }
        text += "\n"
        text.reserveCapacity(recording.count * (channels.count + 1) * 12)
        for i in 0..<recording.count {
            text += recording.timestamps[i].description
            for column in columns {
                text += ","
                text += column.map { $0[i].description } ?? "nan"
            }
            if let labels { text += "," + labels.1[i] }
            text += "\n"
        }
        return text
    }

    static func save(_ text: String, to url: URL) throws(DataFileError) {
        try AtomicFile.write(text, to: url, createFolders: true)
    }
}
