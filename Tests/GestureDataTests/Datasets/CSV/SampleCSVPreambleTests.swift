import Foundation
@testable import GestureData
import GestureTestSupport
import Testing

/// Issue 75, shape 5: a `csv:` file whose header sits below a preamble (an Xsens-like export's device tags, rate and
/// blank lines) is read from its header, found as the manifest reader finds a column's line, and says which line.
@Suite struct SampleCSVPreambleTests {
    @Test func aHeaderBelowAPreambleIsFoundAndSaid() throws {
        let folder = try PhoneAppRecordings.folder("preamble", ["dot.csv": RoundFourRecordings.belowPreamble()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("dot.csv")
        let found = try #require(SampleCSVFormat.headerBelowPreamble(url))
        #expect(found.line == 8 && found.header.hasPrefix("Time,Acc_X") && found.first == "DeviceTag:,DOT-1", "\(found)")
        let loaded = try SampleCSVFormat.load(url)
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count == 300 && abs(r.timestamps[299] - 299.0 / 60) < 1e-4 && loaded.provenance[0].lines.first == 9)
        #expect(r.column(.accelZ)!.allSatisfy { $0 < -0.99 } && r.column(.gyroX) != nil)
        #expect(loaded.report.notes.contains { $0.contains("the header is line 8 ('Time,Acc_X") && $0.contains("the 7 lines above it are a preamble ('DeviceTag:,DOT-1'") },
                "\(loaded.report.notes)")
        // Both paths read it alike, with every option set.
        #expect(SampleCSVReaderTests.expectSameReading(url))
    }

    /// A file whose first line is its header, a file with no header (data from line 1) and a spreadsheet directive
    /// keep their readings: no preamble is found in them.
    @Test func aHeaderOnLineOneOrNoHeaderIsNoPreamble() throws {
        let folder = try PhoneAppRecordings.folder("no-preamble", [
            "plain.csv": "time,accel_x,accel_y,accel_z\n0,0,0,-1\n0.01,0,0,-1\n",
            "data.csv": "1709371800,0.1,0.2,-1\n1709371801,0.1,0.2,-1\ntime,accel_x,accel_y,accel_z\n",
            "sep.csv": "sep=;\ntime;accel_x;accel_y;accel_z\n0;0;0;-1\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["plain.csv", "data.csv", "sep.csv"] {
            #expect(SampleCSVFormat.headerBelowPreamble(folder.appendingPathComponent(name)) == nil, "\(name)")
        }
    }
}
