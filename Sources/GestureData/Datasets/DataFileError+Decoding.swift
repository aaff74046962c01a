import Yams

extension DataFileError {
    /// The failure to decode `file` (YAML or JSON), located as precisely as `error` allows: the key
    /// path (`entries[0].name`) as the field, and the line of a YAML syntax error.
    ///
    /// The one place that turns a `DecodingError` or Yams' `YamlError` into a located error, for
    /// manifests, experiments, configurations and synthesis specs alike.
    public init(file: String, decoding error: any Error) {
        if let located = error as? DataFileError {
            self = located
            return
        }
        if let yaml = error as? YamlError {
            self = Self(file: file, yaml: yaml)
            return
        }
        guard let error = error as? DecodingError else {
            self.init(file: file, "\(error)")
            return
        }
        func path(_ keys: [any CodingKey]) -> String? {
            let parts = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return parts.isEmpty ? nil : parts.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case let .keyNotFound(key, context):
            self.init(file: file, field: path(context.codingPath + [key]), "missing")
        case let .typeMismatch(type, context):
            self.init(file: file, field: path(context.codingPath), "expected \(type): \(context.debugDescription)")
        case let .valueNotFound(_, context), let .dataCorrupted(context):
            if let yaml = context.underlyingError as? YamlError {
                self = Self(file: file, yaml: yaml)
            } else {
                self.init(file: file, field: path(context.codingPath), context.debugDescription)
            }
        @unknown default:
            self.init(file: file, "\(error)")
        }
    }

    /// A YAML syntax error at its line.
    private init(file: String, yaml error: YamlError) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            self.init(file: file, line: mark.line, "invalid YAML: \(text)")
        default:
            let first = "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
            self.init(file: file, "invalid YAML: \(first)")
        }
    }
}
