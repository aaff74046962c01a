import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// `find` and `detect` on channels of another sensor unit (`accel.x@lowerarm`, issue 58): a recording of two units,
/// the motion on the lower arm alone, which drops out between the motions.
@Suite struct SensorUnitsCommandTests {
    struct Match: Decodable {
        var recording: String
        var start: Double
        var end: Double
    }

    struct Event: Decodable {
        var label: String
        var start: Double
    }

    static func scratch() throws -> URL {
        let root = TemporaryFolder.root.appendingPathComponent("sensor-units-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("recordings"), withIntermediateDirectories: true)
        return root
    }

    /// A project dataset of ``SensorUnitsFixture/motionCSV(seconds:rate:motions:gap:placed:)`` read by the fixture's
    /// manifest (the lower arm as the unit `lowerarm`).
    static func dataset() throws -> URL {
        let root = try scratch()
        try SensorUnitsFixture.motionCSV().write(to: root.appendingPathComponent("recordings/units.csv"), atomically: true, encoding: .utf8)
        try SensorUnitsFixture.manifest.replacingOccurrences(of: "samplingRate: 10", with: "samplingRate: 20")
            .write(to: root.appendingPathComponent("dataset.yaml"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func findSearchesAnotherUnitsChannels() throws {
        let data = try Self.dataset()
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try GestureLabBinary.run(["find", data.path, "--query", data.path, "--recording", "units", "--from", "2", "--to", "2.95",
                                            "--channels", "accel.x@lowerarm,accel.y@lowerarm", "--limit", "2", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let matches = try run.jsonLines(Match.self)
        #expect(Set(matches.map { ($0.start * 100).rounded() / 100 }) == [2, 8], "\(run.stdout)")
    }

    @Test func findNamesAnAbsentPlacementAndTheUnitsPresent() throws {
        let data = try Self.dataset()
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try GestureLabBinary.run(["find", data.path, "--query", data.path, "--recording", "units", "--from", "2", "--to", "2.95",
                                            "--channels", "accel.magnitude@wrist"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("no sensor unit at 'wrist'") && run.stderr.contains("its units: the primary unit, lowerarm"), "\(run.stderr)")
    }

    /// A DTW template of the lower arm's motion, spotting at a normalised distance up to 0.4.
    static func model(at url: URL) throws {
        let n = 20
        let values = (0..<n).flatMap { i -> [Double] in
            let m = SensorUnitsFixture.armMotion(Double(i) / Double(n))
            return [m.x, m.y]
        }
        let channels = ["accel.x@lowerarm", "accel.y@lowerarm"].map { MotionChannel(rawValue: $0)! }
        let model = DTWModel(channels: channels, samplingRate: 20, dtw: .full, templates: [.init(label: "arm", series: try DTWSeries(interleaved: values, dimensions: 2))],
                             calibration: ["arm": .init(mean: 0.1, standardDeviation: 0.1, count: 3, pooled: false)],
                             rejectionK: 3, minimumDuration: 0.5, maximumDuration: 2)
        try DTWModelFile.write(model, to: url)
    }

    @Test func detectRunsAModelOfAnotherUnitOnAMultiUnitCSV() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let modelURL = root.appendingPathComponent("arm.json"), input = root.appendingPathComponent("units.csv")
        try Self.model(at: modelURL)
        try SensorUnitsFixture.motionCSV(placed: true).write(to: input, atomically: true, encoding: .utf8)
        let run = try GestureLabBinary.run(["detect", "--recognizer", "dtw", "--config", modelURL.path, "--input", input.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let events = try run.jsonLines(Event.self)
        #expect(events.count == 2 && zip(events, [2.0, 8.0]).allSatisfy { $0.label == "arm" && abs($0.start - $1) < 0.2 }, "\(run.stdout)")
        #expect(run.stderr.contains("'lowerarm' from accel_x@lowerarm"), "\(run.stderr)")
        // The same on standard input.
        let piped = try GestureLabBinary.run(["detect", "--recognizer", "dtw", "--config", modelURL.path, "--input", "-", "--json"],
                                             stdin: SensorUnitsFixture.motionCSV(placed: true))
        #expect(piped.status == 0 && piped.stdout == run.stdout, "\(piped.stderr)")
    }

    @Test func detectNamesAPlacementTheInputLacks() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let modelURL = root.appendingPathComponent("arm.json"), input = root.appendingPathComponent("one-unit.csv")
        try Self.model(at: modelURL)
        let oneUnit = SensorUnitsFixture.motionCSV(placed: true).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(4).joined(separator: ",") }
        try (oneUnit.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let run = try GestureLabBinary.run(["detect", "--recognizer", "dtw", "--config", modelURL.path, "--input", input.path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("accel.x@lowerarm") && run.stderr.contains("no sensor unit at 'lowerarm', only the primary unit"), "\(run.stderr)")
    }
}
