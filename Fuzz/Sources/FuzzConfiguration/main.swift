// Fuzzes tuned configurations: ConfigurationFile.read on a YAML file and the JSON document it reads
// for a `.json` name, each handed to every registered recognizer; and ConfigurationValue(yaml:file:)
// with the JSON and YAML it writes back.
import Foundation
import FuzzSupport
import GestureData
import GestureEval
import GestureKit

let registry = RecognizerRegistry.standard

Fuzzer.run { input in
    var documents: [any ConfigurationDecoding] = [JSONConfiguration(data: input)]
    if let yaml = try? ConfigurationFile.read(ScratchFolder.shared.write(input, to: "config.yaml")) {
        documents.append(yaml)
    }
    for document in documents {
        for identifier in registry.identifiers {
            _ = try? registry.makeRecognizer(identifier, configuration: document)
        }
    }
    if let value = try? ConfigurationValue(yaml: String(decoding: input, as: UTF8.self), file: "config.yaml") {
        _ = value.json
        _ = value.yaml
    }
}
