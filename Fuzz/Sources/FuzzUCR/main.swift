// Fuzzes UCRArchive.parse (UCR archive TSV, source `ucr:`) with both padding policies, and the
// segment dataset a `ucr:` source then builds from the series.
import Foundation
import FuzzSupport
import GestureData
import GestureEval

Fuzzer.run { input in
    let text = String(decoding: input, as: UTF8.self)
    for padding in [UCRArchive.Padding.trim, .keep] {
        guard let series = try? UCRArchive.parse(text, file: "fuzz.tsv", padding: padding) else { continue }
        _ = Dataset(name: "fuzz", segments: series, samplingRate: 100)
    }
}
