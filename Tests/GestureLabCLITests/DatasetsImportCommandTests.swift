import Foundation
import GestureTestSupport
import Testing

@Suite struct DatasetsImportCommandTests {
    static func temporary(_ name: String) -> URL {
        TemporaryFolder.root.appendingPathComponent("gesturelab-cli-\(name)-\(UUID().uuidString)")
    }

    @Test func importWritesAProjectDatasetAndSaysWhatItDid() throws {
        let example = SharedData.packageRoot.appendingPathComponent("datasets/presets/android-csv/example").path
        let out = Self.temporary("import")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try GestureLabBinary.run(["datasets", "import", "android-csv", example, "--out", out.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("imported 1 recordings (10 samples, 1 annotations) of 1 subjects"))
        #expect(result.stdout.contains("batches: spread 5 rows of 5 batches"))
        #expect(result.stdout.contains("time: 1 recordings made relative to their first sample"))
        // The result is a project dataset in g, with the label run as an annotation file.
        let annotations = try String(contentsOf: out.appendingPathComponent("annotations/p01/2024-05-21-walk.csv"), encoding: .utf8)
        #expect(annotations == "start,end,label\n0.04,0.07,shake\n")
        let recording = try String(contentsOf: out.appendingPathComponent("recordings/p01/2024-05-21-walk.csv"), encoding: .utf8)
        #expect(recording.split(separator: "\n")[1].hasPrefix("0.0,-0.0122365945"))
        #expect(try GestureLabBinary.run(["datasets", "validate", out.path]).status == 0)

        // And back: the annotations as a per-sample label column.
        let labelled = Self.temporary("label-column")
        defer { try? FileManager.default.removeItem(at: labelled) }
        let converted = try GestureLabBinary.run(["datasets", "convert", out.path, "--out", labelled.path, "--label-column", "label"])
        #expect(converted.status == 0, "\(converted.stdout)\(converted.stderr)")
        #expect(converted.stdout.contains("(1 annotations as the per-sample column 'label')"))
        let rows = try String(contentsOf: labelled.appendingPathComponent("recordings/p01/2024-05-21-walk.csv"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[0] == "time,accel.x,accel.y,accel.z,gyro.x,gyro.y,gyro.z,label")
        #expect(rows[4].hasSuffix(",") && rows[5].hasSuffix(",shake") && rows[8].hasSuffix(",shake") && rows[9].hasSuffix(","))
    }

    @Test func importRefusesUnknownPresetsAndEmptyFolders() throws {
        let empty = Self.temporary("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let unknown = try GestureLabBinary.run(["datasets", "import", "nope", empty.path, "--out", empty.appendingPathComponent("o").path])
        #expect(unknown.status != 0 && unknown.stderr.contains("unknown preset 'nope'"))
        let nothing = try GestureLabBinary.run(["datasets", "import", "sensor-logger", empty.path, "--out", empty.appendingPathComponent("o").path])
        #expect(nothing.status != 0)
        #expect(nothing.stderr.contains("no files match {subject}/{session}/TotalAcceleration.csv; nothing written"))
        #expect(!FileManager.default.fileExists(atPath: empty.appendingPathComponent("o").path))
    }

    @Test(.needsSharedData) func inspectReportsTheSwimWatchReadingPolicies() throws {
        guard let path = SharedData.dataset("SwimWatch_Turns")?.path else {
            print("skipped: ../shared/datasets/SwimWatch_Turns is absent")
            return
        }
        let inspection = try DatasetInspection.of("swimwatch:\(path)")
        #expect(inspection.recordings == 33)
        #expect(inspection.classes.first { $0.label == "turn" }?.annotations == 60)
        #expect(inspection.reading.relativeTimeRecordings == 33)
        #expect(inspection.reading.ignoredLabelRuns == 4 && inspection.reading.ignoredLabelSamples == ["-1": 5474], "\(inspection.reading)")
    }
}
