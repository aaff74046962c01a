import GestureKit
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
            self.init(file: file, .other("\(error)"))
            return
        }
        func path(_ keys: [any CodingKey]) -> String? {
            let parts = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return parts.isEmpty ? nil : parts.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case let .keyNotFound(key, context):
            self.init(file: file, field: path(context.codingPath + [key]), .missingKey)
        case let .typeMismatch(type, context):
            self.init(file: file, field: path(context.codingPath), .typeMismatch(expected: "\(type)", detail: context.debugDescription))
        case let .valueNotFound(_, context), let .dataCorrupted(context):
            if let yaml = context.underlyingError as? YamlError {
                self = Self(file: file, yaml: yaml)
            } else if let reason = (context.underlyingError as? DataFileError)?.reason {
                // A value type that checks its own value (a manifest keyword) says what is wrong.
                self.init(file: file, field: path(context.codingPath), reason)
            } else {
                self.init(file: file, field: path(context.codingPath), .invalidValue(context.debugDescription))
            }
        @unknown default:
            self.init(file: file, .other("\(error)"))
        }
    }

    /// A YAML syntax error at its line.
    private init(file: String, yaml error: YamlError) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            self.init(file: file, line: mark.line, .invalidYAML(text))
        default:
            let first = "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
            self.init(file: file, .invalidYAML(first))
        }
    }

    /// The error a GestureKit ``GestureKit/ConfigurationError`` from strict decoding stands for at
    /// `line` of `file`: an unknown key with its suggestion, else the error's own words.
    init(file: String, line: Int?, configuration error: ConfigurationError) {
        self.init(file: file, line: line, field: error.key, Reason(strictDecoding: error.message))
    }
}

extension DataFileError.Reason {
    /// The reason a message of ``GestureKit/StrictDecoder`` states, which GestureKit gives only in
    /// words: ``unknownKey(suggestion:expected:)`` when the words are exactly that case's, else ``other(_:)``.
    init(strictDecoding message: String) {
        let prefix = "unknown key; "
        var reason = Self.other(message)
        if message.hasPrefix(prefix) {
            let rest = message.dropFirst(prefix.count)
            if rest.hasPrefix("did you mean '"), rest.hasSuffix("'?") {
                reason = .unknownKey(suggestion: String(rest.dropFirst("did you mean '".count).dropLast(2)), expected: [])
            } else if rest == "nothing is expected here" {
                reason = .unknownKey(suggestion: nil, expected: [])
            } else if rest.hasPrefix("expected one of ") {
                let keys = rest.dropFirst("expected one of ".count).components(separatedBy: ", ")
                reason = .unknownKey(suggestion: nil, expected: keys)
            }
        }
        // Only a reason that words the message exactly as GestureKit did.
        self = reason.message == message ? reason : .other(message)
    }
}
