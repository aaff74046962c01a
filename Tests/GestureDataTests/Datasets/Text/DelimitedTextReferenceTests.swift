import Foundation
@testable import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// The field readers against a reference reader, Python's `csv` module, on seeded random rows of each
/// dialect (`,` `;` tab): quoted fields holding separators, tabs and doubled quotes, empty fields
/// (bare and `""`), blanks around fields. Every reader that splits a line is compared: the text fields
/// (``DelimitedText/fields(_:separator:)``), one field by index (``LabelColumn``, which also reads
/// date-time columns), and the numbers of a manifest's table (``DelimitedText/parse(_:file:resolve:)``).
///
/// Deliberate differences from `csv`, kept out of the generated rows:
/// - blanks around an unquoted field are not part of it (spaces always, tabs unless the tab is the
///   separator), so the reference's fields are compared with those blanks stripped, and quoted fields
///   do not start or end with blanks;
/// - a quote after leading blanks opens a quoted field (for `csv` it is text), and text after a closing
///   quote is dropped (`csv` appends it), so a quote opens only a quoted field;
/// - an empty line is one empty field (`csv`: no field) and is blank to the table readers, and a quoted
///   field cannot span lines, so no row is empty and no field holds a line break.
@Suite struct DelimitedTextReferenceTests {
    static let pythonAvailable: Bool = (try? ExternalProgram.run(named: "python3", ["-c", "import csv, json"]).status) == 0

    /// The dialects: name and separator.
    static let dialects: [(name: String, separator: UInt8)] = [("comma", 44), ("semicolon", 59), ("tab", 9)]

    /// Random text for one field of a row separated by `separator`, written as the file holds it.
    static func rawField(_ g: inout SplitMix64, separator: UInt8) -> String {
        let sep = Character(UnicodeScalar(separator))
        let blanks: [Character] = separator == 9 ? [" "] : [" ", "\t"]
        func pick<T>(_ items: [T]) -> T { items[Int(g.next() % UInt64(items.count))] }
        func padding() -> String { String((0..<Int(g.next() % 3)).map { _ in pick(blanks) }) }
        let alphabet: [Character] = Array("ab7.-e+0 ") + [",", ";", "\t", "\""]
        switch g.next() % 6 {
        case 0:
            return padding()  // empty, or blanks only
        case 1:
            return "\"\""  // quoted empty
        case 2, 3:
            // Quoted: anything but a line break, doubled quotes, no blank at either end.
            var text = String((0..<Int(g.next() % 8)).map { _ in pick(alphabet) })
            while let c = text.first, c == " " || c == "\t" { text.removeFirst() }
            while let c = text.last, c == " " || c == "\t" { text.removeLast() }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        default:
            // Bare: no separator, no quote first (after the blanks); blanks around it.
            var text = String((0..<(1 + Int(g.next() % 7))).map { _ in pick(alphabet) }.filter { $0 != sep })
            while let c = text.first, c == "\"" || c == " " || c == "\t" { text.removeFirst() }
            return padding() + text + padding()
        }
    }

    /// `rows` random lines for `separator`, each of 1–6 fields and none empty.
    static func randomLines(seed: UInt64, rows: Int, separator: UInt8) -> [String] {
        var g = SplitMix64(seed: seed)
        var lines: [String] = []
        while lines.count < rows {
            let count = 1 + Int(g.next() % 6)
            let line = (0..<count).map { _ in rawField(&g, separator: separator) }.joined(separator: String(UnicodeScalar(separator)))
            if !line.isEmpty { lines.append(line) }
        }
        return lines
    }

    /// The reference: each file read with `csv.reader` and its separator, every field stripped of the
    /// blanks this project's reader drops, as `[[[String]]]` (file, row, field).
    static func reference(_ files: [(url: URL, separator: UInt8)]) throws -> [[[String]]] {
        let script = """
            import csv, json, sys
            out = []
            for path, sep in zip(sys.argv[1::2], sys.argv[2::2]):
                blanks = " " if sep == "\\t" else " \\t"
                with open(path, newline="") as f:
                    out.append([[field.strip(blanks) for field in row] for row in csv.reader(f, delimiter=sep, quotechar='"', doublequote=True, strict=False)])
            json.dump(out, sys.stdout)
            """
        let arguments = files.flatMap { [$0.url.path, String(UnicodeScalar($0.separator))] }
        let run = try ExternalProgram.run(named: "python3", ["-c", script] + arguments)
        try #require(run.status == 0, "python3: \(run.stderr)")
        return try JSONDecoder().decode([[[String]]].self, from: Data(run.stdout.utf8))
    }

    static func write(_ lines: [String], _ name: String) throws -> URL {
        let url = TemporaryFolder.root.appendingPathComponent("reference-\(name)-\(UUID().uuidString).txt")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url
    }

    @Test(.enabled(if: pythonAvailable, "needs python3 on the PATH (the reference reader is its csv module)"))
    func textFieldsMatchPythonsCSVModule() throws {
        var files: [(url: URL, separator: UInt8)] = [], lines: [[String]] = []
        for (k, dialect) in Self.dialects.enumerated() {
            lines.append(Self.randomLines(seed: 53 + UInt64(k), rows: 600, separator: dialect.separator))
            files.append((try Self.write(lines[k], dialect.name), dialect.separator))
        }
        let expected = try Self.reference(files)
        for (k, dialect) in Self.dialects.enumerated() {
            try #require(expected[k].count == lines[k].count, "\(dialect.name): the reference read another number of rows")
            let bytes = try DelimitedText.bytes(of: files[k].url)
            let numbers = (1...lines[k].count).map(Int32.init)
            var mismatches = 0
            for (r, line) in lines[k].enumerated() where mismatches < 5 {
                let fields = DelimitedText.fields(line, separator: dialect.separator)
                if fields != expected[k][r] {
                    mismatches += 1
                    Issue.record("\(dialect.name) line \(r + 1) \(line.debugDescription): \(fields) ≠ csv's \(expected[k][r])")
                }
            }
            // One field by index, as label and date-time columns are read.
            for index in 0..<6 where mismatches < 5 {
                let column = LabelColumn.values(bytes, lines: numbers, field: index, delimiter: dialect.separator)
                let reference = expected[k].map { index < $0.count ? $0[index] : "" }
                if column != reference {
                    mismatches += 1
                    let r = column.indices.first { column[$0] != reference[$0] }!
                    Issue.record("\(dialect.name) field \(index) of line \(r + 1): \(column[r].debugDescription) ≠ csv's \(reference[r].debugDescription)")
                }
            }
        }
    }

    /// Random numeric rows (a number, bare with blanks around or quoted, or an empty field) under a
    /// header of `width` columns.
    static func numericLines(seed: UInt64, rows: Int, width: Int, separator: UInt8) -> [String] {
        var g = SplitMix64(seed: seed)
        let blanks = separator == 9 ? [" "] : [" ", "\t"]
        let sep = String(UnicodeScalar(separator))
        var lines = [(0..<width).map { "c\($0)" }.joined(separator: sep)]
        for _ in 0..<rows {
            lines.append((0..<width).map { _ -> String in
                let pad = g.next() % 4 == 0 ? blanks[Int(g.next() % UInt64(blanks.count))] : ""
                switch g.next() % 5 {
                case 0: return g.next() % 2 == 0 ? pad : "\"\""
                case 1: return "\"\(Double(Int64(g.next() % 20001) - 10000) / 100)\""
                default: return pad + "\(Double(Int64(g.next() % 20001) - 10000) / 100)" + pad
                }
            }.joined(separator: sep))
        }
        return lines
    }

    @Test(.enabled(if: pythonAvailable, "needs python3 on the PATH (the reference reader is its csv module)"))
    func aTablesNumbersMatchPythonsCSVModule() throws {
        let width = 5
        var files: [(url: URL, separator: UInt8)] = [], lines: [[String]] = []
        for (k, dialect) in Self.dialects.enumerated() {
            lines.append(Self.numericLines(seed: 530 + UInt64(k), rows: 400, width: width, separator: dialect.separator))
            files.append((try Self.write(lines[k], "numbers-\(dialect.name)"), dialect.separator))
        }
        let expected = try Self.reference(files)
        for (k, dialect) in Self.dialects.enumerated() {
            let delimiter: DatasetManifest.TableFormat.Delimiter = dialect.separator == 9 ? .tab : .byte(dialect.separator)
            var parser = DelimitedText(DatasetManifest.TableFormat(delimiter: delimiter, header: true, decimal: .point).layout)
            let table = parser.parse(try DelimitedText.bytes(of: files[k].url), file: "t") { (_: [String]?) throws(DataFileError) in
                (0..<width).map { ($0, "c\($0)") }
            }
            let rows = Array(expected[k].dropFirst())
            #expect(table.rowCount == rows.count, "\(dialect.name)")
            var problems: [String] = []
            for (r, row) in rows.enumerated() {
                try #require(row.count == width, "\(dialect.name): the reference split line \(r + 2) into \(row.count) fields")
                for (c, text) in row.enumerated() {
                    let value = table.columns[c][r]
                    if text.isEmpty {
                        problems.append("t:\(r + 2): c\(c): empty value")
                        #expect(value.isNaN, "\(dialect.name) line \(r + 2) c\(c): \(value) for an empty field")
                    } else {
                        #expect(value == Double(text), "\(dialect.name) line \(r + 2) c\(c): \(value) ≠ csv's \(text)")
                    }
                }
            }
            // Every empty field is named, at its own line and column, and nothing else is a problem.
            #expect(table.problems.map(\.location.description) == problems, "\(dialect.name)")
        }
    }
}
