import Foundation
@testable import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// Every text reader gives the same samples, annotations, series and line numbers whatever the
/// line ends (LF, CRLF, CR, mixed), with a byte-order mark, trailing blank lines or no final newline.
@Suite struct LineEndingTests {
    // MARK: TextLines itself

    @Test(arguments: LineEnding.allCases) func textLinesGivesTheSameNumberedLines(_ ending: LineEnding) {
        let lf = "a,b\n\nc\n  d\n"
        let lines = TextLines(ending.apply(to: lf)).map { ($0.number, String($0.text)) }
        let nonBlank = lines.filter { !$0.1.allSatisfy(\.isWhitespace) }
        #expect(nonBlank.map(\.0) == [1, 3, 4])
        #expect(nonBlank.map(\.1) == ["a,b", "c", "  d"])
    }

    @Test func textLinesSplitsMixedBreaksExactly() {
        let lines = TextLines("\u{FEFF}a\r\n\rb\n\r\nc\r").map { String($0.text) }
        #expect(lines == ["a", "", "b", "", "c"])
        #expect(Array(TextLines("")).isEmpty)
        #expect(TextLines("x").map { String($0.text) } == ["x"])
    }

    // MARK: project recordings and annotation files (DelimitedText, AnnotationFile)

    static let recording = """
        "t","ax","ay","az"
        0,0.5,0,-1
        0.01,0.25,0,-1

        0.02,-0.125,1e-3,-1
        """ + "\n"
    static let annotations = "\"start\",\"end\",\"label\"\n0,0.01,tap\n0.01,0.02,shake\n"

    /// A project folder whose recording and annotation files have `ending`'s line ends.
    static func projectFolder(_ ending: LineEnding) throws -> URL {
        let folder = datasetTestFolder("project\(ending)")
        try writeFixture(ending.apply(to: recording), "r.csv", in: folder)
        try writeFixture(ending.apply(to: annotations), "r-annotations.csv", in: folder)
        try writeFixture(DatasetFixture.manifest(time: "t", channels: DatasetFixture.acceleration("a"), file: "r.csv",
                                                 annotations: "r-annotations.csv", id: "r"), "dataset.yaml", in: folder)
        return folder
    }

    @Test(arguments: LineEnding.allCases) func projectRecordingAndAnnotationsReadTheSame(_ ending: LineEnding) throws {
        let folder = try Self.projectFolder(ending)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = try DatasetReader.load(at: folder)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.timestamps == [0, 0.01, 0.02])
        #expect(r.column(.accelX) == [0.5, 0.25, -0.125])
        #expect(r.column(.accelY) == [0, 0, 0.001])
        #expect(r.annotations == [Annotation(start: 0, end: 0.01, label: "tap"), Annotation(start: 0.01, end: 0.02, label: "shake")])
        #expect(loaded.provenance[0].lines == [2, 3, 5])
        #expect(loaded.provenance[0].annotationLines == [2, 3])
    }

    @Test(arguments: LineEnding.allCases) func rawUWaveLayoutReadsTheSame(_ ending: LineEnding) throws {
        let root = datasetTestFolder("uwave\(ending)")
        defer { try? FileManager.default.removeItem(at: root) }
        try writeFixture(ending.apply(to: "0.5 -0.25 1\n0.125\t0 1.5\n"), "U1 (2)/A_Template_Acceleration3-1.txt", in: root)
        let loaded = try DatasetSource("uwave:\(root.path)").load()
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.column(.accelX) == [0.5, 0.125])
        #expect(r.column(.accelY) == [0.25, 0])  // Wiimote y and z are flipped to CoreMotion's sign
        #expect(r.column(.accelZ) == [-1, -1.5])
        #expect(loaded.provenance[0].lines == [1, 2])
    }

    // MARK: sample CSVs (csv: sources, LineSource + SampleCSVStream for detect)

    static let sampleCSV = "\"time\",\"accel_x\",\"accel_y\",\"accel_z\"\n0,0.5,0,-1\n0.01,0.25,0,-1\n\n0.02,-0.125,0.001,-1\n"

    @Test(arguments: LineEnding.allCases) func sampleCSVLoadsTheSame(_ ending: LineEnding) throws {
        let url = try ending.write(Self.sampleCSV, named: "walk.csv")
        let loaded = try SampleCSVFormat.load(url)
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.timestamps == [0, 0.01, 0.02])
        #expect(r.column(.accelX) == [0.5, 0.25, -0.125])
        #expect(loaded.provenance[0].lines == [2, 3, 5])
    }

    @Test(arguments: LineEnding.allCases) func lineSourceStreamsTheSame(_ ending: LineEnding) throws {
        let url = try ending.write(Self.sampleCSV, named: "walk.csv")
        var source = LineSource(handle: try FileHandle(forReadingFrom: url), name: url.path, decoder: SampleCSVStream())
        let samples = try source.collect()
        #expect(samples.map(\.timestamp) == [0, 0.01, 0.02])
        #expect(samples.map(\.acceleration) == [Vector3(0.5, 0, -1), Vector3(0.25, 0, -1), Vector3(-0.125, 0.001, -1)])
    }

    @Test func crOnlyPipeYieldsEachSampleAsItsLineEnds() throws {
        let pipe = Pipe()
        var source = LineSource(handle: pipe.fileHandleForReading, name: "<pipe>", decoder: SampleCSVStream())
        // The unit is stated: no line is held back to infer it.
        pipe.fileHandleForWriting.write(Data("t (s),x,y,z\r0,1,0,-1\r".utf8))
        // Nothing more has been written: the CR alone ends the line.
        #expect(try source.next()?.acceleration.x == 1)
        pipe.fileHandleForWriting.write(Data("0.1,2,0,-1\r".utf8))
        #expect(try source.next()?.acceleration.x == 2)
        try pipe.fileHandleForWriting.close()
        #expect(try source.next() == nil)
        #expect(source.lineNumber == 3)
    }

    @Test func crlfSplitBetweenReadsIsOneLineBreak() throws {
        let pipe = Pipe()
        var source = LineSource(handle: pipe.fileHandleForReading, name: "<pipe>", decoder: SampleCSVStream())
        pipe.fileHandleForWriting.write(Data("t (s),x,y,z\r\n0,1,0,-1\r".utf8))
        #expect(try source.next()?.timestamp == 0)
        pipe.fileHandleForWriting.write(Data("\n0.1,2,0,-1\r\n".utf8))
        try pipe.fileHandleForWriting.close()
        let second = try source.next()
        #expect(second?.timestamp == 0.1)
        // The LF completing the CRLF did not count as a (blank) line of its own.
        #expect(source.lineNumber == 3)
        #expect(try source.next() == nil)
    }

    // MARK: segment formats (UCR TSV, UEA .ts, GRT)

    @Test(arguments: LineEnding.allCases) func ucrSeriesReadTheSame(_ ending: LineEnding) throws {
        let url = try ending.write("1\t0.5\t1.5\t2\n\n2\t3\t-4\tNaN\n", named: "tiny_TRAIN.tsv")
        let series = try UCRArchive.read(contentsOf: url)
        #expect(series == [LabelledSeries(label: "1", dimensions: [[0.5, 1.5, 2]]), LabelledSeries(label: "2", dimensions: [[3, -4]])])
    }

    @Test(arguments: LineEnding.allCases) func ueaSeriesReadTheSame(_ ending: LineEnding) throws {
        let text = "# comment\n@problemName tiny\n@dimensions 2\n@classLabel true a b\n@data\n1,2,3:4,5,6:a\n7,8,9:1,?,3:b\n"
        let url = try ending.write(text, named: "tiny.ts")
        let series = try UEAArchive.read(contentsOf: url)
        #expect(series.map(\.label) == ["a", "b"])
        #expect(series[0].dimensions == [[1, 2, 3], [4, 5, 6]])
        #expect(series[1].dimensions[0] == [7, 8, 9] && series[1].dimensions[1][1].isNaN)
    }

    static let grtSeries = """
        GRT_LABELLED_TIME_SERIES_CLASSIFICATION_DATA_FILE_V1.0
        DatasetName: tiny
        NumDimensions: 2
        LabelledTimeSeriesTrainingData:
        ************TIME_SERIES************
        ClassID: 1
        TimeSeriesLength: 2
        TimeSeriesData:
        1 2
        3 4
        ************TIME_SERIES************
        ClassID: 2
        TimeSeriesLength: 1
        TimeSeriesData:
        5\t6
        """ + "\n"

    @Test(arguments: LineEnding.allCases) func grtTimeSeriesReadTheSame(_ ending: LineEnding) throws {
        let url = try ending.write(Self.grtSeries, named: "tiny.grt")
        let contents = try GRTFile.read(contentsOf: url)
        #expect(contents == .timeSeries([LabelledSeries(label: "1", dimensions: [[1, 3], [2, 4]]),
                                         LabelledSeries(label: "2", dimensions: [[5], [6]])]))
    }

    @Test(arguments: LineEnding.allCases) func grtClassificationReadsTheSame(_ ending: LineEnding) throws {
        let text = "GRT_LABELLED_CLASSIFICATION_DATA_FILE_V1.0\nNumDimensions: 2\nLabelledTrainingData:\n1 0.5 0.25\n2 1 2\n"
        let contents = try GRTFile.read(contentsOf: try ending.write(text, named: "tiny.grt"))
        #expect(contents == .classification(labels: ["1", "2"], rows: [[0.5, 0.25], [1, 2]]))
    }
}
