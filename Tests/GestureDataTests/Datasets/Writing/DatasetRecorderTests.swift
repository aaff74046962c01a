import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

@Suite struct DatasetRecorderTests {
    static func sample(_ i: Int, gyro: Bool = true) -> MotionSample {
        MotionSample(timestamp: Double(i) / 50, acceleration: Vector3(0.1 * Double(i), -0.5, -1 + 1.0 / 3),
                     rotationRate: gyro ? Vector3(0, 0.25, Double(i) / 7) : nil)
    }

    @Test func theFolderIsADatasetAtEveryStepAndReadsBackExactly() throws {
        let folder = datasetTestFolder()
        let recorder = try DatasetRecorder(folder: folder, name: "mine", description: "test", subject: "ana", session: "1",
                                           classes: ["shake", "flip"], channels: Channel.acceleration + Channel.rotationRate)
        #expect(recorder.recordingID == "ana-1")
        // The manifest names the recording only once samples are in its file.
        let manifest = folder.appendingPathComponent("dataset.yaml")
        for i in 0..<100 { recorder.append(Self.sample(i)) }
        #expect(!FileManager.default.fileExists(atPath: manifest.path))
        try recorder.flush()
        #expect(try DatasetReader.read(at: folder).recordings.first?.count == 100)
        try recorder.write(annotations: [Annotation(start: 1.2, end: 1.5, label: "flip"), Annotation(start: 0.2, end: 0.6, label: "shake")])
        let dataset = try DatasetReader.read(at: folder)
        let recording = try #require(dataset.recordings.first)
        #expect(recording.count == 100)
        #expect(recording.timestamps == (0..<100).map { Double($0) / 50 })
        #expect(recording.column(.accelZ)?[7] == -1 + 1.0 / 3)
        #expect(recording.column(.gyroZ)?[99] == 99.0 / 7)
        #expect(recording.annotations.map(\.label) == ["shake", "flip"])
        #expect(dataset.labels.contains("shake") && dataset.labels.contains("flip"))
    }

    @Test func aSecondTakeAddsARecordingWithTheSameChannels() throws {
        let folder = datasetTestFolder()
        let first = try DatasetRecorder(folder: folder, name: "mine", description: "", subject: "ana", session: "1",
                                        classes: ["shake"], channels: Channel.acceleration)
        first.append(Self.sample(0, gyro: false))
        try first.flush()
        let second = try DatasetRecorder(folder: folder, name: "mine", description: "", subject: "ana", session: "2",
                                         classes: ["shake", "tap"], channels: Channel.acceleration)
        #expect(second.recordingID == "ana-2")
        second.append(Self.sample(0, gyro: false))
        try second.flush()
        let manifest = try DatasetManifest(contentsOf: folder.appendingPathComponent("dataset.yaml"))
        #expect(manifest.recordings.map(\.id) == ["ana-1", "ana-2"])
        #expect(manifest.classes == ["shake", "tap"])
        #expect {
            try DatasetRecorder(folder: folder, name: "mine", description: "", subject: "bo", session: "1",
                                classes: ["shake"], channels: Channel.acceleration + Channel.rotationRate)
        } throws: { "\($0)".contains("channels") && "\($0)".contains("gyro.x") }
        #expect {
            try DatasetRecorder(folder: folder, name: "mine", description: "", subject: "ana", session: "3", id: "ana-1",
                                classes: ["shake"], channels: Channel.acceleration)
        } throws: { "\($0)".contains("'ana-1'") }
    }

    @Test func aFolderWithOtherFilesIsNotTouched() throws {
        let folder = datasetTestFolder()
        try "keep".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        #expect {
            try DatasetRecorder(folder: folder, name: "x", description: "", subject: "s", session: "1", classes: ["a"], channels: Channel.acceleration)
        } throws: { "\($0)".contains("no dataset.yaml") }
    }
}
