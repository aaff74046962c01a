import Foundation
import GestureData
import Testing

@Suite struct MultiFileRecordingTests {
    static let epochNanoseconds = 1_700_000_000_000_000_000

    /// `rows` of (seconds after the epoch start, values) as `time,…` CSV in nanoseconds.
    static func csv(_ header: String, _ rows: [(Double, [Double])]) -> String {
        header + "\n" + rows.map { t, values in
            ([String(epochNanoseconds + Int((t * 1e9).rounded()))] + values.map(\.description)).joined(separator: ",")
        }.joined(separator: "\n") + "\n"
    }

    @Test func twoSensorsAtJitteryRatesAreInterpolatedOntoTheAccelerometerClock() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture("""
            name: two-sensors
            time: {column: time, unit: ns}
            streams:
              - name: accelerometer
                channels:
                  - {name: accel.x, column: x, scale: -0.10197162129779283}
              - name: gyroscope
                channels:
                  - {name: gyro.x, column: x}
                  - {name: gyro.y, column: y}
            recordings:
              - {id: r, subject: s, session: '1', file: acc.csv, files: {gyroscope: gyro.csv}}
            """, "dataset.yaml", in: folder)
        // Accelerometer about 50 Hz with jitter; gyroscope about 75 Hz, starting 10 ms later.
        let accelTimes = [0, 0.019, 0.041, 0.060, 0.081, 0.100]
        let gyroTimes = [0.010, 0.023, 0.037, 0.050, 0.062, 0.076, 0.091, 0.103]
        try writeFixture(Self.csv("time,x", accelTimes.map { ($0, [-9.80665 * $0]) }), "acc.csv", in: folder)
        // gyro.x linear in time (interpolates exactly), gyro.y = t² (linear between neighbours).
        try writeFixture(Self.csv("time,x,y", gyroTimes.map { ($0, [2 * $0 + 1, $0 * $0]) }), "gyro.csv", in: folder)
        let loaded = try DatasetSource(folder.path).load()
        #expect(loaded.problems.isEmpty)
        let r = try #require(loaded.dataset.recordings.first)
        // The first accelerometer sample precedes the gyroscope: dropped, not extrapolated (reported).
        #expect(r.count == 5)
        #expect(loaded.report.alignmentDroppedSamples == 1 && loaded.report.alignedRecordings == 1)
        // Times stay the accelerometer's, relative to its first sample (an epoch clock).
        // Epoch nanoseconds are read exactly (a Double of 1.7e18 ns would resolve only 256 ns).
        for (t, expected) in zip(r.timestamps, accelTimes.dropFirst()) { #expect(abs(t - expected) < 1e-12) }
        for (a, t) in zip(r.column(.accelX)!, accelTimes.dropFirst()) { #expect(abs(a - t) < 1e-9) }
        for (g, t) in zip(r.column(.gyroX)!, r.timestamps) { #expect(abs(g - (2 * t + 1)) < 1e-12) }
        // At 0.019 s, between gyroscope samples at 0.010 and 0.023: 0.0001 + (0.000529 − 0.0001) × 9/13.
        #expect(abs(r.column(.gyroY)![0] - (0.0001 + 0.000429 * 9 / 13)) < 1e-12)
        // The widest gyroscope interval interpolated across is 0.091 → 0.103 s (for 0.100 s).
        #expect(abs((loaded.report.largestGap ?? 0) - 0.015) < 1e-6)
        #expect(loaded.report.lines.contains { $0.contains("onto the accelerometer clock") && $0.contains("largest gap") })
    }

    /// Issue 44: a gyroscope that stops for 2 s while the accelerometer goes on. Nothing is interpolated across
    /// the gyroscope's gap: the accelerometer samples inside it are left out (and counted), so the gap stays a gap
    /// of the recording, which `inspect` then reports.
    @Test func aSensorsGapStaysAGapAfterAlignment() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture("""
            name: gapped-gyro
            time: {column: time, unit: ns}
            streams:
              - {name: accelerometer, channels: [{name: accel.x, column: x}]}
              - {name: gyroscope, channels: [{name: gyro.x, column: x}]}
            recordings:
              - {id: r, subject: s, session: '1', file: acc.csv, files: {gyroscope: gyro.csv}}
            """, "dataset.yaml", in: folder)
        let accelTimes = (0..<200).map { Double($0) / 50 }
        let gyroTimes = accelTimes.filter { $0 <= 1 || $0 >= 3 }.map { $0 + 0.005 }
        try writeFixture(Self.csv("time,x", accelTimes.map { ($0, [$0]) }), "acc.csv", in: folder)
        try writeFixture(Self.csv("time,x", gyroTimes.map { ($0, [2 * $0]) }), "gyro.csv", in: folder)
        let loaded = try DatasetSource(folder.path).load()
        let r = try #require(loaded.dataset.recordings.first)
        // The gyroscope's gap runs from 1.005 to 3.005 s: the 100 accelerometer samples from 1.02 to 3.00 s are left out.
        let inside = r.timestamps.filter { $0 > 1.005 && $0 < 3.005 }
        #expect(inside.isEmpty, "\(inside.prefix(5))")
        #expect(loaded.report.alignmentGapSamples == 100)
        #expect(loaded.report.lines.contains { $0.contains("left out 100 samples inside a sensor's gap") })
        // Every gyroscope value is interpolated between true neighbours (2·t is linear, so exactly 2·t).
        for (g, t) in zip(r.column(.gyroX)!, r.timestamps) { #expect(abs(g - 2 * t) < 1e-9) }
        let gaps = r.gaps()
        #expect(gaps.count == 1 && abs(gaps.longest - 2) < 0.03)
        #expect(r.runs().count == 2)
        #expect(abs((r.samplingRate ?? 0) - 50) < 1e-6)
    }

    /// Issue 46: a label run at the very start of the accelerometer file, where the gyroscope has not started yet.
    /// Alignment drops those samples, and the annotation made from the label column is cut to what remains, so
    /// `validate` accepts the tool's own annotations.
    @Test func labelColumnAnnotationsAreCutToTheAlignedSpan() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture("""
            name: labelled
            time: {column: time, unit: ns}
            labels: {column: label, background: ["0"]}
            streams:
              - {name: accelerometer, channels: [{name: accel.x, column: x}]}
              - {name: gyroscope, channels: [{name: gyro.x, column: x}]}
            recordings:
              - {id: r, subject: s, session: '1', file: acc.csv, files: {gyroscope: gyro.csv}}
            """, "dataset.yaml", in: folder)
        let labels = ["tap", "tap", "tap", "tap", "0", "0", "0", "0", "0", "0"]
        var acc = "time,x,label\n"
        for (i, l) in labels.enumerated() { acc += "\(Self.epochNanoseconds + i * 20_000_000),\(Double(i)),\(l)\n" }
        try writeFixture(acc, "acc.csv", in: folder)
        // The gyroscope starts at 0.05 s: the first three accelerometer samples (0, 0.02, 0.04 s) are outside its span.
        try writeFixture(Self.csv("time,x", (0..<10).map { (0.05 + Double($0) * 0.02, [1]) }), "gyro.csv", in: folder)
        let loaded = try DatasetSource(folder.path).load()
        let r = try #require(loaded.dataset.recordings.first)
        #expect(loaded.report.alignmentDroppedSamples == 3)
        let a = try #require(r.annotations.first)
        #expect(a.label == "tap" && a.start == r.timestamps[0] && abs(a.end - 0.06) < 1e-9)
        #expect(loaded.report.alignmentClippedAnnotations == 1)
        #expect(DatasetValidator().validate(loaded).filter { $0.severity == .error }.isEmpty)
    }

    @Test func attitudeQuaternionsAreSlerpedOntoAStatedRate() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture("""
            name: attitude
            time: {column: t}
            align: {rate: 10}
            streams:
              - {name: accelerometer, channels: [{name: accel.z, column: z}]}
              - {name: attitude, channels: [{name: quat.w, column: w}, {name: quat.x, column: x}, {name: quat.y, column: y}, {name: quat.z, column: z}]}
            recordings:
              - {id: r, subject: s, session: '1', file: acc.csv, files: {attitude: att.csv}}
            """, "dataset.yaml", in: folder)
        try writeFixture("t,z\n0,-1\n0.07,-1\n0.13,-1\n0.21,-1\n", "acc.csv", in: folder)
        // A quarter turn about z between 0 and 0.2 s.
        let h = (0.5).squareRoot()
        try writeFixture("t,w,x,y,z\n0,1,0,0,0\n0.2,\(h),0,0,\(h)\n", "att.csv", in: folder)
        let loaded = try DatasetSource(folder.path).load()
        let r = try #require(loaded.dataset.recordings.first)
        #expect(r.timestamps == [0, 0.1, 0.2])
        // Halfway in time is halfway in angle: 22.5° about z (linear interpolation would not be unit length).
        #expect(abs(r.column(.quatW)![1] - cos(.pi / 8)) < 1e-12)
        #expect(abs(r.column(.quatZ)![1] - sin(.pi / 8)) < 1e-12)
        #expect(r.column(.accelZ) == [-1, -1, -1])
    }

    // Found by fuzzing (FuzzDatasetCSV, a layout resampled at a stated rate): a span of 1e30 s trapped when
    // counted as grid points; a grid over 100 times the largest file is refused before it is allocated.
    @Test func aGridFarDenserThanTheFilesIsAnErrorNamingFileLineAndTime() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture("""
            name: grid
            time: {column: t, unit: s}
            align: {rate: 10}
            streams:
              - {name: accelerometer, channels: [{name: accel.z, column: z}]}
              - {name: gyroscope, channels: [{name: gyro.z, column: z}]}
            recordings:
              - {id: r, subject: s, session: '1', file: acc.csv, files: {gyroscope: gyro.csv}}
            """, "dataset.yaml", in: folder)
        try writeFixture("t,z\n0,-1\n1e30,-1\n", "acc.csv", in: folder)
        try writeFixture("t,z\n0,0\n2e30,0\n", "gyro.csv", in: folder)
        let loaded = try DatasetReader.load(at: folder)
        #expect(loaded.dataset.recordings.first?.count == 0)
        let problem = try #require(loaded.problems.first { $0.kind == .gap }, "\(loaded.problems)")
        #expect(problem.severity == .error)
        #expect(problem.location.file.hasSuffix("acc.csv") && problem.location.line == 3 && problem.location.field == "time")
        #expect(problem.location.message.contains("over 100 times the 2 of the largest file"), "\(problem)")
    }

    @Test func batchedTimestampsAreSpreadEvenly() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture("""
            name: batches
            time: {column: ms, unit: ms, batches: spread}
            channels: [{name: accel.x, column: x}]
            recordings: [{id: r, subject: s, session: '1', file: a.csv}]
            """, "dataset.yaml", in: folder)
        try writeFixture("ms,x\n100,1\n100,2\n100,3\n100,4\n140,5\n140,6\n140,7\n140,8\n", "a.csv", in: folder)
        let loaded = try DatasetSource(folder.path).load()
        let t = try #require(loaded.dataset.recordings.first).timestamps
        let expected = [0.1, 0.11, 0.12, 0.13, 0.14, 0.15, 0.16, 0.17]
        for (a, b) in zip(t, expected) { #expect(abs(a - b) < 1e-12) }
        #expect(loaded.report.spreadBatches == 2 && loaded.report.spreadRows == 6)
        #expect(DatasetValidator().validate(loaded).isEmpty)
    }

    @Test func annotationsRoundTripThroughAPerSampleLabelColumn() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let times = (0..<20).map { Double($0) / 10 }
        let annotations = [Annotation(start: 0.3, end: 0.6, label: "shake"), Annotation(start: 1.0, end: 1.5, label: "flip")]
        let recording = Recording(id: "a", subject: "s", session: "1", timestamps: times,
                                  channels: [(.accelX, times.map { $0 * 2 })], annotations: annotations)
        let dataset = Dataset(name: "labels", kind: .continuous, recordings: [recording])
        let manifest = try DatasetWriter.write(dataset, to: folder, labelColumn: "label")
        #expect(manifest.labels?.column == "label")
        let text = try String(contentsOf: folder.appendingPathComponent("recordings/a.csv"), encoding: .utf8)
        #expect(text.hasPrefix("time,accel.x,label\n0.0,0.0,\n"))
        #expect(text.contains("\n0.3,0.6,shake\n"))
        let back = try DatasetReader.read(at: folder)
        let r = try #require(back.recordings.first)
        #expect(r.annotations.map(\.label) == ["shake", "flip"])
        for (a, b) in zip(r.annotations, annotations) {
            #expect(abs(a.start - b.start) < 1e-12 && abs(a.end - b.end) < 1e-12)
        }
        // Overlapping annotations cannot be one label per sample.
        var overlapping = dataset
        overlapping.recordings[0].annotations.append(Annotation(start: 0.5, end: 0.8, label: "tap"))
        #expect(throws: DataFileError.self) { try DatasetWriter.write(overlapping, to: folder, labelColumn: "label") }
    }
}
