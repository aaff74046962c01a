import Foundation
import GestureData
import GestureKit
import Testing

/// A manifest's recording files split into fields as every dialect splits them (issue 53, "fields are
/// fields"): an empty field stays under its own column, and a row of another width than the header is
/// named at its line and the column it means.
@Suite struct DatasetReaderStreamTests {
    /// A project dataset of one recording `a.tsv` separated by `delimiter`, with a label column when
    /// `label` is set.
    static func manifest(delimiter: String = "'\\t'", label: Bool = true) -> String {
        """
        name: fields
        kind: continuous
        table: {delimiter: \(delimiter), header: true}
        time: {column: time}
        \(label ? "labels: {column: label, background: [\"0\"]}\n" : "")channels:
          - {name: accel.x}
          - {name: accel.y}
          - {name: accel.z}
        recordings:
          - {id: a, subject: s, session: "1", file: a.tsv}
        """
    }

    /// Loads the dataset in a fresh folder with `data` as its recording file.
    static func load(_ data: String, manifest: String = manifest(), name: String = #function) throws -> (LoadedDataset, URL) {
        let folder = datasetTestFolder(name)
        try writeFixture(manifest, "dataset.yaml", in: folder)
        try writeFixture(data, "a.tsv", in: folder)
        return (try DatasetSource(folder.path).load(), folder)
    }

    static let header = "time\taccel.x\taccel.y\taccel.z\tlabel\n"
    static let good = "0.00\t0.0\t0.1\t-1.0\t7\n"

    @Test func theIssuesRowNamesTheEmptyFieldNotTheLabel() throws {
        // Before: the tab after the empty accel.x was swallowed, so accel.z read the label (7 g) and the
        // row passed without an error.
        let (loaded, folder) = try Self.load(Self.header + Self.good + "0.50\t\t0.1\t-1.0\t7\n" + "1.00\t0.0\t0.1\t-1.0\t7\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.tsv").path
        #expect(loaded.problems.map(\.location) == [DataFileError(file: file, line: 3, field: "accel.x", "empty value")])
        #expect(loaded.problems.map(\.kind) == [.missingValue])
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.column(.accelZ)?.contains(7) == false)
        #expect(r.column(.accelY) == [0.1, 0.1, 0.1])
    }

    @Test func withoutTheLabelTheEmptyFieldIsStillTheOneNamed() throws {
        // Before: the row was one field short, blamed on accel.z.
        let (loaded, folder) = try Self.load("time\taccel.x\taccel.y\taccel.z\n0.00\t0.0\t0.1\t-1.0\n0.50\t\t0.1\t-1.0\n",
                                             manifest: Self.manifest(label: false))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(loaded.problems.map(\.location) == [DataFileError(file: folder.appendingPathComponent("a.tsv").path, line: 3, field: "accel.x", "empty value")])
    }

    @Test func anEmptyFieldInTheMiddleOfATabRow() throws {
        let (loaded, folder) = try Self.load(Self.header + Self.good + "0.50\t0.2\t\t-1.0\t7\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(loaded.problems.map(\.location.description) == ["\(folder.appendingPathComponent("a.tsv").path):3: accel.y: empty value"])
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.column(.accelX) == [0, 0.2] && r.column(.accelZ) == [-1, -1])
    }

    @Test func aShortRowNamesTheFirstColumnItLacks() throws {
        // Before: the missing label read as an empty label, and nothing said the row was short.
        let (loaded, folder) = try Self.load(Self.header + Self.good + "0.50\t0.0\t0.1\t-1.0\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.tsv").path
        // First the short row; the label column then reads the missing label as empty, on the same line.
        #expect(loaded.problems.first?.description
                    == "error: \(file):3: label: the line has 4 of the header's 5 fields: none for this column or any after it [missingValue]")
        #expect(loaded.problems.allSatisfy { $0.location.line == 3 })
    }

    @Test func aShortRowMissingWantedColumnsIsOneProblem() throws {
        let (loaded, folder) = try Self.load(Self.header + Self.good + "0.50\t0.0\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.tsv").path
        // One problem for the numbers, not one per missing wanted column (the label's follows).
        #expect(loaded.problems.filter { $0.location.field != "label" }.map(\.location.description)
                    == ["\(file):3: accel.y: the line has 2 of the header's 5 fields: none for this column or any after it"])
    }

    @Test(arguments: ["'\\t'", "','", "';'"])
    func aLongRowNamesTheFieldPastTheLastColumn(_ delimiter: String) throws {
        // Before: the sixth field was ignored, so a separator inside a field shifted values unseen.
        let sep = delimiter == "'\\t'" ? "\t" : String(delimiter.dropFirst().prefix(1))
        let row = { (fields: [String]) in fields.joined(separator: sep) + "\n" }
        let text = row(["time", "accel.x", "accel.y", "accel.z", "label"]) + row(["0", "0", "0.1", "-1", "7"])
            + row(["0.5", "0", "0.1", "-1", "7", "9"])
        let (loaded, folder) = try Self.load(text, manifest: Self.manifest(delimiter: delimiter), name: "longRow\(sep.utf8.first!)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.tsv").path
        #expect(loaded.problems.map(\.description)
                    == ["error: \(file):3: column 6: the line has 6 fields where the header has 5: a field holding the separator must be quoted [extraFields]"])
    }

    @Test func aLineOfTabsIsARowOfEmptyFields() throws {
        // As `,,,,` is with commas; a line of spaces stays blank.
        let (loaded, folder) = try Self.load(Self.header + Self.good + "  \n" + "\t\t\t\t\n" + "1.00\t0.0\t0.1\t-1.0\t7\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let named = Set(loaded.problems.filter { $0.location.line == 4 && $0.location.message == "empty value" }.compactMap(\.location.field))
        #expect(named == ["time", "accel.x", "accel.y", "accel.z"])
        #expect(!loaded.problems.contains { $0.location.line == 3 })
    }
}
