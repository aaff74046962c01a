// Fuzzes what `gesturelab detect` reads: a LineSource splitting the input into lines, each decoded by
// a SampleCSVStream (header first, then samples, non-finite values passed on), as for a file and as
// for standard input (the time unit inferred from the first step).
import Foundation
import FuzzSupport
import GestureData
import GestureEval

Fuzzer.run { input in
    let file = ScratchFolder.shared.write(input, to: "stream.csv")
    for stepsToInfer in [8, 1] {
        guard let handle = try? FileHandle(forReadingFrom: file) else {
            fatalError("fuzz harness: cannot open \(file.path)")
        }
        defer { try? handle.close() }
        var decoder = SampleCSVStream(acceptsNonFinite: true)
        decoder.stepsToInfer = stepsToInfer
        var source = LineSource(handle: handle, name: "<stdin>", decoder: decoder)
        do {
            while try source.next() != nil {}
        } catch {
            // A malformed line is reported as an error: expected.
        }
    }
}
