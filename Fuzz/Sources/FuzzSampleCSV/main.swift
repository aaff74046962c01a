// Fuzzes the `csv:` source: SampleCSVFormat.load, which infers the columns from the header and the
// time unit and origin from the values; and the same file with the unit, origin and Android sign stated.
import Foundation
import FuzzSupport
import GestureData
import GestureEval

Fuzzer.run { input in
    let file = ScratchFolder.shared.write(input, to: "recording.csv")
    _ = try? DatasetSource("csv:" + file.path).load()
    _ = try? SampleCSVFormat.load(file, acceleration: .androidMetersPerSecondSquared, timeUnit: .ms, relativeTime: true)
}
