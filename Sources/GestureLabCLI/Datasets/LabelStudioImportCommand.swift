import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab datasets import label-studio EXPORT.json --out DATASET`: a Label Studio JSON export's submitted
/// annotations replace those of the dataset's recordings, with what changed printed per recording.
struct LabelStudioImportCommand {
    /// The preset name that selects this import.
    static let preset = "label-studio"

    /// The Label Studio JSON export.
    var export: String
    /// The project dataset to update.
    var dataset: String

    func run() throws {
        let folder = URL(fileURLWithPath: (dataset as NSString).expandingTildeInPath)
        let exportURL = URL(fileURLWithPath: (export as NSString).expandingTildeInPath)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: exportURL.path, isDirectory: &isFolder), isFolder.boolValue {
            throw DatasetCommandError(message: "\(export): a folder; give the JSON file Label Studio exported (Export → JSON)")
        }
        let outcomes: [LabelStudioImport.Outcome]
        let tasks: Int
        do {
            let loaded = try DatasetReader.load(at: folder)
            let labelled = try LabelStudioImport.read(exportURL, against: loaded.dataset)
            tasks = labelled.count
            outcomes = try LabelStudioImport.apply(labelled, to: loaded, folder: folder)
            if outcomes.isEmpty {
                throw DatasetCommandError(message: "\(export): no task has a submitted annotation; nothing changed (submit or accept the predictions in Label Studio, then export again)")
            }
        } catch let error as DataFileError {
            throw DatasetCommandError(message: error.description)
        }
        var totals = (added: 0, moved: 0, removed: 0, unchanged: 0)
        for outcome in outcomes {
            let c = outcome.changes
            totals.added += c.added.count
            totals.moved += c.moved.count
            totals.removed += c.removed.count
            totals.unchanged += c.unchanged
            let source = "task \(outcome.labelled.task), annotation \(outcome.labelled.annotation)"
                + (outcome.labelled.submitted > 1 ? " of \(outcome.labelled.submitted)" : "")
                + (outcome.labelled.ignoredResults > 0 ? ", \(outcome.labelled.ignoredResults) results of other types ignored" : "")
            print("\(outcome.recording) (\(source)): \(c.summary)")
            for note in outcome.labelled.notes { print("  note: \(note)") }
        }
        let written = outcomes.filter { $0.written != nil }.count
        print("imported \(tasks) labelled tasks from \(export) into \(dataset): \(totals.added) added, \(totals.moved) moved, "
              + "\(totals.removed) removed, \(totals.unchanged) unchanged; \(written) annotation files rewritten")
        print("next: gesturelab datasets validate \(dataset)")
    }
}
