// Fuzzes Experiment(yaml:file:): an experiment file, parsed and validated (datasets, entries,
// configurations, search grids, metric settings, split).
import Foundation
import FuzzSupport
import GestureData
import GestureEval

Fuzzer.run { input in
    _ = try? Experiment(yaml: String(decoding: input, as: UTF8.self), file: "experiment.yaml", trainers: .standard)
}
