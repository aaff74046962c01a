// Fuzzes the `grt:` source: GRTFile.read(contentsOf:) on a Gesture Recognition Toolkit file, then the
// dataset built from it (segments from time-series data, one continuous recording from classification rows).
import Foundation
import FuzzSupport
import GestureData
import GestureEval

Fuzzer.run { input in
    let file = ScratchFolder.shared.write(input, to: "fuzz.grt")
    _ = try? DatasetSource("grt:" + file.path).load()
}
