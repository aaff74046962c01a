import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

@Suite struct ExternalDatasetTests {
    @Test(.needsSharedData) func gyronicsCountsAgreeWithItsReadme() throws {
        let loaded = try loadSharedDataset("gyronics", "Gyronics_GRWD")
        let summary = DatasetSummary(loaded.dataset)
        #expect(summary.recordings == 1995)
        #expect(summary.subjects.count == 20)
        #expect(summary.classes.count == 10)
        #expect(summary.classes.allSatisfy { (198...201).contains($0.annotations) })
        #expect(summary.minLength == 51 && summary.maxLength == 935)
        #expect(loaded.problems.isEmpty)
        // Glitch rows (about 1.6 % of rows) are flagged, not dropped silently.
        let outOfRange = DatasetValidator().validate(loaded).filter { $0.kind == .outOfRange }
        let rows = Set(outOfRange.map { "\($0.location.file):\($0.location.line ?? 0)" }).count
        let fraction = Double(rows) / Double(summary.samples)
        #expect(fraction > 0.005 && fraction < 0.02)
    }

    @Test(.needsSharedData) func gyronicsAtRestReadsOneGInCoreMotionSign() throws {
        var loaded = try loadSharedDataset("gyronics", "Gyronics_GRWD")
        let report = DatasetRepair.apply([.dropOutOfRange, .dropUnordered], to: &loaded)
        #expect(report.droppedOutOfRange > 0 && report.droppedUnordered > 0)
        // The two documented glitch kinds (impossible values, interleaved timestamps) are all that is wrong.
        #expect(DatasetValidator().validate(loaded).filter { $0.severity == .error }.isEmpty)
        // First sample of each recording (rest before the gesture): |a| ≈ 1 g.
        let magnitudes = loaded.dataset.recordings.compactMap { $0.samples.first?.acceleration.length }
        let median = try #require(SampleStatistics.median(magnitudes))
        #expect(abs(median - 1) < 0.03)
        // A raw value converts by the manifest: subject_6/swipe_right/9.csv row 1 is Ax=-5476, Gx=-266, Roll=7000.
        let r = try #require(loaded.dataset.recordings.first { $0.id.hasSuffix("subject_6/swipe_right/9") })
        #expect(abs(r.column(.accelX)![0] - 5476.0 / 16384) < 1e-12)
        #expect(abs(r.column(.gyroX)![0] - (-266.0 / 131 * .pi / 180)) < 1e-12)
        #expect(abs(r.column(.pitch)![0] - 7.0 * .pi / 180) < 1e-12)
        #expect(abs(r.timestamps[0] - 479.340) < 1e-9)
        #expect(r.subject == "6")
    }

    @Test(.needsSharedData) func phoneAirLinesCountsAgreeWithItsReadme() throws {
        let dataset = try loadSharedDataset("phoneairlines", "PhoneAirLines_GM_masters").dataset
        #expect(dataset.recordings.count == 353 + 200 + 427 + 160)
        func count(_ session: String) -> Int { dataset.recordings.filter { $0.session == session }.count }
        #expect(count("Train") == 353 && count("Test") == 200 && count("lines_20hz") == 427 && count("tick_z") == 160)
        let tickZ = dataset.recordings.filter { $0.session == "tick_z" }
        #expect(Set(tickZ.map(\.subject)).count == 8)
        let summary = DatasetSummary(Dataset(name: "20", kind: .segments, recordings: dataset.recordings.filter { $0.session == "lines_20hz" }))
        let counts = Dictionary(uniqueKeysWithValues: summary.classes.map { ($0.label, $0.annotations) })
        #expect(counts["hline-left"] == 40 && counts["sclck"] == 28 && counts["Paused-square"] == 9 && counts.count == 15)
        // Already g with the CoreMotion sign: at rest z ≈ −1 g.
        let z = dataset.recordings.compactMap { $0.column(.accelZ)?.first }
        #expect(try #require(SampleStatistics.median(z)) < -0.8)
    }

    @Test(.needsSharedData) func mooCowCountsAndWiimoteConversion() throws {
        let dataset = try loadSharedDataset("moocow", "MooCow_WiimoteMotionPlus").dataset
        let counts = Dictionary(uniqueKeysWithValues: DatasetSummary(dataset).classes.map { ($0.label, $0.annotations) })
        #expect(counts == ["left": 100, "right": 100, "up": 100, "down": 100, "lrl": 50, "rlr": 50, "cwcircle": 21, "ccwcircle": 29])
        // test/right/3 row 1: -0.846154 0.040000 0.653846 8378 7177 6661.
        let r = try #require(dataset.recordings.first { $0.id == "test/right/3" })
        let s = r.samples[0]
        #expect(s.acceleration == Vector3(-0.846154, -0.04, -0.653846))
        let perCount = Double.pi / 180 / 20
        #expect(abs(s.rotationRate!.x - (8378 - 8192) * perCount) < 1e-9)
        #expect(abs(s.rotationRate!.y + (7177 - 8192) * perCount) < 1e-9)
        #expect(abs(r.timestamps[1] - 0.01) < 1e-12)
        let lengths = dataset.recordings.filter { $0.id.hasPrefix("test/down/") }.map(\.count)
        #expect(lengths.min() == 1 && lengths.max() == 60)
    }

    @Test(.needsSharedData) func swimWatchCountsAgreeWithItsReadme() throws {
        guard SharedData.dataset("SwimWatch_Turns") != nil else {
            print("skipped: ../shared/datasets/SwimWatch_Turns is absent")
            return
        }
        let loaded = try loadSharedDataset("swimwatch", "SwimWatch_Turns")
        let dataset = loaded.dataset
        #expect(loaded.problems.isEmpty)
        #expect(dataset.recordings.count == 33)
        #expect(dataset.subjects.count == 11)
        #expect(dataset.recordings.flatMap(\.annotations).filter { $0.label == "turn" }.count == 60)
        #expect(DatasetValidator().validate(loaded).filter { $0.severity == .error }.isEmpty)
        // The nanosecond uptime clock becomes seconds from each session's first sample, at 30 Hz.
        #expect(loaded.report.relativeTimeRecordings == 33)
        for r in dataset.recordings {
            #expect(r.timestamps[0] == 0)
            #expect(abs(r.timestamps[1] - 1.0 / 30) < 1e-4)
        }
        // Label -1 (undocumented) is ignored and reported: 5474 rows in this copy.
        #expect(loaded.report.ignoredLabelSamples == ["-1": 5474])
        // 33/Backstroke_1526815500947.csv row 1: ACC_0 = 1.2794686700659084 m/s² (Android sign), GYRO_0 = 0.15606608306956946 rad/s.
        let r = try #require(dataset.recordings.first { $0.id == "data/33/Backstroke_1526815500947" })
        #expect(r.subject == "33" && r.session == "Backstroke_1526815500947")
        #expect(abs(r.column(.accelX)![0] - (-1.2794686700659084 / 9.80665)) < 1e-12)
        #expect(abs(r.column(.gyroX)![0] - 0.15606608306956946) < 1e-15)
        // The same row's magnetometer and barometer: MAG_0 = -18.944103558932945 µT, PRESS = 1020.3788657616457 hPa.
        #expect(r.column(Channel.magneticField[0])![0] == -18.944103558932945)
        #expect(r.samples[0].pressure == 1020.3788657616457 && r.samples[0].magneticField?.z == -112.5324777781088)
        // At rest between bouts (background samples) the converted acceleration is about 1 g.
        var rest: [Double] = []
        for r in dataset.recordings {
            let samples = r.samples
            for i in samples.indices where !r.annotations.contains(where: { $0.start <= r.timestamps[i] && r.timestamps[i] <= $0.end }) {
                rest.append(samples[i].acceleration.length)
            }
        }
        #expect(abs(try #require(SampleStatistics.median(rest)) - 1) < 0.1)
    }

    @Test func shippedManifestsMatchTheBuiltInOnes() throws {
        let resources = SharedData.packageRoot.appendingPathComponent("Sources/GestureData/Resources/External")
        let folders = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { $0.hasSuffix(".yaml") }
        #expect(ExternalManifests.byPrefix.values.map { "\($0.folder).yaml" }.sorted() == folders.sorted())
        for (_, builtIn) in ExternalManifests.byPrefix {
            let url = SharedData.packageRoot.appendingPathComponent("datasets/external/\(builtIn.folder)/dataset.yaml")
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text == builtIn.yaml, "datasets/external/\(builtIn.folder)/dataset.yaml differs from the bundle's External/\(builtIn.folder).yaml")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == "../../../Sources/GestureData/Resources/External/\(builtIn.folder).yaml",
                    "datasets/external/\(builtIn.folder)/dataset.yaml is not a link to the resource")
            let manifest = try DatasetManifest(yaml: text)
            #expect(manifest.source != nil && manifest.conversion != nil)
        }
    }

    @Test func rawUWaveLayoutReadsSubjectsSessionsAndLabels() throws {
        let root = datasetTestFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        // 2 users × 2 days × 3 gestures × 2 repetitions, in the library's naming.
        for user in 1...2 { for day in 1...2 { for gesture in [1, 2, 8] { for rep in 1...2 {
            let rows = (0..<(10 + rep)).map { i in "\(0.1 * Double(gesture)) \(-0.2) \(1.0 + 0.01 * Double(i))" }
            try writeFixture(rows.joined(separator: "\n") + "\n", "U\(user) (\(day))/A_Template_Acceleration\(gesture)-\(rep).txt", in: root)
        } } } }
        try writeFixture("not a gesture", "U1 (1)/notes.md", in: root)
        let loaded = try DatasetSource("uwave:\(root.path)").load()
        let dataset = loaded.dataset
        #expect(loaded.problems.isEmpty)
        #expect(dataset.recordings.count == 24)
        #expect(dataset.subjects == ["1", "2"])
        #expect(Set(dataset.recordings.map(\.session)) == ["1", "2"])
        #expect(dataset.labels == ["1", "2", "8"])
        let r = try #require(dataset.recordings.first { $0.id == "U2 (1)/A_Template_Acceleration8-2" })
        #expect(r.subject == "2" && r.session == "1" && r.count == 12 && r.annotations.first?.label == "8")
        // Wiimote frame → CoreMotion: x kept, y and z negated; 100 Hz.
        #expect(r.samples[0].acceleration == Vector3(0.8, 0.2, -1.0))
        #expect(abs(r.duration - 0.11) < 1e-12)
    }
}
