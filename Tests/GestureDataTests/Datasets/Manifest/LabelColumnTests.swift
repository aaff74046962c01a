import Foundation
import GestureData
import Testing

@Suite struct LabelColumnTests {
    /// A watch-style export: index column, nanosecond epoch clock, m/s² with Android's sign, numeric labels.
    static let manifest = """
        name: watch
        time: {column: timestamp, unit: ns}
        labels: {column: label, background: ["0"], ignore: ["-1"], names: {"5": turn, "1": freestyle}}
        channels:
          - {name: accel.z, column: az, scale: -0.10197162129779283}
          - {name: gyro.x, column: gx}
        recordings:
          - {id: a, subject: s1, session: '1', file: a.csv}
        """

    @Test func runsOfLabelsBecomeAnnotations() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture(Self.manifest, "dataset.yaml", in: folder)
        let t0 = 1_700_000_000_000_000_000
        let labels = ["0", "0", "1.0", "1.0", "1.0", "-1", "5", "5", "0", "turn"]
        var text = ",timestamp,az,gx,label\n"
        for (i, label) in labels.enumerated() {
            text += "\(i),\(t0 + i * 100_000_000),9.80665,0.5,\(label)\n"
        }
        try writeFixture(text, "a.csv", in: folder)
        let loaded = try DatasetSource(folder.path).load()
        #expect(loaded.problems.isEmpty)
        let r = try #require(loaded.dataset.recordings.first)
        // Epoch nanoseconds become seconds from the first sample (reported), not 1.7e9 s.
        #expect(r.timestamps[0] == 0)
        #expect(abs(r.timestamps[9] - 0.9) < 1e-6)
        #expect(loaded.report.relativeTimeRecordings == 1)
        #expect(r.column(.accelZ)![0] == -1)
        // Runs: freestyle samples 2…4, ignored -1 at 5, turn 6…7, background 8, a text label at 9.
        #expect(r.annotations.map(\.label) == ["freestyle", "turn", "turn"])
        #expect(abs(r.annotations[0].start - 0.2) < 1e-6 && abs(r.annotations[0].end - 0.4) < 1e-6)
        #expect(abs(r.annotations[1].start - 0.6) < 1e-6 && abs(r.annotations[1].end - 0.7) < 1e-6)
        #expect(abs(r.annotations[2].start - 0.9) < 1e-6 && abs(r.annotations[2].end - 0.9) < 1e-6)
        #expect(loaded.report.ignoredLabelSamples == ["-1": 1] && loaded.report.ignoredLabelRuns == 1)
        #expect(loaded.report.labelAnnotations == 3)
    }

    @Test func aMissingLabelColumnIsNamed() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture(Self.manifest, "dataset.yaml", in: folder)
        try writeFixture("timestamp,az,gx\n0,9.8,0\n", "a.csv", in: folder)
        // Nothing usable was read, so loading fails, naming the first problem.
        #expect {
            _ = try DatasetSource(folder.path).load()
        } throws: { error in
            "\(error)".contains("a.csv:1: label: no column 'label'")
        }
    }

    @Test func anEmptyLabelThatIsNotBackgroundIsNamed() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture(Self.manifest, "dataset.yaml", in: folder)
        try writeFixture("timestamp,az,gx,label\n0,9.8,0,0\n1000000,9.8,0,\n2000000,9.8,0,\n3000000,9.8,0,5\n", "a.csv", in: folder)
        let loaded = try DatasetSource(folder.path).load()
        let problem = try #require(loaded.problems.first)
        #expect(problem.kind == .missingValue)
        #expect(problem.location.description.hasSuffix("a.csv:3: label: empty label (2 rows); list \"\" in labels.background or labels.ignore"))
        #expect(loaded.dataset.recordings.first?.annotations.map(\.label) == ["turn"])
    }

    @Test func timeUnitsAndOrigins() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture("t,ax\n1000,1\n1020,1\n1040,1\n", "a.csv", in: folder)
        func load(_ time: String) throws -> [Double] {
            try writeFixture("name: t\ntime: \(time)\nchannels: [{name: accel.x, column: ax}]\nrecordings: [{id: a, subject: s, session: '1', file: a.csv}]\n",
                             "dataset.yaml", in: folder)
            return try #require(try DatasetSource(folder.path).load().dataset.recordings.first).timestamps
        }
        #expect(try load("{column: t, unit: ms}") == [1, 1.02, 1.04])
        #expect(try load("{column: t, scale: 0.001}") == [1, 1.02, 1.04])
        #expect(try load("{column: t, unit: ms, origin: first}").map { ($0 * 1e9).rounded() / 1e9 } == [0, 0.02, 0.04])
        #expect(try load("{column: t, unit: s}") == [1000, 1020, 1040])
        // Bad keys are named.
        #expect(throws: DataFileError.self) { try load("{column: t, unit: minutes}") }
        do { _ = try load("{column: t, unit: ms, scale: 0.001}") } catch let error as DataFileError {
            #expect(error.field == "time.scale")
        }
    }
}
