import Foundation
import GestureEval
import GestureTestSupport
import Testing

@Suite struct SweepCommandTests {
    /// Raising the shake counter's peak threshold can only lose shakes: the miss rate never falls,
    /// and above every shake's peak nothing is detected.
    @Test func missRateRisesWithTheThreshold() throws {
        let out = TemporaryFolder.root.appendingPathComponent("sweep-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try GestureLabBinary.run(["sweep", "--recognizer", "shake", "--config", "configs/shake.yaml", "--dataset", ExperimentFixtures.continuous,
                                            "--labels", "shake", "--parameter", "peakThreshold", "--from", "0.5", "--to", "8", "--step", "2.5",
                                            "--out", out.path, "--json", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        struct Point: Decodable { var value: Double; var missRate: Double; var detections: Int; var falseActivationsPerHour: Double }
        let points = try JSONDecoder().decode([Point].self, from: Data(run.stdout.utf8))
        #expect(points.map(\.value) == [0.5, 3.0, 5.5, 8.0])
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.missRate <= $1.missRate })
        #expect(points.last?.detections == 0 && points.last?.missRate == 1)
        for file in ["det.svg", "sweep.csv", "results.json", "summary.md", "report.json"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "missing \(file)")
        }
    }

    @Test func badInput() throws {
        let usage = try GestureLabBinary.run(["sweep", "--recognizer", "shake", "--dataset", "x", "--parameter", "p", "--from", "2", "--to", "1", "--step", "1"])
        #expect(usage.status == 2)
        let unknown = try GestureLabBinary.run(["sweep", "--recognizer", "shake", "--dataset", ExperimentFixtures.continuous, "--parameter", "nope",
                                                "--from", "1", "--to", "2", "--step", "1"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("'nope'"), "\(unknown.stderr)")
        let segments = try GestureLabBinary.run(["sweep", "--recognizer", "shake", "--dataset", ExperimentFixtures.shapes, "--parameter", "peakThreshold",
                                                 "--from", "1", "--to", "2", "--step", "1"])
        #expect(segments.status == 1)
        #expect(segments.stderr.contains("continuous"))
    }
}
