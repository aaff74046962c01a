import Foundation
@testable import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// Recordings in the layouts of research devices and studies (issue 46) are read right with their
/// presets, or refused with a message that names the manifest key or scale that fixes them.
@Suite struct DeviceRecordingTests {
    /// Reads `text` written at `path` under a new folder with preset `name`'s manifest, changed by `edit`.
    static func read(_ preset: String, _ path: String, _ text: String,
                     edit: (inout DatasetManifest) -> Void = { _ in }) throws -> LoadedDataset {
        let folder = try PhoneAppRecordings.folder(preset, [path: text])
        defer { try? FileManager.default.removeItem(at: folder) }
        var manifest = try #require(try ImportPresets.manifest(preset))
        edit(&manifest)
        return try DatasetReader.load(manifest, folder: folder, data: folder)
    }

    static func errors(_ loaded: LoadedDataset) -> [DatasetProblem] {
        DatasetValidator().validate(loaded).filter { $0.severity == .error }
    }

    // MARK: Empatica E4: metadata rows

    @Test func empaticaReadsItsStartAndRateRows() throws {
        let loaded = try Self.read("empatica-e4", "p01/s1/ACC.csv", DeviceRecordings.empaticaE4(seconds: 4))
        #expect(Self.errors(loaded).isEmpty, "\(Self.errors(loaded))")
        let r = try #require(loaded.dataset.recordings.first)
        // 4 s at 32 Hz: no metadata row became a sample, and steps are 1/32 s from 0.
        #expect(r.count == 128)
        #expect(r.timestamps[0] == 0 && abs(r.timestamps[127] - 127.0 / 32) < 1e-12)
        #expect(abs(r.column(.accelZ)![1] + 1) < 1e-12)  // 64 counts up is −1 g on CoreMotion's z
        #expect(loaded.report.notes.contains { $0.contains("32 Hz from line 2") && $0.contains("start time in epoch seconds from line 1") },
                "\(loaded.report.notes)")
        // The start row is the clock's origin: with origin file, times are epoch seconds from it.
        let absolute = try Self.read("empatica-e4", "p01/s1/ACC.csv", DeviceRecordings.empaticaE4(seconds: 2)) { $0.time.origin = .file }
        #expect(absolute.dataset.recordings[0].timestamps[32] == 1_495_437_326)
    }

    @Test func empaticaCountsWithoutAScaleAreRefusedNamingOneSixtyFourth() throws {
        let loaded = try Self.read("empatica-e4", "p01/s1/ACC.csv", DeviceRecordings.empaticaE4()) { m in
            for i in m.channels.indices { m.channels[i].scale = nil }
        }
        let problem = try #require(loaded.problems.first { $0.kind == .units })
        #expect(problem.severity == .error && problem.location.field == "column 0")
        #expect(problem.location.message.contains("reads 64.19 g at rest"), "\(problem)")
        #expect(problem.location.message.contains("counts of 1/64 g") && problem.location.message.contains("scale: 0.015625"))
    }

    /// The two ways an E4 file was silently misread before: its metadata rows as samples (`header: false`, no
    /// `skipRows`: a sample of −2.3 × 10⁷ g), and its start-time row as the header (`header: true`: the rate row
    /// became sample 0). Both are refused now, naming the fix.
    @Test func empaticaMetadataRowsAreNeverReadAsSamples() throws {
        let asSamples = try Self.read("empatica-e4", "p01/s1/ACC.csv", DeviceRecordings.empaticaE4()) { m in
            m.table.skipRows = nil
            m.time = DatasetManifest.TimeMapping(rate: 32)
        }
        let problem = try #require(asSamples.problems.first { $0.kind == .outOfRange }, "\(asSamples.problems)")
        #expect(problem.severity == .error && problem.location.line == 1)
        // The rate row (32 counts, 0.87 g) is plausible on its own: the message points at the preset for it.
        #expect(problem.location.message.contains("the first row reads 4.047e+07 g") && problem.location.message.contains("empatica-e4 preset"),
                "\(problem)")
        let asHeader = try Self.read("empatica-e4", "p01/s1/ACC.csv", DeviceRecordings.empaticaE4()) { m in
            m.table.skipRows = nil
            m.table.header = true
            m.time = DatasetManifest.TimeMapping(rate: 32)
        }
        let header = try #require(asHeader.problems.first { $0.severity == .error }, "\(asHeader.problems)")
        #expect(header.location.line == 1 && header.location.message.contains("the header line holds only numbers"), "\(header)")
        #expect(asHeader.dataset.recordings.allSatisfy { $0.count == 0 })
    }

    /// A glitch far down a file (real files have them: Gyronics' spikes) is not metadata and is not refused.
    @Test func aSpikeInsideTheDataIsNotTakenForMetadata() throws {
        var lines = DeviceRecordings.empaticaE4().split(separator: "\n").map(String.init)
        lines[40] = "60000,0,64"
        let loaded = try Self.read("empatica-e4", "p01/s1/ACC.csv", lines.joined(separator: "\n") + "\n")
        #expect(!loaded.problems.contains { $0.kind == .outOfRange }, "\(loaded.problems)")
    }

    /// A `csv:` file has no manifest to state a scale in: milli-g, and leading metadata rows, are refused by the
    /// reader itself, naming the unit that fits (before, `datasets inspect` said "0 errors" and `detect` scored
    /// shakes of 1,026).
    @Test func aCSVFileInMilliGOrWithMetadataRowsIsRefused() throws {
        let header = "time,accel_x,accel_y,accel_z\n"
        func rows(_ range: Range<Int>, _ row: (Int) -> String) -> String { range.map { row($0) + "\n" }.joined() }
        let milli: String = header + rows(0..<200) { i in "\(Double(i) / 25),\(DeviceRecordings.wobble(i, 5)),0,-1000" }
        let meta: String = header + "0,1495437325,1495437325,1495437325\n" + rows(1..<200) { i in "\(Double(i) / 25),0,0,-1" }
        let fine: String = header + rows(0..<200) { i in "\(Double(i) / 25),\(DeviceRecordings.wobble(i, 0.05)),0,\(i == 90 ? -5000 : -1)" }
        let folder = try PhoneAppRecordings.folder("csv-physics", ["milli.csv": milli, "meta.csv": meta, "fine.csv": fine])
        defer { try? FileManager.default.removeItem(at: folder) }
        let milliError = #expect(throws: DataFileError.self) { try SampleCSVFormat.load(folder.appendingPathComponent("milli.csv")) }
        #expect(milliError?.message.contains("the values look like milli-g") == true && milliError?.message.contains("1000 g") == true, "\(String(describing: milliError))")
        let metaError = #expect(throws: DataFileError.self) { try SampleCSVFormat.load(folder.appendingPathComponent("meta.csv")) }
        #expect(metaError?.line == 2 && metaError?.message.contains("the first row reads") == true, "\(String(describing: metaError))")
        // One spike inside the data stays the validator's business.
        #expect(try SampleCSVFormat.load(folder.appendingPathComponent("fine.csv")).dataset.recordings[0].count == 200)
    }

    // MARK: ActiGraph: preamble and date-time text

    @Test func actiGraphSkipsItsPreambleAndReadsItsDateTimes() throws {
        let loaded = try Self.read("actigraph-csv", "p01/2018-06-14.csv", DeviceRecordings.actiGraph(seconds: 4))
        #expect(Self.errors(loaded).isEmpty, "\(Self.errors(loaded))")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count == 120 && r.timestamps[0] == 0)
        // 6/14/2018 12:08:39.725 + 30 samples of 1/30 s, written to the millisecond.
        #expect(abs(r.timestamps[30] - 1.0) < 1e-9 && abs(r.timestamps[1] - 0.033) < 1e-9)
        #expect(abs(r.column(.accelZ)![0] + 1) < 0.01)
        #expect(loaded.report.notes.contains {
            $0.contains("pattern 'M/d/yyyy HH:mm:ss.SSS'") && $0.contains("no offset in the text: read as UTC")
        }, "\(loaded.report.notes)")
    }

    @Test func actiGraphWithoutSkipRowsNamesTheLinesToSkip() throws {
        let loaded = try Self.read("actigraph-csv", "p01/2018-06-14.csv", DeviceRecordings.actiGraph()) { $0.table.skipRows = nil }
        let problem = try #require(loaded.problems.first)
        #expect(problem.kind == .missingColumn && problem.location.message.contains("set table.skipRows: 10"), "\(problem)")
    }

    @Test func dateTimeTextWithoutAFormatNamesTheKey() throws {
        let loaded = try Self.read("actigraph-csv", "p01/2018-06-14.csv", DeviceRecordings.actiGraph()) { $0.time.format = nil }
        let problem = try #require(loaded.problems.first { $0.kind == .nonNumeric })
        #expect(problem.location.line == 12 && problem.location.field == "Timestamp")
        #expect(problem.location.message.contains("a date-time") && problem.location.message.contains("format:"), "\(problem)")
    }

    @Test func aBadDateTimeNamesLineAndPattern() throws {
        var text = DeviceRecordings.actiGraph(seconds: 1)
        text = text.replacingOccurrences(of: "6/14/2018 12:08:39.758", with: "6/14/2018 12:8:39.758")
        let loaded = try Self.read("actigraph-csv", "p01/2018-06-14.csv", text)
        let problem = try #require(loaded.problems.first)
        #expect(problem.location.line == 13 && problem.location.field == "Timestamp")
        #expect(problem.location.message == "'6/14/2018 12:8:39.758' is not a date-time of the pattern 'M/d/yyyy HH:mm:ss.SSS'")
    }

    // MARK: WISDM: trailing ';', labels, m/s²

    @Test func wisdmDropsTheTrailingSemicolonAndReadsActivities() throws {
        let loaded = try Self.read("wisdm-raw", "33/1.txt", DeviceRecordings.wisdm(standing: 60, jogging: 40))
        #expect(Self.errors(loaded).isEmpty, "\(Self.errors(loaded))")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count == 100 && abs(r.timestamps[99] - 99 * 0.05) < 1e-9)
        #expect(abs(r.column(.accelZ)![0] + 1) < 0.01)
        #expect(r.annotations.map(\.label) == ["Standing", "Jogging"])
        #expect(abs(r.annotations[1].start - 3.0) < 1e-9)
    }

    @Test func wisdmWithoutTrailingNamesTheKey() throws {
        let loaded = try Self.read("wisdm-raw", "33/1.txt", DeviceRecordings.wisdm()) { $0.table.trailing = nil }
        let problem = try #require(loaded.problems.first)
        #expect(problem.location.line == 1 && problem.location.field == "accel.z")
        #expect(problem.location.message.hasSuffix("is not a number (every line ends with ';': set table.trailing: ';' in the manifest)"), "\(problem)")
    }

    @Test func metresPerSecondSquaredWithoutAScaleNameTheScaleAndAndroidsSign() throws {
        let loaded = try Self.read("wisdm-raw", "33/1.txt", DeviceRecordings.wisdm()) { m in
            for i in m.channels.indices { m.channels[i].scale = nil }
        }
        let problem = try #require(loaded.problems.first { $0.kind == .units })
        #expect(problem.severity == .error)
        #expect(problem.location.message.contains("the values look like m/s²; give accel.x, accel.y, accel.z scale: 0.10197162129779283 (-0.10197162129779283 for Android's sign"),
                "\(problem)")
    }

    // MARK: mHealth and Garmin: date-time clocks

    @Test func mHealthReadsItsTimeStampPattern() throws {
        let loaded = try Self.read("mhealth", "SPADES_1/hour.sensor.csv", DeviceRecordings.mHealth(seconds: 2))
        #expect(Self.errors(loaded).isEmpty, "\(Self.errors(loaded))")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count == 160 && abs(r.timestamps[80] - 1.0) < 1e-9)
        #expect(loaded.report.notes.contains { $0.contains("pattern 'yyyy-MM-dd HH:mm:ss.SSS'") }, "\(loaded.report.notes)")
    }

    @Test func garminMilliGAreReadWithTheirISOOffset() throws {
        let loaded = try Self.read("garmin", "p01/walk.csv", DeviceRecordings.garmin(seconds: 4))
        #expect(Self.errors(loaded).isEmpty, "\(Self.errors(loaded))")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count == 100 && abs(r.timestamps[25] - 1.0) < 1e-9)
        #expect(abs(r.column(.accelZ)![0] + 1) < 0.01)
        #expect(loaded.report.notes.contains { $0.contains("ISO-8601, offset +02:00 applied") }, "\(loaded.report.notes)")
        // Absolute times are UTC: 10:00 at +02:00 is 08:00Z, 1552291200 s.
        let absolute = try Self.read("garmin", "p01/walk.csv", DeviceRecordings.garmin(seconds: 1)) { $0.time.origin = .file }
        #expect(absolute.dataset.recordings[0].timestamps[0] == 1_552_291_200)
    }

    @Test func garminMilliGWithoutAScaleAreRefusedNamingMilliG() throws {
        let loaded = try Self.read("garmin", "p01/walk.csv", DeviceRecordings.garmin()) { m in
            for i in m.channels.indices { m.channels[i].scale = nil }
        }
        let problem = try #require(loaded.problems.first { $0.kind == .units })
        #expect(problem.severity == .error && problem.location.field == "x")
        #expect(problem.location.message.contains("look like milli-g; give accel.x, accel.y, accel.z scale: 0.001"), "\(problem)")
    }

    @Test func isoTimesWithoutAnOffsetAreUTCAndSaySo() throws {
        let loaded = try Self.read("garmin", "p01/walk.csv", DeviceRecordings.garmin(offset: ""))
        #expect(loaded.report.notes.contains { $0.contains("ISO-8601, no offset in the text: read as UTC") },
                "\(loaded.report.notes)")
    }

    // MARK: activPAL: counts with an offset

    @Test func activPALCountsAroundTheMidpointAreRead() throws {
        let loaded = try Self.read("activpal", "p01/day-1.csv", DeviceRecordings.activPAL(seconds: 4))
        #expect(Self.errors(loaded).isEmpty, "\(Self.errors(loaded))")
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.count == 80 && abs(r.timestamps[20] - 1.0) < 1e-5)
        #expect(abs(r.column(.accelZ)![1] + 1) < 1e-12)
    }

    @Test func activPALCountsWithoutScaleOrOffsetAskForBoth() throws {
        let loaded = try Self.read("activpal", "p01/day-1.csv", DeviceRecordings.activPAL()) { m in
            for i in m.channels.indices { m.channels[i].scale = nil; m.channels[i].offset = nil }
        }
        let problem = try #require(loaded.problems.first { $0.kind == .units })
        #expect(problem.severity == .error)
        #expect(problem.location.message.contains("no common unit fits") && problem.location.message.contains("offset:"), "\(problem)")
    }

    // MARK: Stated scales and gyroscopes

    @Test func aStatedScaleThatLeavesRestFarFrom1GIsAWarning() throws {
        // milli-g stated as m/s²: rest reads about 102 g.
        let loaded = try Self.read("garmin", "p01/walk.csv", DeviceRecordings.garmin()) { m in
            for i in m.channels.indices { m.channels[i].scale = -0.10197162129779283 }
        }
        let problems = DatasetValidator().validate(loaded).filter { $0.kind == .units }
        #expect(problems.count == 1 && problems[0].severity == .warning)
        #expect(problems[0].location.message.hasPrefix("with the stated scale -0.10197162129779283, the acceleration reads 102"), "\(problems)")
        #expect(Self.errors(loaded).isEmpty)
    }

    /// A flipped axis is stated with a minus sign: the warning quotes the scale as stated, sign and all.
    @Test func aNegativeStatedScaleIsQuotedWithItsSign() throws {
        // milli-g stated as centi-g, flipped: rest reads about 10 g (9.999).
        let loaded = try Self.read("garmin", "p01/walk.csv", DeviceRecordings.garmin()) { m in
            for i in m.channels.indices { m.channels[i].scale = -0.01 }
        }
        let problems = DatasetValidator().validate(loaded).filter { $0.kind == .units }
        #expect(problems.count == 1 && problems[0].severity == .warning, "\(problems)")
        #expect(problems[0].location.message.hasPrefix("with the stated scale -0.01, the acceleration reads 9.999 g"), "\(problems)")
        // The scale it suggests keeps the flip.
        #expect(problems[0].location.message.contains("give accel.x, accel.y, accel.z scale: -0.0010197"), "\(problems)")
    }

    @Test func degreesPerSecondWhereRadiansAreExpectedAreRefused() throws {
        var text = "time,ax,ay,az,gx,gy,gz\n"
        for i in 0..<100 {
            // A turn at 120 °/s for 0.8 s, and one glitch row of 500.
            let rate = (30..<70).contains(i) ? 120.0 : i == 10 ? 500 : 0
            text += "\(Double(i) / 50),0,0,-1,\(rate),0,0\n"
        }
        let folder = try PhoneAppRecordings.folder("gyro", ["s1/turn-1.csv": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        var manifest = DatasetManifest(name: "gyro", kind: .continuous, channels: [
            .init(.accelX, column: "ax"), .init(.accelY, column: "ay"), .init(.accelZ, column: "az"),
            .init(.gyroX, column: "gx"), .init(.gyroY, column: "gy"), .init(.gyroZ, column: "gz"),
        ], source: .init(files: [.init("{subject}/{session}.csv")]))
        let refused = try DatasetReader.load(manifest, folder: folder, data: folder)
        let problem = try #require(refused.problems.first { $0.kind == .units })
        #expect(problem.severity == .error && problem.location.field == "gx")
        #expect(problem.location.message.contains("peaks at 120 rad/s") && problem.location.message.contains("scale: 0.017453292519943295"), "\(problem)")
        // In a project dataset (g and rad/s by its format) the same file is a warning.
        let project = DatasetManifest(name: "gyro", kind: .continuous, channels: manifest.channels,
                                      recordings: [.init(id: "turn-1", subject: "s1", session: "1", file: "s1/turn-1.csv")])
        #expect(try DatasetReader.load(project, folder: folder).problems.map(\.severity) == [.warning])
        for i in 3..<6 { manifest.channels[i].scale = .pi / 180 }
        let read = try DatasetReader.load(manifest, folder: folder, data: folder)
        #expect(read.problems.isEmpty, "\(read.problems)")
    }

    // MARK: Gaps

    @Test func aRecordingWithGapsReadsAndReportsThem() throws {
        // 50 Hz with two gaps, 1 s and 2 s long.
        var times = (0..<100).map { Double($0) / 50 }
        times += (0..<50).map { 3 + Double($0) / 50 }
        times += (0..<50).map { 6 + Double($0) / 50 }
        let text = "time,accel.x,accel.y,accel.z\n" + times.map { "\($0),0,0,-1\n" }.joined()
        let folder = try PhoneAppRecordings.folder("gaps", ["r.csv": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = DatasetManifest(name: "gaps", kind: .continuous, samplingRate: 50,
                                       channels: Channel.acceleration.map { .init($0) },
                                       recordings: [.init(id: "r", subject: "s", session: "1", file: "r.csv")])
        let loaded = try DatasetReader.load(manifest, folder: folder)
        #expect(loaded.problems.isEmpty && loaded.dataset.recordings[0].count == 200)
        let gaps = DatasetValidator().validate(loaded).filter { $0.kind == .gap }
        #expect(gaps.map(\.location.line) == [102, 152])
        #expect(gaps.allSatisfy { $0.severity == .warning })
    }

    // MARK: Messages

    @Test func manifestTypeErrorsNameTheKeyTheFormAndAnExample() throws {
        let yaml = """
            name: x
            channels: [{name: accel.x}]
            source: {path: data, files: {pattern: "{subject}.csv"}}
            """
        let error = try #require(throws: DataFileError.self) { try DatasetManifest(yaml: yaml, file: "m.yaml") }
        #expect(error.field == "source.files")
        #expect(error.message.hasPrefix(#"expected a list, e.g. files: [{pattern: "{subject}/{session}.csv"}]"#), "\(error)")
        #expect(!error.message.contains("Array<Any>") && !error.message.contains("Dictionary<"))
        let time = try #require(throws: DataFileError.self) { try DatasetManifest(yaml: "name: x\ntime: [t]\nchannels: [{name: accel.x}]\n", file: "m.yaml") }
        #expect(time.field == "time" && time.message.hasPrefix("expected a mapping of keys, e.g. time: {column: timestamp, unit: ms}"), "\(time)")
    }

    @Test func theInferredUnitHintNamesTheUnitInferred() throws {
        // Milliseconds at 100 Hz, the unit unstated: the hint must say unit: ms, not unit: ns.
        let text = "t,accel.x,accel.y,accel.z\n" + (0..<50).map { "\(1000 + $0 * 10),0,0,-1\n" }.joined()
        let folder = try PhoneAppRecordings.folder("ms", ["r.csv": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = DatasetManifest(name: "ms", kind: .continuous, time: .init(column: "t"), channels: Channel.acceleration.map { .init($0) },
                                       recordings: [.init(id: "r", subject: "s", session: "1", file: "r.csv")])
        let loaded = try DatasetReader.load(manifest, folder: folder)
        let note = try #require(loaded.report.notes.first { $0.contains("milliseconds") }, "\(loaded.report.notes)")
        #expect(note.contains("time: {column: t, unit: ms}") && !note.contains("unit: ns"), "\(note)")
    }
}
