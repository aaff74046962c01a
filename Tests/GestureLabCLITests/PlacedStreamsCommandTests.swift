import Foundation
import GestureTestSupport
import Testing

/// `datasets validate` on a recording of two devices (issue 58): the watch's clock offset, estimated from the shake
/// both saw, and the samples in the watch's own gap are in its reading report.
@Suite struct PlacedStreamsCommandTests {
    @Test func validatePrintsTheEstimatedOffsetAndTheUnitsGap() throws {
        let root = TemporaryFolder.root.appendingPathComponent("placed-streams-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try TwoDeviceFixture.manifest(clock: "{search: [-5, 5], event: [3, 9]}")
            .write(to: root.appendingPathComponent("dataset.yaml"), atomically: true, encoding: .utf8)
        try TwoDeviceFixture.phoneCSV.write(to: root.appendingPathComponent("phone.csv"), atomically: true, encoding: .utf8)
        try TwoDeviceFixture.watchCSV().write(to: root.appendingPathComponent("watch.csv"), atomically: true, encoding: .utf8)
        let run = try GestureLabBinary.run(["datasets", "validate", root.path])
        #expect(run.status == 0, "\(run.stderr)")
        let text = run.stdout + run.stderr
        let line = try #require(text.split(separator: "\n").first { $0.contains("clock: ") && $0.contains("watch.csv (wrist)") }, "\(text)")
        #expect(line.contains(": -2.3") && line.contains("estimated from |a| (r 0.") && line.contains("searched -5 to 5 s over 3–9 s"), "\(line)")
        #expect(text.contains("samples where a placed unit had no reading, its own gap (NaN; the primary unit's sample kept): wrist "), "\(text)")
        // The watch's file has no empty cells: no line on them.
        #expect(!text.contains("sensors: watch.csv"), "\(text)")
    }
}
