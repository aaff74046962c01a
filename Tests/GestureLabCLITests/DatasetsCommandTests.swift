import Foundation
import GestureTestSupport
import Testing

@Suite struct DatasetsCommandTests {
    @Test(.needsSharedData) func inspectPrintsJSONCounts() throws {
        let path = try #require(SharedData.dataset("MooCow_WiimoteMotionPlus")).path
        let inspection = try DatasetInspection.of("moocow:\(path)")
        #expect(inspection.recordings == 550)
        #expect(inspection.classes.count == 8)
        #expect(inspection.classes.first { $0.label == "lrl" }?.annotations == 50)
    }

    @Test func validateFailsOnCorruptedDataWithFileAndLine() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("gesturelab-cli-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("recordings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("time,accel.x\n0,1\n0.2,oops\n0.1,1\n0.05,1\n".utf8).write(to: folder.appendingPathComponent("recordings/a.csv"))
        try Data("name: bad\nchannels:\n  - {name: accel.x}\nrecordings:\n  - {id: a, subject: s, session: '1', file: recordings/a.csv}\n".utf8)
            .write(to: folder.appendingPathComponent("dataset.yaml"))
        let result = try GestureLabBinary.run(["datasets", "validate", folder.path])
        #expect(result.status != 0)
        #expect(result.stdout.contains("recordings/a.csv:3: accel.x: 'oops' is not a number"))
        #expect(result.stdout.contains("recordings/a.csv:4: time:"))
        // Converting refuses the errors unless a repair fixes them, and reports its counts.
        let out = folder.appendingPathComponent("out").path
        let refused = try GestureLabBinary.run(["datasets", "convert", folder.path, "--out", out])
        #expect(refused.status != 0)
        let repaired = try GestureLabBinary.run(["datasets", "convert", folder.path, "--out", out, "--force",
                                                 "--repair", "drop-nan", "--repair", "sort"])
        #expect(repaired.status == 0, "\(repaired.stdout)\(repaired.stderr)")
        #expect(repaired.stdout.contains("dropped 1 rows with NaN/inf"))
        #expect(repaired.stdout.contains("sorted 1 recordings"))
        let clean = try GestureLabBinary.run(["datasets", "validate", out])
        #expect(clean.status == 0, "\(clean.stdout)")
    }

    @Test(.needsSharedData) func convertWritesTheProjectFormat() throws {
        let path = try #require(SharedData.dataset("UWaveGestureLibrary/UWaveGestureLibrary_TRAIN.ts")).path
        let out = TemporaryFolder.root.appendingPathComponent("gesturelab-cli-convert-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let converted = try GestureLabBinary.run(["datasets", "convert", "ts:\(path)", "--channels", "accel.x,accel.y,accel.z", "--out", out.path])
        #expect(converted.status == 0, "\(converted.stderr)")
        let inspection = try DatasetInspection.of(out.path)
        #expect(inspection.recordings == 120 && inspection.channels == ["accel.x", "accel.y", "accel.z"])
        #expect(try GestureLabBinary.run(["datasets", "validate", out.path]).status == 0)
    }
}
