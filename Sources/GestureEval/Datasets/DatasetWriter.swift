import Foundation

/// Writes a dataset in the project's format: `dataset.yaml`, `recordings/<id>.csv` (header `time,`
/// then the channel names) and `annotations/<id>.csv` (`start,end,label`). Every file is written
/// atomically, and numbers use the shortest text that reads back to the same `Double`, so
/// read → write → read gives identical data. O(total size).
public enum DatasetWriter {
    /// Writes `dataset` into `folder` (created if needed). Returns the manifest written.
    @discardableResult
    public static func write(_ dataset: Dataset, to folder: URL, classes: [String]? = nil) throws(DataFileError) -> DatasetManifest {
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
            let annotations = recording.annotations.isEmpty ? nil : "annotations/\(id).csv"
            try save(csv(recording, channels: channels, file: file), to: folder.appendingPathComponent(file))
            if let annotations {
                let path = folder.appendingPathComponent(annotations)
                try save(AnnotationFile.text(recording.annotations, file: path.path), to: path)
            }
            entries.append(.init(id: id, subject: recording.subject, session: recording.session, file: file, annotations: annotations))
        }
        let manifest = DatasetManifest(
            name: dataset.name, description: dataset.description, kind: dataset.kind,
            samplingRate: dataset.samplingRate, classes: classes ?? dataset.labels,
            channels: channels.map { DatasetManifest.ChannelMapping($0) }, recordings: entries,
            license: dataset.license, citation: dataset.citation
        )
        try save(manifest.yaml(), to: folder.appendingPathComponent(DatasetReader.manifestName))
        return manifest
    }

    /// A recording as CSV. A channel the recording lacks is written as `nan` so every file has the
    /// dataset's columns.
    static func csv(_ recording: Recording, channels: [Channel], file: String) throws(DataFileError) -> String {
        for channel in channels where channel.rawValue.contains(where: { $0 == "," || $0.isNewline }) || channel.rawValue == "time" {
            throw DataFileError(file: file, field: channel.rawValue, "a channel name may not be 'time' or hold a comma")
        }
        let columns = channels.map { recording.column($0) }
        var text = "time"
        for c in channels { text += "," + c.rawValue }
        text += "\n"
        text.reserveCapacity(recording.count * (channels.count + 1) * 12)
        for i in 0..<recording.count {
            text += recording.timestamps[i].description
            for column in columns {
                text += ","
                text += column.map { $0[i].description } ?? "nan"
            }
            text += "\n"
        }
        return text
    }

    static func save(_ text: String, to url: URL) throws(DataFileError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw DataFileError(file: url.path, "cannot write: \(error.localizedDescription)")
        }
    }
}
