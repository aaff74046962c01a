import Foundation
import GestureData
import GestureTestSupport
import Testing

/// One enum names every `FORMAT:` prefix, spelled as before, and one table says what reads each.
@Suite struct DatasetFormatTests {
    @Test func everyFormatRoundTripsItsSpelling() {
        #expect(DatasetFormat.allCases.map(\.rawValue)
                    == ["ucr", "ts", "grt", "csv", "synth", "gyronics", "moocow", "phoneairlines", "swimwatch", "uwave"])
        for format in DatasetFormat.allCases {
            #expect(DatasetFormat(rawValue: format.rawValue) == format)
            #expect(DatasetFormat(spelling: format.rawValue.uppercased()) == format)
            #expect("\(format)" == format.rawValue)
            let source = DatasetSource(format.rawValue.uppercased() + ":a/b")
            #expect(source.format == format && source.path == "a/b")
        }
        #expect(DatasetFormat(spelling: "foo") == nil && DatasetFormat(spelling: "") == nil)
    }

    @Test func anUnknownSpellingIsRefusedInTheWordsItWasBefore() {
        let accepted = DatasetSource.seriesFormats
        #expect(throws: DatasetSource.FormatError.unsupportedFormat("swim", accepted: accepted)) {
            try DatasetSource("Swim:x", accepting: accepted)
        }
        #expect(DatasetSource.FormatError.unsupportedFormat("swim", accepted: accepted).description == "unknown format 'swim'; supported: ucr, ts")
        #expect(DatasetSource.FormatError.unsupportedFormat("swimwatch", accepted: accepted).description
                    == "format 'swimwatch' is not accepted here; supported: ucr, ts")
        #expect(DataFileError.Reason.notADataset(source: "csv:a.csv").message
                    == "not a dataset folder or manifest (dataset.yaml); to read a data file, give its format, e.g. csv:a.csv "
                    + "(formats: ucr: ts: grt: csv: synth: gyronics: moocow: phoneairlines: swimwatch: uwave:)")
        #expect(throws: DataFileError(file: "x.csv", "csv: holds no labelled series; use ucr: or ts:")) {
            try DatasetSource("csv:x.csv").labelledSeries()
        }
        #expect(throws: DataFileError(file: "data/x", "a dataset folder holds no labelled series; use ucr: or ts:")) {
            try DatasetSource("data/x").labelledSeries()
        }
    }

    @Test func theTableSaysWhatReadsEachFormat() {
        #expect(DatasetSource.seriesFormats == [.ucr, .ts])
        #expect(DatasetFormat.allCases.filter { !$0.reader.hasOwnClock } == [.ucr, .ts, .grt])
        #expect(ExternalManifests.byPrefix.keys.sorted() == ["gyronics", "moocow", "phoneairlines", "swimwatch", "uwave"])
        #expect(ExternalManifests.byPrefix["swimwatch"]?.folder == "SwimWatch_Turns")
        #expect(ExternalManifests.byPrefix["swimwatch"]?.yaml.hasPrefix("format: gesturelab-dataset/1\nname: SwimWatch_Turns\n") == true)
        #expect(["tsv", "TS", "grt", "csv", "txt"].map { DatasetFormat.reading(fileExtension: $0) } == [.ucr, .ts, .grt, .csv, nil])
    }

    /// A data file given as a dataset is told the prefix that reads it, by its extension (`csv:` for any other).
    @Test func aDataFileWithoutAPrefixIsToldItsPrefix() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("format-hint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, prefix) in [("a.tsv", "ucr"), ("a.TS", "ts"), ("a.grt", "grt"), ("a.csv", "csv"), ("a.txt", "csv")] {
            let url = folder.appendingPathComponent(name)
            try "1\t2\n".write(to: url, atomically: true, encoding: .utf8)
            #expect(throws: DataFileError(file: url.path, .notADataset(source: "\(prefix):\(url.path)"))) {
                try DatasetReader.load(at: url)
            }
        }
    }
}
