import Foundation
import GestureData
import Testing

/// Header columns a manifest maps no channel to are left out, and the reading report says which, once.
@Suite struct DatasetReaderColumnsTests {
    static func load(channels: String, files: Int = 2) throws -> LoadedDataset {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var manifest = "name: columns\ntime: {column: time, unit: s}\nchannels:\n\(channels)recordings:\n"
        for k in 0..<files {
            try writeFixture("time,x,y,z,light,norm\n" + (0..<20).map { "\(Double($0) * 0.02),0,0,-1,0,1" }.joined(separator: "\n") + "\n",
                             "r\(k).csv", in: folder)
            manifest += "  - {id: r\(k), subject: s\(k), session: '1', file: r\(k).csv}\n"
        }
        try writeFixture(manifest, "dataset.yaml", in: folder)
        return try DatasetReader.load(at: folder)
    }

    @Test func columnsNoChannelReadsAreNamedOnceAsANote() throws {
        let loaded = try Self.load(channels: "  - {name: accel.x, column: x}\n  - {name: accel.y, column: y}\n  - {name: accel.z, column: z}\n")
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(loaded.dataset.recordings.count == 2)
        let notes = loaded.report.notes.filter { $0.hasPrefix("columns:") }
        #expect(notes == ["columns: 'light', 'norm' left out: the manifest maps no channel to them"], "\(loaded.report.notes)")
        #expect(loaded.report.lines.contains(notes[0]))
    }

    @Test func aManifestReadingEveryColumnSaysNothingOfColumns() throws {
        let loaded = try Self.load(channels: "  - {name: accel.x, column: x}\n  - {name: accel.y, column: y}\n  - {name: accel.z, column: z}\n"
                                   + "  - {name: gyro.x, column: light}\n  - {name: gyro.y, column: norm}\n", files: 1)
        #expect(!loaded.report.notes.contains { $0.hasPrefix("columns:") }, "\(loaded.report.notes)")
    }
}
