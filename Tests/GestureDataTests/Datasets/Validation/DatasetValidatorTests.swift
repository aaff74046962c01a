import Foundation
import GestureData
import GestureTestSupport
import Testing

@Suite struct DatasetValidatorTests {
    /// A project dataset in which every recording has one kind of problem, on a known line.
    static func corrupted() throws -> URL {
        let folder = datasetTestFolder()
        let files: [(String, String, String?)] = [
            ("good", "time,accel.x\n0,1\n0.1,1\n0.2,1\n", "start,end,label\n0,0.2,shake\n"),
            ("text", "time,accel.x\n0,1\n0.1,abc\n0.2,1\n", nil),
            ("nan", "time,accel.x\n0,1\n0.1,nan\n0.2,inf\n", nil),
            ("unsorted", "time,accel.x\n0,1\n0.2,1\n0.1,1\n", nil),
            ("duplicate", "time,accel.x\n0,1\n0.1,1\n0.1,1\n0.2,1\n", nil),
            ("gap", "time,accel.x\n0,1\n0.1,1\n0.2,1\n5.0,1\n", nil),
            ("empty", "", nil),
            ("single", "time,accel.x\n0,1\n", nil),
            ("annotations", "time,accel.x\n0,1\n0.1,1\n0.2,1\n0.3,1\n",
             "start,end,label\n0,0.2,shake\n0.1,0.3,shake\n0.2,9,flip\n0.1,0.2,wave\n0.3,0.1,shake\n"),
        ]
        var manifest = "name: corrupted\nsamplingRate: 10\nclasses: [shake, flip]\nchannels:\n  - {name: accel.x}\nrecordings:\n"
        for (id, data, annotations) in files {
            try writeFixture(data, "recordings/\(id).csv", in: folder)
            manifest += "  - {id: \(id), subject: s, session: '1', file: recordings/\(id).csv"
            if let annotations {
                try writeFixture(annotations, "annotations/\(id).csv", in: folder)
                manifest += ", annotations: annotations/\(id).csv"
            }
            manifest += "}\n"
        }
        try writeFixture(manifest, "dataset.yaml", in: folder)
        return folder
    }

    @Test func catchesEveryProblemWithFileAndLine() throws {
        let folder = try Self.corrupted()
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = DatasetValidator().validate(try DatasetReader.load(at: folder))
        func has(_ kind: DatasetProblem.Kind, _ file: String, line: Int?, field: String? = nil) -> Bool {
            problems.contains { p in
                p.kind == kind && p.location.file.hasSuffix(file) && p.location.line == line && (field == nil || p.location.field == field)
            }
        }
        #expect(has(.nonNumeric, "recordings/text.csv", line: 3, field: "accel.x"))
        #expect(has(.nonFinite, "recordings/nan.csv", line: 3, field: "accel.x"))
        #expect(has(.nonFinite, "recordings/nan.csv", line: 4, field: "accel.x"))
        #expect(has(.unsortedTimestamps, "recordings/unsorted.csv", line: 4, field: "time"))
        #expect(has(.duplicateTimestamps, "recordings/duplicate.csv", line: 4, field: "time"))
        #expect(has(.gap, "recordings/gap.csv", line: 5, field: "time"))
        #expect(has(.emptyFile, "recordings/empty.csv", line: nil))
        #expect(has(.oneSample, "recordings/single.csv", line: 2))
        #expect(has(.annotationOverlap, "annotations/annotations.csv", line: 3))
        #expect(has(.annotationOutside, "annotations/annotations.csv", line: 4))
        #expect(has(.unknownLabel, "annotations/annotations.csv", line: 5, field: "label"))
        #expect(has(.annotationInvalid, "annotations/annotations.csv", line: 6, field: "end"))
        #expect(!problems.contains { $0.location.file.hasSuffix("good.csv") })
        #expect(problems.first { $0.kind == .gap }?.severity == .warning)
        #expect(problems.first { $0.kind == .nonNumeric }?.description.contains("recordings/text.csv:3: accel.x:") == true)
    }

    /// `validate` and `inspect` count gaps by one rule: a device at 52 Hz stated as 50 Hz, with intervals just over
    /// and just under 3 of its median intervals (0.0577 s), which 3 stated periods (0.06 s) would not count.
    /// Gap lengths are written rounded, not with the clock's floating-point noise.
    @Test func gapsNearTheThresholdAreCountedAsInspectCountsThem() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var t = 0.0, text = "time,accel.x\n0,1\n"
        for k in 1..<200 {
            t += [50, 100, 150].contains(k) ? 0.059 : [75, 125].contains(k) ? 0.056 : 1.0 / 52
            text += "\(t),1\n"
        }
        try writeFixture(text, "r.csv", in: folder)
        try writeFixture("name: near\nsamplingRate: 50\nchannels:\n  - {name: accel.x}\nrecordings:\n  - {id: r, subject: s, session: '1', file: r.csv}\n",
                         "dataset.yaml", in: folder)
        let loaded = try DatasetReader.load(at: folder)
        let gaps = DatasetValidator().validate(loaded).filter { $0.kind == .gap }
        #expect(gaps.map(\.location.line) == [52, 102, 152], "\(gaps)")
        #expect(DatasetSummary(loaded.dataset).gaps == gaps.count)
        #expect(gaps.first?.location.message == "gap of 0.059 s (over 3 median intervals of 0.01923 s)", "\(gaps)")
    }

    @Test func repairsAreExplicitAndCounted() throws {
        let folder = try Self.corrupted()
        defer { try? FileManager.default.removeItem(at: folder) }
        var loaded = try DatasetReader.load(at: folder)
        let untouched = loaded.dataset
        #expect(DatasetRepair.apply([], to: &loaded) == RepairReport())
        #expect(loaded.dataset == untouched)
        let report = DatasetRepair.apply([.dropNonFinite, .sort, .deduplicate], to: &loaded)
        #expect(report.droppedNonFinite == 3)  // "abc", nan, inf
        #expect(report.sortedRecordings == 1)
        #expect(report.droppedDuplicates == 1)
        let kinds = Set(DatasetValidator().validate(loaded).map(\.kind))
        #expect(!kinds.contains(.nonFinite) && !kinds.contains(.unsortedTimestamps) && !kinds.contains(.duplicateTimestamps))
        let unsorted = try #require(loaded.dataset.recordings.first { $0.id == "unsorted" })
        #expect(unsorted.timestamps == [0, 0.1, 0.2])
        #expect(loaded.provenance[3].lines == [2, 4, 3])
    }
}
