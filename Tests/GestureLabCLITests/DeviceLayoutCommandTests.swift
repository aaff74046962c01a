import Foundation
import GestureTestSupport
import Testing

/// Issue 56 end to end: `--rate` on a `csv:` file without a time column is its rows' rate (case 9: before, the
/// command said the file "has its own clock", contradicting the reader's advice), and Consensys' export is read by
/// its preset through `datasets import`.
@Suite struct DeviceLayoutCommandTests {
    static func run(_ arguments: [String]) throws -> GestureLabBinary.Result { try GestureLabBinary.run(arguments) }

    @Test func inspectTakesTheRateOfACSVFileWithoutATimeColumn() throws {
        let folder = try PhoneAppRecordings.folder("imu-capture", [
            "punch.csv": DeviceRecordings.imuCapture(captures: 1),
            "timed.csv": "time,accel_x,accel_y,accel_z\n" + (0..<100).map { "\(Double($0) / 50),0,0,-1\n" }.joined(),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = "csv:" + folder.appendingPathComponent("punch.csv").path
        // Without a rate the reader asks for one...
        let asked = try Self.run(["datasets", "inspect", file])
        #expect(asked.status != 0 && asked.stderr.contains("state their rate"), "\(asked.stdout)\(asked.stderr)")
        // ...and given one, reads 119 rows 1/119 s apart: 1 s.
        let read = try Self.run(["datasets", "inspect", file, "--rate", "119"])
        #expect(read.status == 0, "\(read.stdout)\(read.stderr)")
        #expect(!(read.stdout + read.stderr).contains("has its own clock"), "\(read.stdout)\(read.stderr)")
        #expect((read.stdout + read.stderr).contains("the stated rate, 119 Hz"), "\(read.stdout)\(read.stderr)")
        #expect(read.stdout.contains("119 in all"), "\(read.stdout)")
        // A file with a time column is refused naming that column: then the rate would be ignored.
        let timed = try Self.run(["datasets", "inspect", "csv:" + folder.appendingPathComponent("timed.csv").path, "--rate", "119"])
        #expect(timed.status != 0 && timed.stderr.contains("the file has its own clock ('time')"), "\(timed.stdout)\(timed.stderr)")
    }

    @Test func importReadsAConsensysExportWithItsPreset() throws {
        let folder = try PhoneAppRecordings.folder("consensys", ["p01/desk-1.csv": DeviceRecordings.consensys()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let result = try Self.run(["datasets", "import", "shimmer-consensys", folder.path, "--out", out.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let rows = try String(contentsOf: out.appendingPathComponent("recordings/p01/desk-1.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        #expect(rows.count == 102)
        // Written in s and g: the last sample 101/51.2 s after the first, |a| at rest 1 g.
        #expect(abs(rows.last![0] - 101 / 51.2) < 0.001)
        let a = rows[0][1...3].map { $0 * $0 }.reduce(0, +).squareRoot()
        #expect(abs(a - 1) < 0.01, "\(rows[0])")
    }
}
