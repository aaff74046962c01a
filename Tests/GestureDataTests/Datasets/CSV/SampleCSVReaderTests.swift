import Foundation
@testable import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// The `csv:` reader's fast path against the general line-by-line path it stands for: on every CSV and text
/// fixture of the project and the fuzz corpora, their line-ending variants, seeded mutations of them and files
/// larger than one read, both give the same recording (times and values bit for bit), line numbers, problems,
/// notes and errors.
@Suite struct SampleCSVReaderTests {
    /// The options a reader is called with: the defaults, `validate`'s, and the fuzz target's second call.
    static let options: [(acceleration: SampleCSVFormat.AccelerationUnit?, timeUnit: SampleCSVFormat.TimeUnit?, relative: Bool, collecting: Bool)] = [
        (nil, nil, false, false), (nil, nil, false, true), (.androidMetersPerSecondSquared, .ms, true, false), (nil, .s, true, true),
    ]

    /// Everything a load gives, as text: bit patterns for numbers, so that equal text is equal bits.
    static func outcome(_ load: () throws(DataFileError) -> LoadedDataset) -> String {
        let loaded: LoadedDataset
        do { loaded = try load() } catch {
            return "error: \(error) | line \(String(describing: error.line)) | field \(String(describing: error.field))"
        }
        var text = ""
        for recording in loaded.dataset.recordings {
            text += "recording \(recording.id) \(recording.channelNames.map(\.description))\n"
            text += "t " + recording.timestamps.map { String($0.bitPattern, radix: 16) }.joined(separator: ",") + "\n"
            for (name, column) in zip(recording.channelNames, recording.columns) {
                text += "\(name) " + column.map { String($0.bitPattern, radix: 16) }.joined(separator: ",") + "\n"
            }
        }
        text += "lines \(loaded.provenance.map(\.lines))\n"
        text += "problems \(loaded.problems.map(\.description))\n"
        text += "notes \(loaded.report.notes)\n"
        return text
    }

    /// Expects both paths to read `url` alike under every option set; returns whether the fast path took it.
    @discardableResult
    static func expectSameReading(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        var taken = false
        for o in options {
            let fast = outcome { () throws(DataFileError) in
                try SampleCSVFormat.load(url, acceleration: o.acceleration, timeUnit: o.timeUnit, relativeTime: o.relative, collectingProblems: o.collecting)
            }
            let stated = SampleCSVFormat.LoadOptions(acceleration: o.acceleration, timeUnit: o.timeUnit, relativeTime: o.relative)
            let general = outcome { () throws(DataFileError) in
                try SampleCSVFormat.loadLineByLine(url, stated, collectingProblems: o.collecting)
            }
            #expect(fast == general, "\(url.lastPathComponent) with \(o)", sourceLocation: sourceLocation)
            if (try? SampleCSVReader.load(url, stated, collectingProblems: o.collecting)) != nil {
                taken = true
            }
        }
        return taken
    }

    /// Every `.csv`, `.txt` and `.tsv` file of the project (datasets, fixtures, fuzz corpora), outside the build and report folders.
    static func projectTextFiles() -> [URL] {
        let root = SharedData.packageRoot
        var files: [URL] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let relative = url.path.dropFirst(root.path.count)
            // Git-ignored outputs (report folders of earlier runs, peers' builds) are not the project's files.
            if relative.hasPrefix("/.") || relative.contains("/.build") || relative.hasPrefix("/Benchmarks/peers/src")
                || relative.hasPrefix("/Benchmarks/peers/build") || relative.hasPrefix("/reports") {
                enumerator?.skipDescendants()
                continue
            }
            if ["csv", "txt", "tsv"].contains(url.pathExtension.lowercased()) { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func everyProjectFileAndFuzzCorpusReadsAlike() throws {
        let files = Self.projectTextFiles()
        #expect(files.count > 100)
        #expect(files.contains { $0.path.contains("Fuzz/Corpus/FuzzSampleCSV") })
        var taken = 0
        for url in files where Self.expectSameReading(url) { taken += 1 }
        // The comparison is not vacuous: most recordings are read by the fast path. (Of the files `csv:` reads at all: the
        // device presets' examples, headerless or with names only their presets know, are refused by both paths alike.)
        let read = files.filter { (try? SampleCSVFormat.loadLineByLine($0)) != nil }.count
        #expect(taken > read / 2 && taken > 100, "the fast path took \(taken) of the \(read) files read (\(files.count) in all)")
    }

    @Test(arguments: LineEnding.allCases) func lineEndingVariantsReadAlike(_ ending: LineEnding) throws {
        let folder = datasetTestFolder("reader-\(ending)")
        for url in Self.projectTextFiles() where url.path.contains("Fuzz/Corpus/FuzzSampleCSV") || url.path.contains("datasets/default/recordings") {
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
                .replacingOccurrences(of: "\r", with: "\n")
            guard text.hasSuffix("\n") else { continue }
            let copy = folder.appendingPathComponent(url.lastPathComponent)
            try ending.apply(to: text).write(to: copy, atomically: true, encoding: .utf8)
            Self.expectSameReading(copy)
        }
    }

    /// The plain file of the benchmarks is read by the fast path, and hand-made files with every feature read alike.
    @Test func featuresReadAlike() throws {
        let folder = datasetTestFolder()
        func check(_ name: String, _ text: String, fast: Bool? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            let taken = Self.expectSameReading(url, sourceLocation: sourceLocation)
            if let fast { #expect(taken == fast, "\(name): fast path \(taken)", sourceLocation: sourceLocation) }
        }
        let rows = (0..<200).map { i in "\(Double(i) / 100),\(0.001 * Double(i % 7)),-0.25,-1.0\(i % 10)" }
        try check("plain.csv", "time,accel.x,accel.y,accel.z\n" + rows.joined(separator: "\n") + "\n", fast: true)
        try check("spaces.csv", "time , accel.x, accel.y ,accel.z\n" + rows.map { " " + $0.replacingOccurrences(of: ",", with: " ,\t") }.joined(separator: "\n"), fast: true)
        try check("quoted.csv", "\"time\",\"ax\",\"ay\",\"az\"\n" + rows.map { $0.split(separator: ",").map { "\"\($0)\"" }.joined(separator: ",") }.joined(separator: "\n"), fast: true)
        try check("comma.csv", "time;ax;ay;az\n" + rows.map { $0.replacingOccurrences(of: ",", with: ";").replacingOccurrences(of: ".", with: ",") }.joined(separator: "\n"), fast: true)
        try check("quoted-comma.csv", "time,ax,ay,az\n" + rows.map { $0.split(separator: ",").map { "\"\($0.replacingOccurrences(of: ".", with: ","))\"" }.joined(separator: ",") }.joined(separator: "\n"), fast: true)
        try check("exponents.csv", "t,x,y,z\n" + rows.map { $0 + "e0" }.joined(separator: "\n") + "\n0.5e1,1E-3,2.5e+0,-1e0\n")
        try check("epoch-ns.csv", "time,accel_x,accel_y,accel_z\n" + (0..<100).map { "\(1_700_000_000_000_000_000 + $0 * 10_000_000),0.1,0.2,-0.98" }.joined(separator: "\n"), fast: true)
        try check("epoch-s.csv", "timestamp,ax,ay,az\n" + (0..<100).map { "\(1_700_000_000 + Double($0) * 0.01),0.1,0.2,-0.98" }.joined(separator: "\n"))
        try check("ms.csv", "time_ms,x,y,z\n" + (0..<100).map { "\($0 * 10),0.1,0.2,-0.98" }.joined(separator: "\n"))
        try check("android.csv", "time,ax,ay,az,gx,gy,gz\n" + (0..<100).map { "\(Double($0) / 50),0.1,0.2,9.81,0.01,0.02,0.03" }.joined(separator: "\n"))
        try check("full.csv", "time,accel_x,accel_y,accel_z,gyro_x,gyro_y,gyro_z,gravity_x,gravity_y,gravity_z,user_x,user_y,user_z,quat_w,quat_x,quat_y,quat_z,mag_x,mag_y,mag_z,pressure\n"
                      + (0..<100).map { "\(Double($0) / 100),0.1,0.2,-0.98,0.1,0.2,0.3,0,0,-1,0.1,0.2,0.02,1,0,0,0,20,-7,-40,1013.25" }.joined(separator: "\n"), fast: true)
        try check("euler.csv", "time,gravity.x,gravity.y,gravity.z,userAcceleration.x,userAcceleration.y,userAcceleration.z,roll,pitch,yaw\n"
                      + (0..<100).map { "\(Double($0) / 100),0,0,-1,0.1,0,0,0.1,0.2,0.3" }.joined(separator: "\n"), fast: false)
        try check("unicode.csv", "time,accel.x (m/s²),accel.y (m/s²),accel.z (m/s²)\n" + (0..<100).map { "\(Double($0) / 100),0.1,0.2,-9.8" }.joined(separator: "\n"), fast: false)
        // Bad lines after the clock settles: every kind of error, read by the general path.
        var bad = rows
        bad[100] = "1.0,nan,0,-1"
        bad[110] = "1.1,0.1,,-1"
        bad[120] = "1.2,0.1"
        bad[130] = "1.3,abc,0,-1"
        bad[140] = "1.4,1e999,0,-1"
        bad[150] = "1.5,\"0.1,0,-1"
        bad[160] = "1.6,0.1 0.2,0,-1"
        bad[170] = "   "
        bad[180] = "1.8,.5,5.,-1"
        bad[190] = "1.9,0.1,0.2,-1,extra,\"quoted, extra\""
        try check("bad.csv", "time,accel.x,accel.y,accel.z\n" + bad.joined(separator: "\n") + "\n")
        try check("bad-early.csv", "time,accel.x,accel.y,accel.z\n0,1,2,x\n" + rows.joined(separator: "\n"))
        try check("empty.csv", "")
        try check("blank.csv", "\n  \n\t\n")
        try check("header-only.csv", "time,x,y,z\n")
        try check("no-time.csv", "a,b,c\n1,2,3\n")
        try check("one-row.csv", "time,x,y,z\n0,0,0,-1")
    }

    /// Files longer than one 1 MiB read, with lines (and CRLF pairs) split between reads, and bad lines among them.
    /// Issue 53: a tab-separated file's empty fields, short and long rows, and lines of tabs, after the clock
    /// settles (read by the fast path's plan, which hands them to the general parser), are named at their
    /// line and column by both paths.
    @Test func tabSeparatedEmptyFieldsReadAlikeAndAreNamed() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var rows = (0..<100).map { i in "\(Double(i) / 100)\t0.0\t0.1\t-1.0\t7" }
        rows[50] = "0.50\t\t0.1\t-1.0\t7"  // the issue's row
        rows[55] = "0.55\t0.0\t\t-1.0\t7"
        rows[60] = "0.60\t0.0\t0.1\t-1.0"
        rows[65] = "0.65\t0.0\t0.1\t-1.0\t7\t9"
        rows[70] = "\t\t\t\t"
        let url = folder.appendingPathComponent("tabs.tsv")
        try ("time\taccel.x\taccel.y\taccel.z\tlabel\n" + rows.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        #expect(Self.expectSameReading(url))
        let loaded = try SampleCSVFormat.load(url, collectingProblems: true)
        #expect(loaded.problems.map(\.location.description) == [
            "\(url.path):52: accel.x: '' is not a number",
            "\(url.path):57: accel.y: '' is not a number",
            "\(url.path):62: label: the line has 4 of the header's 5 fields: none for this column or any after it",
            "\(url.path):67: column 6: the line has 6 fields where the header has 5: a field holding the separator must be quoted",
            "\(url.path):72: time: '' is not a number",
        ])
        #expect(loaded.problems.map(\.kind.rawValue) == ["nonNumeric", "nonNumeric", "missingValue", "extraFields", "nonNumeric"])
        // No value of the label column reached acceleration.
        #expect(loaded.dataset.recordings.first?.column(.accelZ)?.allSatisfy { $0 == -1 } == true)
        // Without collecting, the first bad line is the error.
        #expect { _ = try SampleCSVFormat.load(url) } throws: { "\($0)" == "\(url.path):52: accel.x: '' is not a number" }
    }

    @Test(arguments: [LineEnding.lf, .crlf, .cr]) func filesLongerThanOneReadReadAlike(_ ending: LineEnding) throws {
        var random = SplitMix64(seed: 4747)
        var text = "time,accel.x,accel.y,accel.z,gyro.x,gyro.y,gyro.z\n"
        for i in 0..<60_000 {
            let line: String
            switch random.index(400) {
            case 0: line = ""
            case 1: line = "\(Double(i) / 100),nan,0,-1,0,0,0"
            case 2: line = "\(Double(i) / 100),\"0.5\",0,-1,0,0,0"
            case 3: line = "\(Double(i) / 100),0.5,0"
            default:
                // Acceleration about −1 g on z (physics refuses random motion without gravity), rotation ±2 rad/s.
                let values = (0..<6).map { k in String(format: "%.\(random.index(9))f", k < 3 ? random.uniform(-1...1) - (k == 2 ? 1 : 0) : random.uniform(-2...2)) }
                line = "\(Double(i) / 100)," + values.joined(separator: ",")
            }
            text += line + "\n"
        }
        let url = datasetTestFolder("long-\(ending)").appendingPathComponent("long.csv")
        try ending.apply(to: text).write(to: url, atomically: true, encoding: .utf8)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int > 2 << 20)
        #expect(Self.expectSameReading(url))
    }

    /// Seeded mutations of the corpus recordings (bytes replaced, inserted, deleted: separators, quotes, line
    /// breaks, signs, digits, letters), as a fuzzer makes them: the same result or the same error every time.
    @Test func mutatedCorpusReadsAlike() throws {
        let folder = datasetTestFolder()
        let seeds = try Self.projectTextFiles().filter { $0.path.contains("Fuzz/Corpus/FuzzSampleCSV") || $0.path.contains("Fuzz/Corpus/FuzzDetectLines") }
            .map { try Data(contentsOf: $0) }
        #expect(!seeds.isEmpty)
        var random = SplitMix64(seed: 147)
        let alphabet = Array(",;\t \"\r\n.-+e0123456789nNaI".utf8) + [0]
        for k in 0..<600 {
            var bytes = [UInt8](random.choose(seeds).prefix(4000))
            for _ in 0...random.index(4) where !bytes.isEmpty {
                let at = random.index(bytes.count)
                switch random.index(3) {
                case 0: bytes[at] = random.choose(alphabet)
                case 1: bytes.insert(random.choose(alphabet), at: at)
                default: bytes.remove(at: at)
                }
            }
            let url = folder.appendingPathComponent("mutant-\(k).csv")
            try Data(bytes).write(to: url)
            Self.expectSameReading(url)
        }
    }
}
