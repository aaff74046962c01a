// Fuzzes UEAArchive.parse (UEA / sktime `.ts`, source `ts:`) and the segment dataset a `ts:` source
// then builds from the series.
import Foundation
import FuzzSupport
import GestureData
import GestureEval

Fuzzer.run { input in
    guard let series = try? UEAArchive.parse(String(decoding: input, as: UTF8.self), file: "fuzz.ts") else { return }
    _ = Dataset(name: "fuzz", segments: series, samplingRate: 100)
}
