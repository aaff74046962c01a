/// Why an experiment could not run: the entry, dataset and fold concerned and what went wrong.
public struct ExperimentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The entry's name, when one entry failed.
    public var entry: String?
    /// The dataset key, when one dataset is concerned.
    public var dataset: String?
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(entry: String? = nil, dataset: String? = nil, _ message: String) {
        self.entry = entry
        self.dataset = dataset
        self.message = message
    }

    /// `error` word for word: the entry it names and its message.
    public init(_ error: TrainingError) {
        self.init(entry: error.entry, error.message)
    }

    /// `entry 'NAME' on dataset 'KEY': message`.
    public var description: String {
        var location: [String] = []
        if let entry { location.append("entry '\(entry)'") }
        if let dataset { location.append("dataset '\(dataset)'") }
        return location.isEmpty ? message : location.joined(separator: " on ") + ": " + message
    }
}
