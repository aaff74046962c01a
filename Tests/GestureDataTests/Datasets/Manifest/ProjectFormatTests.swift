import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

@Suite struct ProjectFormatTests {
    @Test func roundTripIsIdentical() throws {
        let awkward = [0.1, 1e-300, -0.0, 123456.789012345678, .pi, -2.5e-7, 1.0 / 3]
        let recording = Recording(
            id: "s01/take-1", subject: "s01", session: "day 2", timestamps: awkward.indices.map { Double($0) * 0.02 },
            channels: [(.accelX, awkward), (.accelY, awkward.reversed()), (.accelZ, awkward.map { -$0 }), ("pressure", awkward)],
            annotations: [Annotation(start: 0.02, end: 0.06, label: "shake"), Annotation(start: 0, end: 0.01, label: "flip")])
        let dataset = Dataset(name: "tiny", description: "two kinds", kind: .continuous, samplingRate: 50,
                              recordings: [recording], license: "MIT", citation: "nobody")
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DatasetWriter.write(dataset, to: folder)
        let read = try DatasetReader.read(at: folder)
        #expect(read == dataset)
        let again = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: again) }
        try DatasetWriter.write(read, to: again)
        #expect(try DatasetReader.read(at: again) == dataset)
        for file in ["dataset.yaml", "recordings/s01/take-1.csv", "annotations/s01/take-1.csv"] {
            #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == Data(contentsOf: again.appendingPathComponent(file)))
        }
    }

    @Test(.needsSharedData) func realDatasetRoundTrips() throws {
        let dataset = try loadSharedDataset("moocow", "MooCow_WiimoteMotionPlus").dataset
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DatasetWriter.write(dataset, to: folder)
        let read = try DatasetReader.read(at: folder)
        #expect(read.recordings == dataset.recordings)
        #expect(read.name == dataset.name && read.kind == .segments && read.samplingRate == 100)
    }

    @Test func coreMotionLoggerColumnsMapThroughTheManifest() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture("""
            loggingTime,motionTimestamp_sinceReboot,motionUserAccelerationX,motionUserAccelerationY,motionUserAccelerationZ,motionGravityX,motionGravityY,motionGravityZ,motionRotationRateX,motionRotationRateY,motionRotationRateZ,motionRoll,motionPitch,motionYaw
            a,100.00,0.1,0,0,0,0,-1,0.5,0,0,0.01,0.02,0.03
            b,100.01,0.2,0,0,0,0,-1,0.4,0,0,0.01,0.02,0.03

            """, "logs/walk.csv", in: folder)
        try writeFixture("start,end,label\n100.0,100.01,step\n", "logs/walk-annotations.csv", in: folder)
        try writeFixture("""
            name: logger
            kind: continuous
            time: {column: motionTimestamp_sinceReboot}
            channels:
              - {name: user.x, column: motionUserAccelerationX}
              - {name: user.y, column: motionUserAccelerationY}
              - {name: user.z, column: motionUserAccelerationZ}
              - {name: gravity.x, column: motionGravityX}
              - {name: gravity.y, column: motionGravityY}
              - {name: gravity.z, column: motionGravityZ}
              - {name: gyro.x, column: motionRotationRateX}
              - {name: gyro.y, column: motionRotationRateY}
              - {name: gyro.z, column: motionRotationRateZ}
              - {name: roll, column: motionRoll}
            recordings:
              - {id: walk, subject: ann, session: "1", file: logs/walk.csv, annotations: logs/walk-annotations.csv}
            """, "dataset.yaml", in: folder)
        let dataset = try DatasetReader.read(at: folder)
        let r = dataset.recordings[0]
        #expect(r.timestamps == [100.0, 100.01])
        #expect(r.samples[1].userAcceleration == Vector3(0.2, 0, 0) && r.samples[1].gravity == Vector3(0, 0, -1))
        #expect(r.samples[0].rotationRate == Vector3(0.5, 0, 0) && r.column(.roll) == [0.01, 0.01])
        #expect(r.annotations == [Annotation(start: 100, end: 100.01, label: "step")] && r.subject == "ann")
    }

    @Test func androidMetersPerSecondSquaredConvertsToCoreMotionG() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture("ts_ms;ax;ay;az\n0;0;0;9.80665\n20;19.6133;0;9.80665\n", "a.csv", in: folder)
        let g = -1 / 9.80665
        try writeFixture("""
            name: android
            kind: continuous
            table: {delimiter: ";", header: true}
            time: {column: ts_ms, scale: 0.001}
            conversion: m/s² with Android's sign (+9.8 up at rest) to g with CoreMotion's (−1 at rest).
            channels:
              - {name: accel.x, column: ax, scale: \(g)}
              - {name: accel.y, column: ay, scale: \(g)}
              - {name: accel.z, column: az, scale: \(g)}
            recordings:
              - {id: a, subject: s, session: "1", file: a.csv}
            """, "dataset.yaml", in: folder)
        let r = try DatasetReader.read(at: folder).recordings[0]
        #expect(abs(r.samples[0].acceleration.z + 1) < 1e-12)
        #expect(abs(r.samples[1].acceleration.x + 2) < 1e-12)
        #expect(r.timestamps == [0, 0.02])
    }

    @Test func missingColumnAndBadManifestNameTheField() throws {
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture("time,accel.x\n0,1\n", "r.csv", in: folder)
        try writeFixture("name: m\nchannels:\n  - {name: accel.y}\nrecordings:\n  - {id: r, subject: s, session: '1', file: r.csv}\n",
                  "dataset.yaml", in: folder)
        let missing = DataFileError(file: folder.appendingPathComponent("r.csv").path, line: 1, field: "accel.y",
                                    .missingColumn("accel.y", header: ["time", "accel.x"]))
        #expect(throws: missing) { try DatasetReader.read(at: folder) }
        #expect(missing.message == "no column 'accel.y' in the header 'time,accel.x'")
        #expect {
            try DatasetManifest(yaml: "name: m\nchannels: 3\n")
        } throws: { error in
            guard let error = error as? DataFileError, case .typeMismatch = error.reason else { return false }
            return error.field == "channels"
        }
    }
}

@Suite struct ShippedExampleTests {
    @Test func exampleIsCleanAndRewritesByteForByte() throws {
        let example = SharedData.packageRoot.appendingPathComponent("datasets/example")
        let loaded = try DatasetReader.load(at: example)
        #expect(DatasetValidator().validate(loaded).isEmpty)
        #expect(loaded.dataset.recordings.first?.annotations == [Annotation(start: 0.2, end: 0.8, label: "shake")])
        let copy = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: copy) }
        try DatasetWriter.write(loaded.dataset, to: copy, classes: loaded.classes)
        for file in ["dataset.yaml", "recordings/alice-1.csv", "annotations/alice-1.csv"] {
            #expect(try Data(contentsOf: example.appendingPathComponent(file)) == Data(contentsOf: copy.appendingPathComponent(file)), "\(file)")
        }
    }
}

@Suite struct NumberParsingTests {
    /// Every way numbers are written must read exactly as Swift's own parser reads them.
    @Test func csvNumbersMatchSwiftParsing() throws {
        var rng = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "+1", "007", ".5", "5.", "-0.000", "1e3", "1E-7", "nan", "-inf", "inf", "123456789012345",
                     "1234567890123456789", "0.1234567890123456789", "9007199254740993", "0.0000000000000000000000012",
                     "179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
                     "4.9e-324", "2.2250738585072014e-308", "-0.1", "3.14159", "16384", "-32768"]
        for _ in 0..<3000 {
            let digits = Int.random(in: 1...17, using: &rng)
            var t = String((0..<digits).map { _ in "0123456789".randomElement(using: &rng)! })
            let point = Int.random(in: 0...digits, using: &rng)
            t.insert(".", at: t.index(t.startIndex, offsetBy: point))
            if Bool.random(using: &rng) { t = "-" + t }
            if t == "." || t == "-." { continue }
            texts.append(t)
        }
        let folder = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeFixture("time,v\n" + texts.enumerated().map { "\($0.offset),\($0.element)" }.joined(separator: "\n"), "r.csv", in: folder)
        try writeFixture("name: n\nchannels: [{name: v}]\nrecordings: [{id: r, subject: s, session: '1', file: r.csv}]\n", "dataset.yaml", in: folder)
        let values = try #require(try DatasetReader.read(at: folder).recordings.first?.column("v"))
        for (text, value) in zip(texts, values) {
            let expected = try #require(Double(text))
            #expect(value.bitPattern == expected.bitPattern || (value.isNaN && expected.isNaN), "\(text)")
        }
    }
}
