import Foundation
import GestureEval
import GestureTestSupport

extension UEAFixture {
    /// An experiment on the `tiny` split's files (``UEAFixture/tinySplit(in:trainingPairs:)``): `split:
    /// fixed:train:test`, accuracy, seed 1, 100 bootstrap replicates, and `entries` (YAML list items indented by
    /// two), written to `root/tiny.yaml` and read back as an experiment file is.
    static func experiment(in root: URL, train: URL, test: URL, entries: String) throws -> Experiment {
        let yaml = """
            name: tiny
            datasets:
              tiny: {train: ts:\(train.path), test: ts:\(test.path)}
            split: fixed:train:test
            metric: accuracy
            seed: 1
            bootstrapReplicates: 100
            entries:
            \(entries)
            """
        let file = root.appendingPathComponent("tiny.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try Experiment(contentsOf: file, trainers: .standard)
    }
}
