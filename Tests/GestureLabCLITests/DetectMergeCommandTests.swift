import Foundation
import GestureTestSupport
import Testing

/// `detect --merge` (issue 58): a second live source joins the input as a unit, current by its arrival, on the input's clock.
@Suite struct DetectMergeCommandTests {
    @Test func helpStatesTheMergeAndItsClock() throws {
        let help = try GestureLabBinary.run(["detect", "--help"]).stdout
        #expect(help.contains("--merge <merge>") && help.contains("--merge-placement <merge-placement>"), "\(help)")
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("the input keeps its own clock"), "\(flat)")
    }

    @Test func aMergeOfFilesNeedsTheirPaceAndAPlacement() throws {
        let file = TemporaryFolder.root.appendingPathComponent("merge-\(UUID().uuidString).csv")
        try "time,accel_x,accel_y,accel_z\n0,0,0,-1\n0.02,0,0,-1\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fast = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", file.path, "--merge", file.path, "--merge-placement", "wrist"])
        #expect(fast.status != 0 && fast.stderr.contains("--realtime"), "\(fast.stderr)")
        let unplaced = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", file.path, "--merge", file.path, "--realtime"])
        #expect(unplaced.status != 0 && unplaced.stderr.contains("--merge-placement"), "\(unplaced.stderr)")
        // Paced, the two files run as one stream with the unit wrist.
        let paced = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", file.path, "--merge", file.path,
                                              "--merge-placement", "wrist", "--realtime"])
        #expect(paced.status == 0 && paced.stderr.contains("merged as the unit wrist"), "\(paced.stderr)")
    }
}
