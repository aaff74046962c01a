/// The flat form of a summary, the one `results.json` and shard part files have always held: one number per key.
///
/// | Part | Keys |
/// | --- | --- |
/// | ``TrainingSummary/values`` | their own names |
/// | ``TrainingSummary/thresholds`` | `threshold.<label>`, `trainingRecall.<label>`, `trainingFalsePerHour.<label>` |
/// | ``TrainingSummary/operatingPoint`` | `trainingScore`, `trainingRecall`, `trainingFalsePerHour`, `trainingHeldOut` (1, only when held out) |
/// | ``TrainingSummary/budget`` | `maxFalsePerHour`, `budgetMet` (1 or 0) |
/// | ``TrainingSummary/crossFit`` | `crossFitGroups`, `crossFitted` (the subject share), `crossFitFailures` and `crossFitInSample` (only when > 0), `crossFitSelectedInSample` (1, only when true) |
extension TrainingSummary: Codable {
    /// The flat keys every trainer may add that count something (augmented copies, cross-fitting groups): written as
    /// whole numbers wherever a summary is printed. A trainer's own counts (templates, windows) are its
    /// ``RecognizerTrainer/countKeys``.
    public static let countKeys: Set<String> = ["augmentedRecordings", "crossFitGroups", "crossFitFailures", "crossFitInSample"]

    /// Every part as flat keys; a value of the same name as a typed key wins (as a search's choice did).
    public var flattened: [String: Double] {
        var flat: [String: Double] = [:]
        for (label, c) in thresholds {
            flat["threshold.\(label)"] = c.threshold
            flat["trainingRecall.\(label)"] = c.recall
            flat["trainingFalsePerHour.\(label)"] = c.falsePerHour
        }
        if let p = operatingPoint {
            flat["trainingScore"] = p.score
            flat["trainingRecall"] = p.recall
            flat["trainingFalsePerHour"] = p.falsePerHour
            if p.heldOut { flat["trainingHeldOut"] = 1 }
        }
        if let b = budget {
            flat["maxFalsePerHour"] = b.maxFalsePerHour
            flat["budgetMet"] = b.met ? 1 : 0
        }
        if let c = crossFit {
            flat["crossFitGroups"] = Double(c.groups)
            flat["crossFitted"] = c.subjectShare
            if c.failures > 0 { flat["crossFitFailures"] = Double(c.failures) }
            if c.inSampleCount > 0 { flat["crossFitInSample"] = Double(c.inSampleCount) }
            if c.selectedInSample { flat["crossFitSelectedInSample"] = 1 }
        }
        return flat.merging(values) { $1 }
    }

    /// Reads the flat form. Keys take their typed part only in the form ``flattened`` writes (a class needs all
    /// three of its keys, `budgetMet` is 0 or 1, counts are whole); anything else stays in ``values`` as
    /// written, so `TrainingSummary(flattened: d).flattened == d` for every `d`.
    public init(flattened: [String: Double]) {
        var rest = flattened
        var thresholds: [String: ClassThreshold] = [:]
        let prefix = "threshold."
        for key in flattened.keys where key.hasPrefix(prefix) {
            let label = String(key.dropFirst(prefix.count))
            let keys = [key, "trainingRecall.\(label)", "trainingFalsePerHour.\(label)"]
            let numbers = keys.compactMap { flattened[$0] }
            guard numbers.count == 3 else { continue }
            thresholds[label] = ClassThreshold(threshold: numbers[0], recall: numbers[1], falsePerHour: numbers[2])
            for k in keys { rest[k] = nil }
        }
        var operatingPoint: OperatingPoint?
        if let score = rest.removeValue(forKey: "trainingScore") {
            let heldOut = rest["trainingHeldOut"] == 1
            if heldOut { rest["trainingHeldOut"] = nil }
            operatingPoint = OperatingPoint(score: score, recall: rest.removeValue(forKey: "trainingRecall"),
                                            falsePerHour: rest.removeValue(forKey: "trainingFalsePerHour"), heldOut: heldOut)
        }
        var budget: Budget?
        if let max = rest["maxFalsePerHour"], let met = rest["budgetMet"], met == 0 || met == 1 {
            budget = Budget(maxFalsePerHour: max, met: met == 1)
            (rest["maxFalsePerHour"], rest["budgetMet"]) = (nil, nil)
        }
        var crossFit: CrossFit?
        if let value = rest["crossFitGroups"], let groups = Int(exactly: value) {
            var fit = CrossFit(subjectShare: rest.removeValue(forKey: "crossFitted"), groups: groups)
            if let failed = rest["crossFitFailures"].flatMap({ Int(exactly: $0) }), failed > 0 {
                fit.failures = failed
                rest["crossFitFailures"] = nil
            }
            if let inSample = rest["crossFitInSample"].flatMap({ Int(exactly: $0) }), inSample > 0 {
                fit.inSampleCount = inSample
                rest["crossFitInSample"] = nil
            }
            if rest["crossFitSelectedInSample"] == 1 {
                fit.selectedInSample = true
                rest["crossFitSelectedInSample"] = nil
            }
            rest["crossFitGroups"] = nil
            crossFit = fit
        }
        self.init(values: rest, thresholds: thresholds, operatingPoint: operatingPoint, budget: budget, crossFit: crossFit)
    }

    /// Reads the flat form (``init(flattened:)``).
    public init(from decoder: any Decoder) throws {
        self.init(flattened: try [String: Double](from: decoder))
    }

    /// Writes the flat form (``flattened``): with sorted keys, the bytes of the dictionary it replaces.
    public func encode(to encoder: any Encoder) throws {
        try flattened.encode(to: encoder)
    }
}
