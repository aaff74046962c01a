import Foundation
import GestureTestSupport
import Testing

/// `datasets export label-studio` and `datasets import label-studio` end to end, on the fixtures that
/// `Tests/GestureDataTests/Datasets/LabelStudio/LabelStudioFixtures` holds (a real Label Studio 1.23.2 export among them).
@Suite struct LabelStudioCommandTests {
    static let fixtures = SharedData.packageRoot.appendingPathComponent("Tests/GestureDataTests/Datasets/LabelStudio/LabelStudioFixtures")

    static func temporary(_ name: String) -> URL {
        TemporaryFolder.root.appendingPathComponent("gesturelab-cli-\(name)-\(UUID().uuidString)")
    }

    static func copyOfDataset() throws -> URL {
        let folder = temporary("ls-dataset")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("dataset"), to: folder)
        return folder
    }

    @Test func exportThenImportTheRealExportThenValidate() throws {
        let dataset = try Self.copyOfDataset()
        let out = Self.temporary("ls-export")
        let export = try GestureLabBinary.run(["datasets", "export", "label-studio", dataset.path, "--out", out.path,
                                               "--candidates", Self.fixtures.appendingPathComponent("candidates").path])
        #expect(export.status == 0, "\(export.stdout)\(export.stderr)")
        #expect(export.stdout.contains("wrote 3 tasks with 3 predictions (2 from the dataset, 1 candidates; 6 regions)"))
        #expect(export.stdout.contains("labels: shake, flip; channels: accel.x, accel.y, accel.z, gyro.z"))
        #expect(export.stdout.contains("LOCAL_FILES_DOCUMENT_ROOT="))
        for file in ["tasks.json", "config.xml", "recordings/alice-1.csv", "recordings/bob-1.csv", "recordings/carol-1.csv"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "\(file)")
        }
        let served = try GestureLabBinary.run(["datasets", "export", "label-studio", dataset.path, "--out", out.path,
                                               "--url-prefix", "http://localhost:8000/"])
        #expect(served.status == 0)
        #expect(try String(contentsOf: out.appendingPathComponent("tasks.json"), encoding: .utf8)
            .contains("\"csv\" : \"http://localhost:8000/recordings/alice-1.csv\""))

        let result = try GestureLabBinary.run(["datasets", "import", "label-studio",
                                               Self.fixtures.appendingPathComponent("label-studio-export.json").path, "--out", dataset.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("alice-1 (task 1, annotation 1): 0 added, 0 moved, 0 removed, 2 unchanged\n"))
        #expect(result.stdout.contains("bob-1 (task 2, annotation 2): 1 added, 1 moved, 1 removed, 0 unchanged; added shake 2.4…2.8 s; "
                                       + "moved shake 1.0…1.8 s → 1.05…1.85 s; removed flip 2.2…2.6 s"))
        #expect(result.stdout.contains("3 added, 1 moved, 1 removed, 2 unchanged; 2 annotation files rewritten"))
        #expect(try GestureLabBinary.run(["datasets", "validate", dataset.path]).status == 0)
    }

    @Test func importRefusesAnotherDatasetsExportAndOptionsThatDoNotApply() throws {
        let other = Self.temporary("ls-other")
        let synth = try GestureLabBinary.run(["datasets", "synth", "--seed", "1", "--kind", "segments", "--out", other.path])
        #expect(synth.status == 0, "\(synth.stderr)")
        let export = Self.fixtures.appendingPathComponent("label-studio-export.json").path
        let refused = try GestureLabBinary.run(["datasets", "import", "label-studio", export, "--out", other.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("task 1: recording 'alice-1' is not in the dataset"), "\(refused.stderr)")
        let dataset = try Self.copyOfDataset()
        let forced = try GestureLabBinary.run(["datasets", "import", "label-studio", export, "--out", dataset.path, "--force"])
        #expect(forced.status != 0 && forced.stderr.contains("do not apply to label-studio"))
        let folder = try GestureLabBinary.run(["datasets", "import", "label-studio", Self.fixtures.path, "--out", dataset.path])
        #expect(folder.status != 0 && folder.stderr.contains("a folder; give the JSON file"))
    }
}
