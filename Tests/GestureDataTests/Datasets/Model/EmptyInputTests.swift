import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// Reading nothing is an error naming the file; messages quote at most 80 characters of data.
@Suite struct EmptyInputTests {
    static func file(_ text: String, _ name: String) throws -> URL {
        try LineEnding.lf.write(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n", named: name)
    }

    /// The error `body` throws, which must name `url`.
    static func failure(naming url: URL, _ body: () throws(DataFileError) -> Void) -> DataFileError? {
        let error = #expect(throws: DataFileError.self) { try body() }
        #expect(error?.description.contains(url.lastPathComponent) == true, "\(String(describing: error))")
        return error
    }

    @Test(arguments: ["", "\n\n  \n"]) func emptySegmentFilesAreErrors(_ text: String) throws {
        let ucr = try LineEnding.lf.write(text, named: "empty_TRAIN.tsv")
        _ = Self.failure(naming: ucr) { () throws(DataFileError) in _ = try UCRArchive.read(contentsOf: ucr) }
        let uea = try LineEnding.lf.write(text, named: "empty.ts")
        _ = Self.failure(naming: uea) { () throws(DataFileError) in _ = try UEAArchive.read(contentsOf: uea) }
        let grt = try LineEnding.lf.write(text, named: "empty.grt")
        _ = Self.failure(naming: grt) { () throws(DataFileError) in _ = try GRTFile.read(contentsOf: grt) }
        let csv = try LineEnding.lf.write(text, named: "empty.csv")
        _ = Self.failure(naming: csv) { () throws(DataFileError) in _ = try SampleCSVFormat.load(csv) }
    }

    @Test func headersWithoutRowsAreErrors() throws {
        let uea = try Self.file("@problemName tiny\n@classLabel true a\n@data\n", "header.ts")
        _ = Self.failure(naming: uea) { () throws(DataFileError) in _ = try UEAArchive.read(contentsOf: uea) }
        let grt = try Self.file("GRT_LABELLED_CLASSIFICATION_DATA_FILE_V1.0\nLabelledTrainingData:\n", "header.grt")
        _ = Self.failure(naming: grt) { () throws(DataFileError) in _ = try GRTFile.read(contentsOf: grt) }
        let csv = try Self.file("time,accel_x,accel_y,accel_z\n\n", "header.csv")
        let error = Self.failure(naming: csv) { () throws(DataFileError) in _ = try SampleCSVFormat.load(csv) }
        #expect(error?.message.contains("no data rows") == true)
    }

    /// A project folder with one recording file holding `text`.
    static func project(_ text: String) throws -> URL {
        let folder = datasetTestFolder("project")
        try writeFixture(text, "only.csv", in: folder)
        try writeFixture(DatasetFixture.manifest(time: "t", channels: [("accel.x", "x")], file: "only.csv"), "dataset.yaml", in: folder)
        return folder
    }

    @Test(arguments: ["", "t,x\n", "t,x\n0,oops\n0.01,\n", "t,x\nnan,1\n0.01,inf\n"])
    func aManifestDatasetThatReadsNothingIsAnError(_ text: String) throws {
        let folder = try Self.project(text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: DataFileError.self) { _ = try DatasetSource(folder.path).load() }
        // Names the dataset and, through the first problem, the file.
        #expect(error?.file == folder.path)
        #expect(error?.message.contains("only.csv") == true, "\(String(describing: error))")
    }

    @Test func aManifestDatasetWithOneGoodRowLoads() throws {
        let folder = try Self.project("t,x\n0,oops\n0.01,0.5\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try DatasetSource(folder.path).load()
        #expect(loaded.dataset.recordings[0].column(.accelX)?.last == 0.5)
        #expect(loaded.problems.count == 1)
    }

    @Test func anEmptyAnnotationFileIsAProblemAndAHeaderAloneIsNot() throws {
        let empty = try Self.file("", "empty-annotations.csv")
        let (none, _, problems) = AnnotationFile.read(empty)
        #expect(none.isEmpty && problems.map(\.kind) == [.emptyFile])
        let header = try Self.file("start,end,label\n", "header-annotations.csv")
        let (alsoNone, _, noProblems) = AnnotationFile.read(header)
        #expect(alsoNone.isEmpty && noProblems.isEmpty)
    }

    // MARK: quoting

    @Test func quoteCutsLongTextToEightyCharacters() {
        #expect(DataFileError.quote("1.5x") == "'1.5x'")
        let exactly = String(repeating: "a", count: 80)
        #expect(DataFileError.quote(exactly) == "'\(exactly)'")
        #expect(DataFileError.quote(exactly + "b") == "'\(exactly)…'")
    }

    /// A long CR-only file whose header is wrong: the message quotes the start of the header only.
    static func longCROnlyFile(header: String) throws -> URL {
        var text = header + "\n"
        for i in 0..<2_000 { text += "\(Double(i) / 100),0.1,0.2,-1\n" }
        return try LineEnding.cr.write(text, named: "long.csv")
    }

    @Test func messagesAboutALongCROnlyFileQuoteAtMostEightyCharacters() throws {
        let columns = (1...40).map { "column\($0)" }
        let url = try Self.longCROnlyFile(header: columns.joined(separator: ","))
        let error = #expect(throws: DataFileError.self) { _ = try SampleCSVFormat.load(url) }
        let message = try #require(error?.message)
        #expect(error?.line == 1)
        #expect(message.contains("'column1,column2,") && message.contains("…'"))
        #expect(!message.contains("column40") && !message.contains("0.1,0.2"))
        // The header's quote (80 characters) and the names looked for, plus the hint for files without times
        // (the flags of `detect` and `inspect` and a manifest's key): not the 400 characters of the whole header.
        #expect(message.count < 320)
    }

    @Test func aMissingColumnQuotesTheStartOfTheHeaderOnly() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = (1...40).map { "column\($0)" }.joined(separator: ",")
        try writeFixture(LineEnding.cr.apply(to: header + "\n1,2\n"), "r.csv", in: folder)
        try writeFixture(DatasetFixture.manifest(time: "t", channels: [("accel.x", "column1")], file: "r.csv"), "dataset.yaml", in: folder)
        let loaded = try DatasetReader.load(at: folder)
        let problem = try #require(loaded.problems.first)
        #expect(problem.kind == .missingColumn && problem.location.field == "t")
        #expect(problem.location.message.contains("…'") && !problem.location.message.contains("column40"))
    }

    @Test func aLongBadFieldIsQuotedShort() throws {
        let url = try Self.file("1\t0.5\t\(String(repeating: "x", count: 500))\n", "bad_TRAIN.tsv")
        let error = #expect(throws: DataFileError.self) { _ = try UCRArchive.read(contentsOf: url) }
        #expect(error?.line == 1 && error?.field == "column 3")
        #expect(error.map { $0.message.count < 100 } == true)
    }
}
