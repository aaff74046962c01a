import Foundation
import GestureEval
import GestureTestSupport

extension Experiment {
    /// The experiment file at `path` (relative to the package root, such as `configs/experiments/budget.yaml`),
    /// parsed and validated as `gesturelab compare` does.
    static func shipped(_ path: String) throws -> Experiment {
        let text = try String(contentsOf: SharedData.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let spec = try Experiment(yaml: text, file: path, trainers: .standard)
        try spec.validate(file: path, trainers: .standard)
        return spec
    }
}
