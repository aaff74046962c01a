import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport

/// Small synthetic datasets and experiment files for the train / evaluate / compare / sweep tests,
/// written once per test process into a temporary folder.
enum ExperimentFixtures {
    /// A continuous dataset (3 subjects × 1 session × 30 s, every gesture family) and a segment dataset
    /// of shapes (3 subjects × 8 shapes × 2), generated from the shipped specs with fewer subjects.
    static let folder: URL = {
        let root = TemporaryFolder.root.appendingPathComponent("gesturelab-exp-fixtures-\(ProcessInfo.processInfo.processIdentifier)")
        var continuous = SyntheticDatasetGenerator.defaultSpec
        continuous.subjects = 3
        continuous.sessionsPerSubject = 1
        continuous.recordingDuration = 30
        var shapes = SyntheticDatasetGenerator.defaultSegmentSpec
        shapes.subjects = 3
        do {
            try DatasetWriter.write(try SyntheticDatasetGenerator.generate(continuous), to: root.appendingPathComponent("continuous"))
            try DatasetWriter.write(try SyntheticDatasetGenerator.generate(shapes), to: root.appendingPathComponent("shapes"))
        } catch {
            fatalError("cannot write the fixture datasets: \(error)")
        }
        return root
    }()

    /// The absolute path of a shipped preset, so tests can run in any folder.
    static func preset(_ name: String) -> String { SharedData.packageRoot.appendingPathComponent("configs/\(name).yaml").path }

    static var continuous: String { folder.appendingPathComponent("continuous").path }
    static var shapes: String { folder.appendingPathComponent("shapes").path }

    /// An experiment over the fixture datasets: two shake-counter configurations (one tuned inside
    /// each fold), DTW templates of shakes spotted in the stream (rejection tuned inside each fold),
    /// the flip detector and DTW templates on shapes.
    static func experimentYAML(name: String = "small") -> String {
        """
        name: \(name)
        datasets:
          continuous: \(continuous)
          shapes: \(shapes)
        split: leave-one-subject-out
        seed: 7
        bootstrapReplicates: 200
        entries:
          - name: shake
            recognizer: shake
            configuration: \(preset("shake"))
            dataset: continuous
            labels: [shake]
          - name: shake tuned
            recognizer: shake
            configuration: \(preset("shake"))
            dataset: continuous
            labels: [shake]
            search: {peakThreshold: [1.0, 1.5, 2.0]}
          - name: dtw shakes
            recognizer: dtw
            configuration: {signal: userAcceleration, selection: 2, minimumDuration: 0.3, maximumDuration: 1.5}
            dataset: continuous
            labels: [shake]
            search: {rejectionK: [0, 1, 3]}
          - name: flip
            recognizer: flip
            dataset: continuous
            labels: [flip]
          - name: dtw shapes
            recognizer: dtw
            configuration: {band: 0.1, rejectionK: null}
            dataset: shapes
        """
    }

    /// Writes `text` to a fresh temporary file named `name` and returns its path.
    static func write(_ text: String, name: String) -> String {
        let dir = TemporaryFolder.root.appendingPathComponent("gesturelab-exp-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try? Data(text.utf8).write(to: url, options: .atomic)
        return url.path
    }
}
