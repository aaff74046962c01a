// Fuzzes the raw uWave library layout (source `uwave:`): one `U<user> (<day>)/<prefix><gesture>-<repetition>.txt`
// file of whitespace-separated x y z rows, read by DatasetReader with the built-in uWave manifest.
import Foundation
import FuzzSupport
import GestureData
import GestureEval

Parallelism.threads = 1
let layout = DatasetLayout(name: "uWave", yaml: ExternalManifests.yaml(folder: "uWave"), files: ["U1 (1)/A_Template_Acceleration1-1.txt"])

Fuzzer.run { input in
    layout.load(input)
}
