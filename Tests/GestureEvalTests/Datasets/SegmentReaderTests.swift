import Foundation
import GestureEval
import GestureTestSupport
import Testing

@Suite struct SegmentReaderTests {
    /// (file, examples, classes) from each dataset's README.
    static let ucr: [(String, Int, Int)] = [
        ("AllGestureWiimoteX/AllGestureWiimoteX_TRAIN.tsv", 300, 10), ("AllGestureWiimoteX/AllGestureWiimoteX_TEST.tsv", 700, 10),
        ("AllGestureWiimoteY/AllGestureWiimoteY_TRAIN.tsv", 300, 10), ("AllGestureWiimoteZ/AllGestureWiimoteZ_TEST.tsv", 700, 10),
        ("ShakeGestureWiimoteZ/ShakeGestureWiimoteZ_TRAIN.tsv", 50, 10), ("PickupGestureWiimoteZ/PickupGestureWiimoteZ_TEST.tsv", 50, 10),
        ("GesturePebbleZ1/GesturePebbleZ1_TRAIN.tsv", 132, 6), ("GesturePebbleZ1/GesturePebbleZ1_TEST.tsv", 172, 6),
        ("UWaveGestureLibraryX/UWaveGestureLibraryX_TRAIN.tsv", 896, 8), ("UWaveGestureLibraryZ/UWaveGestureLibraryZ_TRAIN.tsv", 896, 8),
    ]

    @Test(arguments: ucr) func ucrCountsAgreeWithReadme(file: String, examples: Int, classes: Int) throws {
        let loaded = try loadShared("ucr", file, .init(samplingRate: 100, channels: ["accel.x"]))
        let summary = DatasetSummary(loaded.dataset)
        #expect(summary.recordings == examples)
        #expect(summary.classes.count == classes)
        #expect(summary.annotationCoverage > 0.99)
        #expect(DatasetValidator().validate(loaded).filter { $0.severity == .error }.isEmpty)
    }

    @Test func ueaUWaveCountsAgreeWithReadme() throws {
        for (file, n, perClass) in [("UWaveGestureLibrary_TRAIN.ts", 120, 15), ("UWaveGestureLibrary_TEST.ts", 320, 40)] {
            let dataset = try loadShared("ts", "UWaveGestureLibrary/\(file)", .init(channels: Channel.acceleration)).dataset
            let summary = DatasetSummary(dataset)
            #expect(summary.recordings == n)
            #expect(summary.classes.map(\.label) == (1...8).map(String.init))
            #expect(summary.classes.allSatisfy { $0.annotations == perClass })
            #expect(summary.minLength == 315 && summary.maxLength == 315)
            #expect(summary.channels == ["accel.x", "accel.y", "accel.z"])
        }
    }

    @Test func grtClassificationAndTimeSeries() throws {
        let tilt = try loadShared("grt", "GRT_WiimoteAndMouse/acc-orientation.grt").dataset
        let classes = DatasetSummary(tilt).classes
        #expect(classes.map(\.label) == ["1", "2", "3", "4", "5"])
        #expect(classes.map(\.samples) == [326, 309, 292, 289, 310])
        #expect(tilt.recordings[0].count == 1526)
        let shake = try loadShared("grt", "GRT_WiimoteAndMouse/WiiAccShakeData.grt").dataset
        #expect(shake.recordings[0].count == 1480 && shake.labels == ["1"])
        let mouse = try loadShared("grt", "GRT_WiimoteAndMouse/DTWTrainingData.grt").dataset
        #expect(mouse.recordings.count == 45)
        #expect(DatasetSummary(mouse).classes.map(\.annotations) == [15, 15, 15])
        #expect(mouse.recordings.map(\.count).min() == 217 && mouse.recordings.map(\.count).max() == 364)
    }

    @Test func ueaErrorsNameLineAndDimension() {
        let text = "@dimensions 2\n@classLabel true a b\n@data\n1,2,3:4,5,6:a\n1,x,3:4,5,6:b\n"
        #expect(throws: DataFileError(file: "f.ts", line: 5, field: "dimension 1 value 2", "'x' is not a number")) {
            try UEAArchive.parse(text, file: "f.ts")
        }
    }
}
