extension ExperimentWarning: CustomStringConvertible {
    /// The warning as `results.json` and the reports show it.
    public var description: String {
        switch self {
        case let .budgetNotMet(entry, dataset, fold, budget, trainingFalsePerHour):
            "entry '\(entry)' on \(dataset), fold \(fold): no candidate met the budget of \(ExperimentReport.fmt(budget)) false activations per hour "
                + "on the training recordings; took the one with the fewest (\(ExperimentReport.fmt(trainingFalsePerHour)) per hour)"
        case let .crossFitFailed(entry, dataset, fold, failed):
            "entry '\(entry)' on \(dataset), fold \(fold): \(failed) cross-fitted training\(failed == 1 ? "" : "s") failed; "
                + "the full model spotted those subjects' recordings in calibration, so its thresholds saw their own examples"
        case let .calibratedInSample(entry, dataset, fold, count, subjects):
            "entry '\(entry)' on \(dataset), fold \(fold): calibration scored \(count) subject\(count == 1 ? "" : "s")"
                + (subjects.isEmpty ? "" : " (\(subjects.joined(separator: ", ")))")
                + " in-sample: no model held them out (too few examples of a class without them, or one training subject), "
                + "so their thresholds saw their own examples; set strictCrossFitting: true to refuse"
        case let .selectedInSample(entry, dataset, fold):
            "entry '\(entry)' on \(dataset), fold \(fold): its settings were chosen on in-sample scores (no candidate could be "
                + "cross-fitted), which favour whatever remembers its own examples; its training score is not a held-out estimate"
        case let .foldAssignment(dataset, warning): "\(dataset): \(warning)"
        case let .labelMismatch(entry, dataset, substitutions, eventLabels, annotationLabels):
            Self.labelMismatch(entry: entry, dataset: dataset, substitutions: substitutions, eventLabels: eventLabels,
                               annotationLabels: annotationLabels)
        case let .deprecation(_, line): line
        case let .rankUnitsLeftOut(group, shared, dropped):
            "group '\(group)': ranked over the \(shared) units every entry has; left out \(dropped.count) "
                + "that only some have (\(dropped.prefix(5).joined(separator: ", "))\(dropped.count > 5 ? ", …" : ""))"
        case let .noRankComparison(group, reason):
            "group '\(group)': no rank comparison: " + {
                switch reason {
                case let .tooFewUnits(units): "it needs at least 2 folds or datasets, the entries share \(units)"
                case let .undefinedMetric(metric): "some fold has an undefined \(metric)"
                case let .failed(error): error
                }
            }()
        case let .fewIntervalUnits(dataset, units):
            "\(dataset): every interval resamples its \(units), so it rests on \(Self.spelled(units.count)) "
                + "value\(units.count == 1 ? "" : "s"): read it as the range of \(units.count == 1 ? "that one" : "those \(units.count)"), "
                + "not as the spread of new \(units.kind == .subjects ? "people" : units.kind.rawValue)"
        case let .tunedOnTheseFolds(entry):
            "entry '\(entry)': its settings were chosen after scoring on these folds (the experiment file says so), so its "
                + "figure shows how well it fits them, not how it does on new people; a nested estimate makes every choice "
                + "inside the training folds (recognizer: spotter, or search:)"
        case let .adapted(entry, adaptation):
            "entry '\(entry)' adapts to each test subject before it is scored: \(adaptation)"
                + (adaptation.contains("transductive") ? "; the subject's own test recordings shape the model that detects on them" : "")
        case let .calibrationExcluded(entries, events):
            "entries \(entries.map { "'\($0)'" }.joined(separator: ", ")) are judged without each test subject's calibration stretch "
                + "(from the start of the subject's first recording to the end of the \(Self.ordinal(events)) annotated event of each judged "
                + "label): neither judged nor background hours, for all of them alike"
        case let .calibrationShort(entry, dataset, fold, subject, events, counts):
            "entry '\(entry)' on \(dataset), fold \(fold): subject \(subject) has fewer than \(events) events of "
                + counts.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ") + "; its calibration stretch holds all of them"
        case let .worded(text): text
        }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, … (`11th`–`13th`).
    private static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    /// Small counts as words ("two"), larger ones as digits.
    private static func spelled(_ n: Int) -> String {
        let words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
        return words.indices.contains(n) ? words[n] : String(n)
    }

    /// The label-mismatch warning, naming up to 8 labels of each kind and suggesting a label map that groups the
    /// annotation labels by their common prefix.
    private static func labelMismatch(entry: String, dataset: String, substitutions: Int, eventLabels: [String],
                                      annotationLabels: [String]) -> String {
        let prefix = annotationLabels.dropFirst().reduce(annotationLabels.first ?? "") { p, l in String(zip(p, l).prefix { $0 == $1 }.map(\.0)) }
        func list(_ sorted: [String]) -> String {
            sorted.prefix(8).joined(separator: ", ") + (sorted.count > 8 ? ", … (\(sorted.count) labels)" : "")
        }
        return "entry '\(entry)' on \(dataset): no event label ever equals a judged annotation label, although \(substitutions) annotations were matched by an event of another label; event labels: \(list(eventLabels)); annotation labels: \(list(annotationLabels)). Group annotation labels with labelMap (e.g. labelMap: {\"\(prefix)*\": \(eventLabels.first ?? "")}) or judge other labels"
    }
}
