import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

@Suite struct LineSourceTests {
    /// `t,x` lines: a header, then a time and an x acceleration.
    struct TwoColumns: SampleLineDecoder {
        var sawHeader = false
        mutating func decode(_ line: Substring, lineNumber: Int, file: String) throws(DataFileError) -> MotionSample? {
            if !sawHeader {
                sawHeader = true
                return nil
            }
            let parts = line.split(separator: ",")
            guard parts.count == 2, let t = Double(parts[0]), let x = Double(parts[1]) else {
                throw DataFileError(file: file, line: lineNumber, "bad line '\(line)'")
            }
            return MotionSample(timestamp: t, acceleration: Vector3(x, 0, 0))
        }
    }

    static func file(_ text: String) throws -> URL {
        let url = TemporaryFolder.root.appendingPathComponent("lines-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func readsLinesWithAnyLineEndAndSkipsBlankOnes() throws {
        let url = try Self.file("t,x\r\n0,1\r\n\n0.5,2\n  \n1,3")  // no final newline
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        var source = LineSource(handle: handle, name: url.path, decoder: TwoColumns())
        let samples = try source.collect()
        #expect(samples.map(\.timestamp) == [0, 0.5, 1])
        #expect(samples.map(\.acceleration.x) == [1, 2, 3])
        #expect(source.lineNumber == 6)
    }

    @Test func errorsCarryTheLineNumber() throws {
        let url = try Self.file("t,x\n0,1\n\n0.5,oops\n")
        defer { try? FileManager.default.removeItem(at: url) }
        var source = LineSource(handle: try FileHandle(forReadingFrom: url), name: "walk.csv", decoder: TwoColumns())
        let error = #expect(throws: DataFileError.self) { _ = try source.collect() }
        #expect(error?.description == "walk.csv:4: bad line '0.5,oops'")
    }

    /// `detect --input FILE.tsv`'s reading: a sample CSV stream decoding the lines (issue 53).
    @Test func aTabSeparatedEmptyFieldIsNamedAsDetectReadsIt() throws {
        let url = try Self.file("time\taccel.x\taccel.y\taccel.z\tlabel\n0.00\t0.0\t0.1\t-1.0\t7\n0.50\t\t0.1\t-1.0\t7\n")
        defer { try? FileManager.default.removeItem(at: url) }
        var source = LineSource(handle: try FileHandle(forReadingFrom: url), name: "in.tsv", decoder: SampleCSVStream(acceptsNonFinite: true))
        #expect { _ = try source.collect() } throws: { "\($0)" == "in.tsv:3: accel.x: '' is not a number" }
    }

    @Test func aLineOfTabsReachesATabSeparatedStream() throws {
        // It is a row of empty fields there; before, the source skipped it as blank.
        let url = try Self.file("time\tx\ty\tz\n0\t0\t0\t-1\n\t\t\t\n  \n")
        defer { try? FileManager.default.removeItem(at: url) }
        var source = LineSource(handle: try FileHandle(forReadingFrom: url), name: "in.tsv", decoder: SampleCSVStream(acceptsNonFinite: true))
        #expect { _ = try source.collect() } throws: { "\($0)" == "in.tsv:3: time: '' is not a number" }
    }

    @Test func linesLongerThanOneReadAreJoined() throws {
        var text = "t,x\n"
        for i in 0..<20_000 { text += "\(Double(i) / 100),\(String(repeating: "0", count: 20))\(i % 10)\n" }
        let url = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: url) }
        var source = LineSource(handle: try FileHandle(forReadingFrom: url), name: "big", decoder: TwoColumns())
        let samples = try source.collect()
        #expect(samples.count == 20_000)
        #expect(samples.enumerated().allSatisfy { $0.element.acceleration.x == Double($0.offset % 10) })
    }

    @Test func readsFromAPipeAsDataArrives() throws {
        let pipe = Pipe()
        var source = LineSource(handle: pipe.fileHandleForReading, name: "<pipe>", decoder: TwoColumns())
        pipe.fileHandleForWriting.write(Data("t,x\n0,1\n0.1,".utf8))
        // The first sample is complete and returned without waiting for the end of the stream.
        #expect(try source.next()?.timestamp == 0)
        pipe.fileHandleForWriting.write(Data("2\n".utf8))
        try pipe.fileHandleForWriting.close()
        #expect(try source.next()?.acceleration.x == 2)
        #expect(try source.next() == nil)
    }
}
