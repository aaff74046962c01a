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
            let key = context.codingPath.last { $0.intValue == nil }?.stringValue
            self.init(file: file, field: path(context.codingPath),
                      .typeMismatch(expected: Self.form(of: type, key: key), detail: Self.plain(context.debugDescription)))
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

    /// The form a value of `type` takes in YAML, in words with an example for `key` where one is known
    /// (`a list, e.g. files: [{pattern: "{subject}/{session}.csv"}]`), never a Swift type's name.
    static func form(of type: Any.Type, key: String?) -> String {
        let name = "\(type)"
        let lists: [String: String] = [
            "files": #"files: [{pattern: "{subject}/{session}.csv"}] (or lines "- {pattern: …}" under files:)"#,
            "channels": "channels: [{name: accel.x, column: ax, scale: 0.001}]",
            "recordings": #"recordings: [{id: r1, subject: s1, session: "1", file: recordings/r1.csv}]"#,
            "streams": #"streams: [{name: accelerometer, channels: [{name: accel.x, column: x}]}]"#,
            "classes": "classes: [shake, flip]", "background": #"background: ["0"]"#, "ignore": #"ignore: ["-1"]"#,
            "valid": "valid: [-8, 8]",
        ]
        let mappings: [String: String] = [
            "time": "time: {column: timestamp, unit: ms}", "table": #"table: {delimiter: ",", header: true}"#,
            "source": #"source: {path: data, files: [{pattern: "{subject}/{session}.csv"}]}"#,
            "labels": #"labels: {column: label, background: [""]}"#, "align": "align: {rate: 50}",
            "units": "units: {time: s, acceleration: g, rotationRate: rad/s, angle: rad}", "names": #"names: {"5": turn}"#,
        ]
        if name.hasPrefix("Array") {
            return "a list, e.g. " + (key.flatMap { lists[$0] } ?? "\(key ?? "key"): [a, b]")
        }
        if name.hasPrefix("Dictionary") {
            return "a mapping of keys, e.g. " + (key.flatMap { mappings[$0] } ?? "\(key ?? "key"): {name: value}")
        }
        switch name {
        case "Double", "Float": return "a number, e.g. \(key ?? "key"): 0.5"
        case "Int": return "a whole number, e.g. \(key ?? "key"): 10"
        case "Bool": return "true or false, e.g. \(key ?? "key"): true"
        case "String": return "text, e.g. \(key ?? "key"): 'text'"
        default:
            // A manifest type decoded from a mapping.
            return "a mapping of keys, e.g. " + (key.flatMap { mappings[$0] ?? lists[$0] } ?? "\(key ?? "key"): {…}")
        }
    }

    /// A decoder's explanation without Swift type names (`Array<Any>`, `Dictionary<String, Any>`, `Node.scalar`).
    static func plain(_ text: String) -> String {
        var text = text
        for (swift, words) in [("Dictionary<String, Any>", "a mapping"), ("Array<Any>", "a list"), ("Node.scalar", "a single value"),
                               ("Node.mapping", "a mapping"), ("Node.sequence", "a list"), ("Double", "a number"), ("String", "text")] {
            text = text.replacingOccurrences(of: swift, with: words)
        }
        return text
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
