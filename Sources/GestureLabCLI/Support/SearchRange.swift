import ArgumentParser
import GestureEval

/// `KEY=FROM:TO:STEP` or `KEY=V1,V2,…`: a parameter range on the command line.
struct SearchRange: ExpressibleByArgument {
    var key: String
    var range: Experiment.ParameterRange

    init?(argument: String) {
        guard let eq = argument.firstIndex(of: "=") else { return nil }
        key = String(argument[..<eq])
        let spec = argument[argument.index(after: eq)...]
        if spec.contains(":") {
            let parts = spec.split(separator: ":").compactMap { Double($0) }
            guard parts.count == 3, let values = try? Experiment.ParameterRange.grid(from: parts[0], to: parts[1], step: parts[2]) else { return nil }
            range = .init(values: values)
        } else {
            let values = spec.split(separator: ",").compactMap { Double($0) }
            guard !values.isEmpty, values.count == spec.split(separator: ",").count else { return nil }
            range = .init(values: values)
        }
        guard !key.isEmpty else { return nil }
    }
}
