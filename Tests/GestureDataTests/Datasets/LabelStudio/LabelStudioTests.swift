import Foundation
import GestureData
import GestureTestSupport
import Testing

/// Export to Label Studio and import of its JSON export, against a real export made by Label Studio 1.23.2 from
/// this exporter's output (`LabelStudioFixtures/README.md` says how).
@Suite struct LabelStudioTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("LabelStudioFixtures")
    static let realExport = fixtures.appendingPathComponent("label-studio-export.json")

    /// A writable copy of the fixture dataset.
    static func copyOfDataset(_ name: String = #function) throws -> URL {
        let folder = datasetTestFolder(name).appendingPathComponent("dataset")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("dataset"), to: folder)
        return folder
    }

    /// Every file under `folder` by relative path, with its bytes.
    static func contents(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)! {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                out[path] = try Data(contentsOf: url)
            }
        }
        return out
    }

    static func candidates() -> LabelStudioExport.Candidates {
        let (annotations, _, problems) = AnnotationFile.read(fixtures.appendingPathComponent("candidates/carol-1.csv"))
        #expect(problems.isEmpty)
        return .init(name: "candidates:candidates", annotations: ["carol-1": annotations])
    }

    static func json(_ url: URL) throws -> Any { try JSONSerialization.jsonObject(with: Data(contentsOf: url)) }

    @Test func exportWritesTasksConfigurationAndCSVsThatLabelStudioWasGiven() throws {
        let dataset = try Self.copyOfDataset()
        let loaded = try DatasetReader.load(at: dataset)
        let out = datasetTestFolder().appendingPathComponent("ls")
        let summary = try LabelStudioExport.write(loaded.dataset, classes: loaded.classes, candidates: [Self.candidates()], to: out)
        #expect(summary.tasks == 3 && summary.datasetPredictions == 2 && summary.candidatePredictions == 1 && summary.regions == 6)
        #expect(summary.labels == ["shake", "flip"])
        // The tasks' data are what the committed export holds: the fixture was made from this exporter's output.
        let tasks = try #require(try Self.json(out.appendingPathComponent("tasks.json")) as? [[String: Any]])
        let exported = try #require(try Self.json(Self.realExport) as? [[String: Any]])
        #expect(tasks.count == exported.count)
        for (mine, theirs) in zip(tasks, exported) {
            #expect(mine["data"] as? [String: String] == theirs["data"] as? [String: String])
        }
        // alice-1's prediction holds its two annotations, in seconds.
        let predictions = try #require(tasks[0]["predictions"] as? [[String: Any]])
        #expect(predictions.count == 1 && predictions[0]["model_version"] as? String == "dataset")
        let result = try #require(predictions[0]["result"] as? [[String: Any]])
        let values = result.compactMap { $0["value"] as? [String: Any] }
        #expect(values.map { $0["start"] as? Double } == [0.5, 2.0] && values.map { $0["end"] as? Double } == [1.2, 2.6])
        #expect(values.map { $0["timeserieslabels"] as? [String] } == [["shake"], ["flip"]])
        #expect(result.allSatisfy { $0["from_name"] as? String == "label" && $0["to_name"] as? String == "ts" && $0["type"] as? String == "timeserieslabels" })
        // carol-1 has no annotations: only the candidates, named after their folder.
        let carol = try #require(tasks[2]["predictions"] as? [[String: Any]])
        #expect(carol.map { $0["model_version"] as? String } == ["candidates:candidates"])
        // The CSV a task names is the recording in seconds with the dataset's channels.
        let csv = try String(contentsOf: out.appendingPathComponent("recordings/bob-1.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\n")
        #expect(rows[0] == "time,accel.x,accel.y,accel.z,gyro.z" && rows.count == 62 && rows[61].hasPrefix("3.0,"))
        // The configuration shows every channel over the time column and offers every label.
        let config = try String(contentsOf: out.appendingPathComponent("config.xml"), encoding: .utf8)
        #expect(config.contains("<TimeSeries name=\"ts\" value=\"$csv\" valueType=\"url\" sep=\",\" timeColumn=\"time\""))
        for channel in ["accel.x", "accel.y", "accel.z", "gyro.z"] { #expect(config.contains("<Channel column=\"\(channel)\"")) }
        #expect(config.contains("<TimeSeriesLabels name=\"label\" toName=\"ts\">"))
        #expect(config.contains("<Label value=\"shake\"") && config.contains("<Label value=\"flip\""))
    }

    @Test func importOfTheRealExportGivesTheExpectedAnnotationFiles() throws {
        let dataset = try Self.copyOfDataset()
        let before = try Self.contents(dataset)
        let loaded = try DatasetReader.load(at: dataset)
        let labelled = try LabelStudioImport.read(Self.realExport, against: loaded.dataset)
        #expect(labelled.map(\.recording) == ["alice-1", "bob-1", "carol-1"])
        // carol-1 was skipped once (a cancelled annotation) before it was labelled: the submitted one counts.
        #expect(labelled.map(\.submitted) == [1, 1, 1])
        let outcomes = try LabelStudioImport.apply(labelled, to: loaded, folder: dataset)
        let after = try Self.contents(dataset)
        func text(_ path: String) -> String? { after[path].map { String(decoding: $0, as: UTF8.self) } }

        // alice-1 accepted its prediction unchanged: same annotations, file not rewritten.
        #expect(outcomes[0].changes.isEmpty && outcomes[0].changes.unchanged == 2 && outcomes[0].written == nil)
        #expect(after["annotations/alice-1.csv"] == before["annotations/alice-1.csv"])
        // bob-1: the shake moved, the flip removed, a second shake added.
        let bob = outcomes[1].changes
        #expect(bob.moved == [.init(old: Annotation(start: 1.0, end: 1.8, label: "shake"), new: Annotation(start: 1.05, end: 1.85, label: "shake"))])
        #expect(bob.removed == [Annotation(start: 2.2, end: 2.6, label: "flip")])
        #expect(bob.added == [Annotation(start: 2.4, end: 2.8, label: "shake")])
        #expect(text("annotations/bob-1.csv") == "start,end,label\n1.05,1.85,shake\n2.4,2.8,shake\n")
        // carol-1 had no annotation file: the accepted candidate and a new flip, in a new file the manifest names.
        #expect(outcomes[2].changes.added.count == 2 && outcomes[2].changes.removed.isEmpty)
        #expect(text("annotations/carol-1.csv") == "start,end,label\n0.4,1.0,shake\n1.6,2.2,flip\n")
        #expect(text("dataset.yaml")?.contains("file: recordings/carol-1.csv\n  annotations: annotations/carol-1.csv") == true)
        // Recordings are untouched and the dataset reads back valid, with the new annotations.
        for path in before.keys where path.hasPrefix("recordings/") { #expect(after[path] == before[path]) }
        let reread = try DatasetReader.load(at: dataset)
        #expect(DatasetValidator().validate(reread).isEmpty)
        #expect(reread.dataset.recordings.map(\.annotations.count) == [2, 2, 2])

        // Importing the same export again changes nothing.
        let again = try LabelStudioImport.apply(try LabelStudioImport.read(Self.realExport, against: reread.dataset), to: reread, folder: dataset)
        #expect(again.allSatisfy { $0.changes.isEmpty && $0.written == nil })
        #expect(try Self.contents(dataset) == after)
    }

    /// Label Studio's export of `tasks` (the export's import file) where every task's predictions of
    /// `modelVersion` were submitted unchanged as its annotation.
    static func acceptingPredictions(_ tasksFile: URL, modelVersion: String) throws -> Data {
        let tasks = try #require(try json(tasksFile) as? [[String: Any]])
        var exported: [[String: Any]] = []
        for (i, task) in tasks.enumerated() {
            let predictions = (task["predictions"] as? [[String: Any]] ?? []).filter { $0["model_version"] as? String == modelVersion }
            let annotations: [[String: Any]] = predictions.map { ["id": 100 + i, "result": $0["result"] ?? [], "was_cancelled": false, "ground_truth": false] }
            exported.append(["id": i + 1, "data": task["data"] ?? [:], "annotations": annotations, "predictions": [i + 1]])
        }
        return try JSONSerialization.data(withJSONObject: exported)
    }

    @Test func exportThenImportOfUnchangedPredictionsIsTheIdentity() throws {
        let dataset = try Self.copyOfDataset()
        // Times that decimal text must carry exactly: shortest round-trip forms of awkward doubles.
        try Data("start,end,label\n0.1,0.30000000000000004,shake\n1.2345678901234567,2.9999999999999996,flip\n".utf8)
            .write(to: dataset.appendingPathComponent("annotations/alice-1.csv"))
        let before = try Self.contents(dataset)
        let loaded = try DatasetReader.load(at: dataset)
        let out = datasetTestFolder().appendingPathComponent("ls")
        try LabelStudioExport.write(loaded.dataset, classes: loaded.classes, to: out)
        let export = out.appendingPathComponent("export.json")
        try Self.acceptingPredictions(out.appendingPathComponent("tasks.json"), modelVersion: "dataset").write(to: export)
        let labelled = try LabelStudioImport.read(export, against: loaded.dataset)
        #expect(labelled.map(\.recording) == ["alice-1", "bob-1"])
        let outcomes = try LabelStudioImport.apply(labelled, to: loaded, folder: dataset)
        #expect(outcomes.allSatisfy { $0.changes.isEmpty && $0.written == nil })
        #expect(outcomes.map(\.changes.unchanged) == [2, 2])
        #expect(try Self.contents(dataset) == before)
    }

    /// The real export with `edit` applied to its parsed JSON, written to a temporary file.
    static func editedExport(_ edit: (inout [[String: Any]]) throws -> Void, _ name: String = #function) throws -> URL {
        var tasks = try #require(try json(realExport) as? [[String: Any]])
        try edit(&tasks)
        let url = datasetTestFolder(name).appendingPathComponent("export.json")
        try JSONSerialization.data(withJSONObject: tasks).write(to: url)
        return url
    }

    /// Sets `value[key]` of region `region` of the first annotation of task `task`.
    static func setRegion(_ tasks: inout [[String: Any]], task: Int, annotation: Int = 0, region: Int, _ key: String, _ value: Any) {
        var annotations = tasks[task]["annotations"] as! [[String: Any]]
        var result = annotations[annotation]["result"] as! [[String: Any]]
        var v = result[region]["value"] as! [String: Any]
        v[key] = value
        result[region]["value"] = v
        annotations[annotation]["result"] = result
        tasks[task]["annotations"] = annotations
    }

    static func refusal(_ export: URL, _ name: String = #function) throws -> (message: String, unchanged: Bool) {
        let dataset = try copyOfDataset(name)
        let before = try contents(dataset)
        let loaded = try DatasetReader.load(at: dataset)
        do {
            let labelled = try LabelStudioImport.read(export, against: loaded.dataset)
            _ = try LabelStudioImport.apply(labelled, to: loaded, folder: dataset)
        } catch {
            return (error.description, try contents(dataset) == before)
        }
        Issue.record("the import was not refused")
        return ("", false)
    }

    @Test func importRefusesTasksNamingRecordingsTheDatasetLacks() throws {
        let export = try Self.editedExport { tasks in
            var data = tasks[2]["data"] as! [String: Any]
            data["recording"] = "dave-1"
            tasks[2]["data"] = data
        }
        let (message, unchanged) = try Self.refusal(export)
        #expect(message.contains("export.json: task 3: recording 'dave-1' is not in the dataset label-studio-fixture"), "\(message)")
        #expect(unchanged)
    }

    @Test func importRefusesRegionsOutsideTheRecording() throws {
        // bob-1 runs from 0 to 3 s; region m2 (2.4…2.8 s) is made to end at 3.5 s.
        let late = try Self.editedExport { Self.setRegion(&$0, task: 1, region: 1, "end", 3.5) }
        let (message, unchanged) = try Self.refusal(late)
        #expect(message.contains("task 2, region 'm2': shake 2.4…3.5 s lies outside recording 'bob-1' (0.0…3.0 s)"), "\(message)")
        #expect(unchanged)
        let early = try Self.editedExport { Self.setRegion(&$0, task: 0, region: 0, "start", -0.1) }
        #expect(try Self.refusal(early).message.contains("task 1, region 'gl0': shake -0.1…1.2 s lies outside"))
        let inverted = try Self.editedExport { Self.setRegion(&$0, task: 1, region: 0, "start", 2.0) }
        #expect(try Self.refusal(inverted).message.contains("task 2, region 'm1': start 2.0 s is after end 1.85 s"))
    }

    @Test func importRefusesWhatIsNotAnExportOfThisProject() throws {
        let text = try Self.editedExport { Self.setRegion(&$0, task: 1, region: 0, "start", "2026-01-01 00:00:01") }
        #expect(try Self.refusal(text).message.contains("task 2, annotation 2: a region's time is text"))
        let twice = try Self.editedExport { tasks in
            var data = tasks[2]["data"] as! [String: Any]
            data["recording"] = "bob-1"
            tasks[2]["data"] = data
        }
        #expect(try Self.refusal(twice).message.contains("task 3: recording 'bob-1' is also task 2"))
        let minimal = datasetTestFolder().appendingPathComponent("min.json")
        try Data(#"{"csv": "x"}"#.utf8).write(to: minimal)
        #expect(try Self.refusal(minimal).message.contains("not a Label Studio JSON export: expected a list of tasks"))
    }

    @Test func changesPairMovesByLabelAndOverlap() {
        let old = [Annotation(start: 0, end: 1, label: "a"), Annotation(start: 2, end: 3, label: "b"), Annotation(start: 5, end: 6, label: "a")]
        let new = [Annotation(start: 0.1, end: 1.1, label: "a"), Annotation(start: 2, end: 3, label: "c"), Annotation(start: 5, end: 6, label: "a")]
        let c = AnnotationChanges(old: old, new: new)
        #expect(c.unchanged == 1)
        #expect(c.moved == [.init(old: old[0], new: new[0])])
        // Another label on the same span is a removal and an addition, not a move.
        #expect(c.removed == [old[1]] && c.added == [new[1]])
        #expect(c.summary.hasPrefix("1 added, 1 moved, 1 removed, 1 unchanged"))
        #expect(AnnotationChanges(old: old, new: old).isEmpty)
    }
}
