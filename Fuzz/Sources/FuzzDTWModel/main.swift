// Fuzzes DTW model JSON as `gesturelab detect --config model.json` reads it: DTWModelFile.read(from:),
// the deprecation notes for older versions, and the registry making the DTW recognizer from the document.
import Foundation
import FuzzSupport
import GestureData
import GestureEval
import GestureKit

Fuzzer.run { input in
    let file = ScratchFolder.shared.write(input, to: "model.json")
    _ = try? DTWModelFile.read(from: file)
    _ = DTWModelFile.deprecations(in: input, file: file.path)
    _ = try? RecognizerRegistry.standard.makeRecognizer(DTWTemplateMatcher.identifier, configuration: JSONConfiguration(data: input))
}
