import Foundation
import GestureData
import GestureTestSupport
import Testing

@Suite struct SegmentReaderTests {
    /// (file, examples, classes, shortest, longest) from each dataset's README: every UCR file in the shared folder.
    static let ucr: [(String, Int, Int, Int, Int)] = [
        ("AllGestureWiimoteX/AllGestureWiimoteX_TEST.tsv", 700, 10, 2, 369),
        ("AllGestureWiimoteX/AllGestureWiimoteX_TRAIN.tsv", 300, 10, 11, 385),
        ("AllGestureWiimoteX/Missing_value_and_variable_length_datasets_adjusted/AllGestureWiimoteX_TEST.tsv", 700, 10, 500, 500),
        ("AllGestureWiimoteX/Missing_value_and_variable_length_datasets_adjusted/AllGestureWiimoteX_TRAIN.tsv", 300, 10, 500, 500),
        ("AllGestureWiimoteY/AllGestureWiimoteY_TEST.tsv", 700, 10, 2, 385),
        ("AllGestureWiimoteY/AllGestureWiimoteY_TRAIN.tsv", 300, 10, 8, 369),
        ("AllGestureWiimoteY/Missing_value_and_variable_length_datasets_adjusted/AllGestureWiimoteY_TRAIN.tsv", 300, 10, 500, 500),
        ("AllGestureWiimoteZ/AllGestureWiimoteZ_TEST.tsv", 700, 10, 2, 385),
        ("AllGestureWiimoteZ/AllGestureWiimoteZ_TRAIN.tsv", 300, 10, 33, 326),
        ("AllGestureWiimoteZ/Missing_value_and_variable_length_datasets_adjusted/AllGestureWiimoteZ_TEST.tsv", 700, 10, 500, 500),
        ("AllGestureWiimoteZ/Missing_value_and_variable_length_datasets_adjusted/AllGestureWiimoteZ_TRAIN.tsv", 300, 10, 500, 500),
        ("GesturePebbleZ1/GesturePebbleZ1_TEST.tsv", 172, 6, 100, 375),
        ("GesturePebbleZ1/GesturePebbleZ1_TRAIN.tsv", 132, 6, 115, 455),
        ("GesturePebbleZ1/Missing_value_and_variable_length_datasets_adjusted/GesturePebbleZ1_TEST.tsv", 172, 6, 455, 455),
        ("GesturePebbleZ1/Missing_value_and_variable_length_datasets_adjusted/GesturePebbleZ1_TRAIN.tsv", 132, 6, 455, 455),
        ("PickupGestureWiimoteZ/PickupGestureWiimoteZ_TEST.tsv", 50, 10, 37, 324),
        ("PickupGestureWiimoteZ/PickupGestureWiimoteZ_TRAIN.tsv", 50, 10, 29, 361),
        ("PickupGestureWiimoteZ/Missing_value_and_variable_length_datasets_adjusted/PickupGestureWiimoteZ_TEST.tsv", 50, 10, 361, 361),
        ("PickupGestureWiimoteZ/Missing_value_and_variable_length_datasets_adjusted/PickupGestureWiimoteZ_TRAIN.tsv", 50, 10, 361, 361),
        ("ShakeGestureWiimoteZ/ShakeGestureWiimoteZ_TEST.tsv", 50, 10, 40, 369),
        ("ShakeGestureWiimoteZ/ShakeGestureWiimoteZ_TRAIN.tsv", 50, 10, 41, 385),
        ("ShakeGestureWiimoteZ/Missing_value_and_variable_length_datasets_adjusted/ShakeGestureWiimoteZ_TEST.tsv", 50, 10, 385, 385),
        ("ShakeGestureWiimoteZ/Missing_value_and_variable_length_datasets_adjusted/ShakeGestureWiimoteZ_TRAIN.tsv", 50, 10, 385, 385),
        ("UWaveGestureLibraryX/UWaveGestureLibraryX_TRAIN.tsv", 896, 8, 315, 315),
        ("UWaveGestureLibraryY/UWaveGestureLibraryY_TRAIN.tsv", 896, 8, 315, 315),
        ("UWaveGestureLibraryZ/UWaveGestureLibraryZ_TRAIN.tsv", 896, 8, 315, 315),
    ]

    @Test(.needsSharedData, arguments: ucr) func ucrCountsAgreeWithReadme(file: String, examples: Int, classes: Int, shortest: Int, longest: Int) throws {
        let loaded = try loadSharedDataset("ucr", file, .init(samplingRate: 100, channels: ["accel.x"]))
        let summary = DatasetSummary(loaded.dataset)
        #expect(summary.recordings == examples)
        #expect(summary.classes.count == classes)
        #expect(summary.minLength == shortest && summary.maxLength == longest)
        #expect(summary.annotationCoverage > 0.99)
        #expect(DatasetValidator().validate(loaded).filter { $0.severity == .error }.isEmpty)
    }

    @Test(.needsSharedData) func ueaUWaveCountsAgreeWithReadme() throws {
        for (file, n, perClass) in [("UWaveGestureLibrary_TRAIN.ts", 120, 15), ("UWaveGestureLibrary_TEST.ts", 320, 40)] {
            let dataset = try loadSharedDataset("ts", "UWaveGestureLibrary/\(file)", .init(channels: Channel.acceleration)).dataset
            let summary = DatasetSummary(dataset)
            #expect(summary.recordings == n)
            #expect(summary.classes.map(\.label) == (1...8).map(String.init))
            #expect(summary.classes.allSatisfy { $0.annotations == perClass })
            #expect(summary.minLength == 315 && summary.maxLength == 315)
            #expect(summary.channels == ["accel.x", "accel.y", "accel.z"])
        }
    }

    @Test(.needsSharedData) func grtClassificationAndTimeSeries() throws {
        let tilt = try loadSharedDataset("grt", "GRT_WiimoteAndMouse/acc-orientation.grt").dataset
        let classes = DatasetSummary(tilt).classes
        #expect(classes.map(\.label) == ["1", "2", "3", "4", "5"])
        #expect(classes.map(\.samples) == [326, 309, 292, 289, 310])
        #expect(tilt.recordings[0].count == 1526)
        let shake = try loadSharedDataset("grt", "GRT_WiimoteAndMouse/WiiAccShakeData.grt").dataset
        #expect(shake.recordings[0].count == 1480 && shake.labels == ["1"])
        let mouse = try loadSharedDataset("grt", "GRT_WiimoteAndMouse/DTWTrainingData.grt").dataset
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

    // Found by fuzzing (FuzzGRT): a classification row shorter than the first trapped when the rows
    // were turned into the columns of one recording.
    @Test func grtClassificationRowsOfUnequalWidthAreAnErrorNamingTheLine() throws {
        let url = datasetTestFolder().appendingPathComponent("ragged.grt")
        try Data("GRT_LABELLED_CLASSIFICATION_DATA_FILE_V1.0\nLabelledTrainingData:\n1 0.1 0.2 0.3\n2 0.4\n".utf8).write(to: url)
        #expect(throws: DataFileError(file: url.path, line: 4, "expected 3 values after the label, found 1")) {
            _ = try DatasetSource("grt:\(url.path)").load()
        }
    }
}
