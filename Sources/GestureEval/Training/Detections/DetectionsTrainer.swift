import Foundation
import GestureKit
import GestureData

/// Detections from any tool as an entry (`recognizer: detections`, `detections: DIR`): nothing is learned; in each fold
/// the test recordings' detections are read from `DIR/<fold>/<recording id>.csv` when the folder `DIR/<fold>` exists
/// (a recording tested in several folds: learning curves, repeated draws; `compare --folds-out` names the folds), else
/// from `DIR/<recording id>.csv` (a recording id with `/` is a sub-folder). ``DetectionFile`` says what a file holds;
/// a bad one is an error at its line, and nothing is scored from it. Then the entry is judged, compared and reported
/// like any other.
package struct DetectionsTrainer: RecognizerTrainer {
    /// Where a fold's detections are.
    package struct Model: Codable, Sendable {
        /// The detections folder.
        package var folder: String
        /// The fold whose test recordings are read (its sub-folder when there is one).
        package var fold: String?
        /// The labels the entry judges (empty: all).
        package var labels: [String]
    }

    /// The identifier of entries that name it.
    package static let identifier = "detections"

    /// A trainer.
    package init() {}

    /// `detections`.
    package var identifier: String { Self.identifier }

    /// Nothing is searched: the detections are what they are.
    package var searchable: [String]? { [] }

    /// Events in continuous recordings only.
    package func refusal(of kind: Dataset.Kind) -> String? {
        kind == .continuous ? nil : "detections are events in continuous recordings; segments need a classifier's labels"
    }

    /// The entry names a folder that exists and nothing a tool's detections could not honour.
    package func validate(_ setup: TrainingSetup) throws(TrainingError) {
        let folder = try Self.folder(setup)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw setup.error("detections: '\(folder)' is not a folder (write DIR/<recording id>.csv for every test recording)")
        }
        guard setup.stages.isEmpty else { throw setup.error("detections: stages would not reach another tool's detections; remove them") }
        if case let .object(map) = setup.configuration, let key = map.keys.sorted().first(where: { !["folder", "labels"].contains($0) }) {
            throw setup.error("detections: '\(key)' is not a setting of detections from another tool; only detections: DIR is")
        }
    }

    /// The folder and the fold: what the fold's test detections are read with.
    package func fit(_ setup: TrainingSetup, on recordings: [Recording]) throws(TrainingError) -> Trained<Model> {
        let labels: [String] = if case let .array(items)? = setup.configuration[path: "labels"] {
            items.compactMap { if case let .string(s) = $0 { s } else { nil } }
        } else { [] }
        return Trained(Model(folder: try Self.folder(setup), fold: setup.fold, labels: labels), summary: TrainingSummary())
    }

    /// Each recording's detections from its file. O(file sizes).
    package func detect(_ model: Model, on recordings: [Recording], setup: TrainingSetup) throws -> TrainingSetup.Detections {
        let root = URL(fileURLWithPath: model.folder, isDirectory: true)
        var base = root
        if let fold = model.fold {
            var isFolder: ObjCBool = false
            let foldFolder = root.appendingPathComponent(fold, isDirectory: true)
            if FileManager.default.fileExists(atPath: foldFolder.path, isDirectory: &isFolder), isFolder.boolValue { base = foldFolder }
        }
        let judges = { (label: String) in model.labels.isEmpty || model.labels.contains { $0.hasSuffix("*") ? label.hasPrefix($0.dropLast()) : $0 == label } }
        let events = try recordings.map { r throws(DataFileError) in
            try DetectionFile.read(base.appendingPathComponent(r.id + ".csv"), for: r, judges: judges)
        }
        return (events, [])
    }

    /// The entry's `detections` folder. O(1).
    static func folder(_ setup: TrainingSetup) throws(TrainingError) -> String {
        guard case let .string(folder)? = setup.configuration[path: "folder"], !folder.isEmpty else {
            throw setup.error("recognizer detections needs detections: DIR, the folder of the detections to score")
        }
        return folder
    }
}
