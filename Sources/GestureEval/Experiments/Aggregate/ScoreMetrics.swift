/// The numbers of a fold or a test subject besides the experiment's metric, typed by the kind of dataset: event
/// metrics on continuous recordings, classification metrics on segments.
///
/// Written to `results.json` as the flat object of numbers results have always held (`"details"`: `precision`,
/// `recall`, … or `accuracy`, `macroF1`, …), and read back from it.
public enum ScoreMetrics: Codable, Hashable, Sendable {
    /// Event detection on continuous recordings.
    case events(Events)
    /// Classification of segments.
    case segments(Segments)

    /// Event metrics of a fold or a subject.
    public struct Events: Hashable, Sendable {
        /// Precision (NaN without detections).
        public var precision: Double
        /// Recall (NaN without annotations).
        public var recall: Double
        /// F1.
        public var f1: Double
        /// Insertions per hour of background (NaN without background).
        public var falsePositivesPerHour: Double
        /// Background (time outside every judged annotation), hours.
        public var backgroundHours: Double
        /// Judged annotations.
        public var annotations: Int
        /// Detections (events of a counted phase).
        public var detections: Int
        /// Correct detections.
        public var truePositives: Int
        /// The errors by kind (a fold's; `nil` for a subject, whose score has never held them).
        public var errors: Errors?

        /// A fold's or subject's errors by kind.
        public struct Errors: Hashable, Sendable {
            /// Detections of no annotation.
            public var insertions: Int
            /// Annotations of no detection.
            public var deletions: Int
            /// Detections of another label.
            public var substitutions: Int
            /// Further detections of an annotation already detected.
            public var fragments: Int

            /// Creates the counts.
            package init(insertions: Int, deletions: Int, substitutions: Int, fragments: Int) {
                self.insertions = insertions
                self.deletions = deletions
                self.substitutions = substitutions
                self.fragments = fragments
            }
        }

        /// Creates event metrics.
        package init(precision: Double, recall: Double, f1: Double, falsePositivesPerHour: Double, backgroundHours: Double,
                    annotations: Int, detections: Int, truePositives: Int, errors: Errors? = nil) {
            self.precision = precision
            self.recall = recall
            self.f1 = f1
            self.falsePositivesPerHour = falsePositivesPerHour
            self.backgroundHours = backgroundHours
            self.annotations = annotations
            self.detections = detections
            self.truePositives = truePositives
            self.errors = errors
        }

        /// Fragments as a share of detections (NaN without detections; `nil` without ``errors``).
        public var fragmentShare: Double? {
            errors.map { detections == 0 ? .nan : Double($0.fragments) / Double(detections) }
        }
    }

    /// Classification metrics of a fold or a subject.
    public struct Segments: Hashable, Sendable {
        /// Accuracy.
        public var accuracy: Double
        /// Macro-averaged F1 over the labels.
        public var macroF1: Double
        /// Cohen's kappa (a fold's; `nil` for a subject).
        public var kappa: Double?
        /// Balanced accuracy (a fold's; `nil` for a subject).
        public var balancedAccuracy: Double?

        /// Creates classification metrics.
        package init(accuracy: Double, macroF1: Double, kappa: Double? = nil, balancedAccuracy: Double? = nil) {
            self.accuracy = accuracy
            self.macroF1 = macroF1
            self.kappa = kappa
            self.balancedAccuracy = balancedAccuracy
        }
    }

    /// The event metrics, or `nil` on segments.
    public var events: Events? {
        if case let .events(e) = self { e } else { nil }
    }

    /// The classification metrics, or `nil` on events.
    public var segments: Segments? {
        if case let .segments(s) = self { s } else { nil }
    }

    /// The metrics by their names in `results.json`.
    var named: [String: Double] {
        switch self {
        case let .events(e):
            var named = ["precision": e.precision, "recall": e.recall, "f1": e.f1, "falsePositivesPerHour": e.falsePositivesPerHour,
                         "backgroundHours": e.backgroundHours, "annotations": Double(e.annotations), "detections": Double(e.detections),
                         "truePositives": Double(e.truePositives)]
            if let errors = e.errors, let share = e.fragmentShare {
                named["insertions"] = Double(errors.insertions)
                named["deletions"] = Double(errors.deletions)
                named["substitutions"] = Double(errors.substitutions)
                named["fragments"] = Double(errors.fragments)
                named["fragmentShare"] = share
            }
            return named
        case let .segments(s):
            var named = ["accuracy": s.accuracy, "macroF1": s.macroF1]
            named["kappa"] = s.kappa
            named["balancedAccuracy"] = s.balancedAccuracy
            return named
        }
    }

    /// Writes ``named`` as one object: the bytes results have always held.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(named)
    }

    /// Reads the object ``encode(to:)`` writes: event metrics when it holds `precision`, else classification
    /// metrics.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let named = try container.decode([String: Double].self)
        func value(_ key: String) throws -> Double {
            guard let x = named[key] else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "score details without \"\(key)\"")
            }
            return x
        }
        func count(_ key: String) throws -> Int { Int(try value(key)) }
        if named["precision"] != nil {
            let errors = named["fragments"] == nil ? nil
                : Events.Errors(insertions: try count("insertions"), deletions: try count("deletions"),
                                substitutions: try count("substitutions"), fragments: try count("fragments"))
            self = .events(Events(precision: try value("precision"), recall: try value("recall"), f1: try value("f1"),
                                  falsePositivesPerHour: try value("falsePositivesPerHour"), backgroundHours: try value("backgroundHours"),
                                  annotations: try count("annotations"), detections: try count("detections"),
                                  truePositives: try count("truePositives"), errors: errors))
        } else {
            self = .segments(Segments(accuracy: try value("accuracy"), macroF1: try value("macroF1"),
                                      kappa: named["kappa"], balancedAccuracy: named["balancedAccuracy"]))
        }
    }
}
