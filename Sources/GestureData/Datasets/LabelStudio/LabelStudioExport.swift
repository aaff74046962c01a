import Foundation

/// Writes a dataset as a Label Studio project: `config.xml` (a `TimeSeries` of the dataset's channels over its
/// `time` column, read from a CSV by URL, and `TimeSeriesLabels` with its labels), `tasks.json` (one task per
/// recording, its existing annotations and any candidate annotations as predictions) and `recordings/<id>.csv`
/// (each recording in seconds, g, rad/s, the file the task's URL names). Every file is written atomically.
/// O(total size).
package enum LabelStudioExport {
    /// The `TimeSeriesLabels` control's name, `from_name` in results.
    package static let controlName = "label"
    /// The `TimeSeries` object's name, `to_name` in results.
    package static let objectName = "ts"
    /// The task data key holding the CSV's URL.
    package static let csvKey = "csv"
    /// The task data key holding the recording's id, which import reads back.
    package static let recordingKey = "recording"
    /// The predictions made from the dataset's own annotation files.
    package static let datasetModelVersion = "dataset"
    /// The URL prefix when the folder is served by Label Studio's local files storage with
    /// `LOCAL_FILES_DOCUMENT_ROOT` set to the export folder.
    package static let localFilesPrefix = "/data/local-files/?d="

    /// Annotations proposed for some recordings (for example by a detector), exported as one prediction each.
    package struct Candidates: Hashable, Sendable {
        /// The prediction's `model_version`, naming where they come from.
        package var name: String
        /// Recording id → its candidate annotations.
        package var annotations: [String: [Annotation]]

        /// Creates a set of candidates.
        package init(name: String, annotations: [String: [Annotation]]) {
            self.name = name
            self.annotations = annotations
        }
    }

    /// What was written.
    package struct Summary: Hashable, Sendable {
        /// Tasks (= recordings).
        package var tasks = 0
        /// Predictions from the dataset's annotations (one per recording that has any).
        package var datasetPredictions = 0
        /// Predictions from candidate sets.
        package var candidatePredictions = 0
        /// Regions over all predictions.
        package var regions = 0
        /// The labels offered in the configuration.
        package var labels: [String] = []
        /// The channels shown.
        package var channels: [Channel] = []
    }

    /// Writes `dataset` to `folder` (created if needed).
    ///
    /// - Parameters:
    ///   - classes: the labels to offer (the manifest's `classes`); labels of annotations and candidates are added.
    ///   - urlPrefix: put before `recordings/<id>.csv` to make each task's CSV URL (``localFilesPrefix`` by default).
    ///   - candidates: further predictions; a recording id the dataset lacks is an error.
    /// - Throws: ``DataFileError`` for a file that cannot be written, a candidate naming an unknown recording, or a
    ///   label or channel Label Studio cannot show.
    @discardableResult
    package static func write(_ dataset: Dataset, classes: [String]? = nil, urlPrefix: String = localFilesPrefix,
                             candidates: [Candidates] = [], to folder: URL) throws(DataFileError) -> Summary {
        let ids = Set(dataset.recordings.map(\.id))
        for set in candidates {
            for id in set.annotations.keys.sorted() where !ids.contains(id) {
                throw DataFileError(file: set.name, "candidates for recording '\(id)', which \(dataset.name) does not have")
            }
        }
        var summary = Summary()
        for recording in dataset.recordings {
            for name in recording.channelNames where !summary.channels.contains(name) { summary.channels.append(name) }
        }
        var labels = classes ?? []
        for label in dataset.labels + candidates.flatMap({ $0.annotations.values.flatMap { $0.map(\.label) } }) where !labels.contains(label) {
            labels.append(label)
        }
        summary.labels = labels
        var tasks: [Task] = []
        for recording in dataset.recordings {
            let file = "recordings/\(recording.id).csv"
            guard !recording.id.isEmpty, !recording.id.hasPrefix("/"), !recording.id.split(separator: "/").contains("..") else {
                throw DataFileError(file: folder.path, field: "recording id", "'\(recording.id)' is empty, absolute or escapes the folder")
            }
            try AtomicFile.write(DatasetWriter.csv(recording, channels: summary.channels, file: file),
                                 to: folder.appendingPathComponent(file), createFolders: true)
            var task = Task(data: [csvKey: urlPrefix + percentEncoded(file), recordingKey: recording.id,
                                   "subject": recording.subject, "session": recording.session], predictions: [])
            if !recording.annotations.isEmpty {
                task.predictions.append(prediction(datasetModelVersion, recording.annotations))
                summary.datasetPredictions += 1
            }
            for set in candidates {
                guard let proposed = set.annotations[recording.id] else { continue }
                task.predictions.append(prediction(set.name, proposed.sorted { ($0.start, $0.end) < ($1.start, $1.end) }))
                summary.candidatePredictions += 1
            }
            summary.regions += task.predictions.reduce(0) { $0 + $1.result.count }
            tasks.append(task)
        }
        summary.tasks = tasks.count
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json: Data
        do { json = try encoder.encode(tasks) } catch {
            throw DataFileError(file: folder.appendingPathComponent(tasksName).path, "cannot encode the tasks: \(error)")
        }
        try AtomicFile.write(json + Data("\n".utf8), to: folder.appendingPathComponent(tasksName), createFolders: true)
        try AtomicFile.write(try configuration(channels: summary.channels, labels: labels, file: folder.appendingPathComponent(configurationName).path),
                             to: folder.appendingPathComponent(configurationName))
        return summary
    }

    /// The tasks file's name.
    package static let tasksName = "tasks.json"
    /// The labelling configuration's name.
    package static let configurationName = "config.xml"

    /// The labelling configuration: a header with the recording's id, `TimeSeriesLabels` with `labels`, and a
    /// `TimeSeries` reading the task's CSV by URL with one `Channel` per channel over the `time` column (seconds).
    ///
    /// - Throws: ``DataFileError`` (naming `file`) when there is no label or no channel.
    package static func configuration(channels: [Channel], labels: [String], file: String = configurationName) throws(DataFileError) -> String {
        guard !labels.isEmpty else {
            throw DataFileError(file: file, field: "labels", "the dataset has no classes and no annotations, so there is no label to offer; list them under classes in dataset.yaml")
        }
        guard !channels.isEmpty else { throw DataFileError(file: file, field: "channels", "the dataset has no channels to show") }
        var xml = "<View>\n"
        xml += "  <Header value=\"$\(recordingKey)\"/>\n"
        xml += "  <TimeSeriesLabels name=\"\(controlName)\" toName=\"\(objectName)\">\n"
        for (i, label) in labels.enumerated() {
            xml += "    <Label value=\"\(escaped(label))\" background=\"\(palette[i % palette.count])\"/>\n"
        }
        xml += "  </TimeSeriesLabels>\n"
        xml += "  <TimeSeries name=\"\(objectName)\" value=\"$\(csvKey)\" valueType=\"url\" sep=\",\" timeColumn=\"time\" timeDisplayFormat=\",.3f\" overviewChannels=\"\(escaped(channels[0].rawValue))\">\n"
        for channel in channels {
            xml += "    <Channel column=\"\(escaped(channel.rawValue))\" legend=\"\(escaped(channel.rawValue))\" units=\"\(channel.physicalUnit)\" displayFormat=\",.4f\"/>\n"
        }
        xml += "  </TimeSeries>\n</View>\n"
        return xml
    }

    /// A task of the import file.
    struct Task: Encodable {
        var data: [String: String]
        var predictions: [Prediction]
    }

    /// A prediction: regions and where they come from.
    struct Prediction: Encodable {
        var modelVersion: String
        var result: [LabelStudioRegion]
        enum CodingKeys: String, CodingKey {
            case result
            case modelVersion = "model_version"
        }
    }

    static func prediction(_ version: String, _ annotations: [Annotation]) -> Prediction {
        // Region ids only need to be unique within one result; these are stable from export to export.
        Prediction(modelVersion: version, result: annotations.enumerated().map { LabelStudioRegion(id: "gl\($0.offset)", $0.element) })
    }

    /// Distinct label colours (matplotlib's tab10), so neighbouring labels differ.
    static let palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A relative path as URL text: what a query value or a path may hold literally stays, the rest is escaped.
    static func percentEncoded(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "&?#+=;")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
