import Foundation
import GestureData
import GestureTestSupport
import Testing

/// Aligning sensor files onto one clock never traps on the times it is handed.
@Suite struct StreamAlignerTests {
    /// A fuzzer's find: a Sensor Logger recording whose only row is a truncated `t` gave each file one NaN time, and the
    /// sensors' common span (NaN to NaN) trapped. Such a time is now a problem naming the file, line and field.
    @Test func aTimeThatIsNoNumberIsAProblemNotATrap() throws {
        let folder = datasetTestFolder()
        let text = "time,seconds_elapsed,z,y,x\nt"
        for file in ["s1/1/TotalAcceleration.csv", "s1/1/Gyroscope.csv"] {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let manifest = try DatasetManifest(yaml: try #require(ImportPresets.byName["sensor-logger"]), file: "dataset.yaml")
        let loaded = try? DatasetReader.load(manifest, folder: folder, data: folder)
        let problems = loaded?.problems ?? []
        #expect(loaded == nil || problems.contains { $0.location.field == "time" && $0.location.file.hasSuffix(".csv") }, "\(problems)")
        #expect(loaded.map { $0.dataset.recordings.allSatisfy { $0.timestamps.allSatisfy(\.isFinite) } } ?? true)
    }
}
