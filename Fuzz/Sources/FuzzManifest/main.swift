// Fuzzes DatasetManifest(yaml:file:): a dataset folder's dataset.yaml, parsed and checked (format,
// axis convention, time mapping, channels, labels, streams, file patterns).
import Foundation
import FuzzSupport
import GestureData
import GestureEval

Fuzzer.run { input in
    _ = try? DatasetManifest(yaml: String(decoding: input, as: UTF8.self), file: "dataset.yaml")
}
