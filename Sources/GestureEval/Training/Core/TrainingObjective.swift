/// What training maximises inside each fold (a parameter search, `gesturelab train`): a metric, optionally
/// subject to a false-activation budget.
///
/// ```yaml
/// objective: {maximize: recall, maxFalsePerHour: 5}   # recall, at most 5 false activations per hour of background
/// objective: {maximize: f1}                           # the same as no objective with metric: f1
/// maxFalsePerHour: 5                                  # shorthand for the first line
/// ```
/// `maximize` defaults to `recall` when a budget is given (to the experiment's `metric` otherwise).
/// False activations are detections that intersect no judged annotation (``EventCounts/insertions``),
/// per hour of background (``EventEvaluation/background(of:)``) of the training recordings, so a budget
/// needs continuous recordings.
public struct TrainingObjective: Codable, Hashable, Sendable {
    /// The metric maximised.
    public var maximize: TrainingMetric
    /// At most this many false activations per hour of background on the training recordings; `nil`: no budget.
    public var maxFalsePerHour: Double?

    /// Creates an objective.
    public init(maximize: TrainingMetric, maxFalsePerHour: Double? = nil) {
        self.maximize = maximize
        self.maxFalsePerHour = maxFalsePerHour
    }

    private enum Keys: String, CodingKey { case maximize, maxFalsePerHour }

    /// Decodes `{maximize, maxFalsePerHour}`; a budget must be a finite number ≥ 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        maxFalsePerHour = try c.decodeIfPresent(Double.self, forKey: .maxFalsePerHour)
        if let budget = maxFalsePerHour, !(budget.isFinite && budget >= 0) {
            throw DecodingError.dataCorruptedError(forKey: .maxFalsePerHour, in: c, debugDescription: "must be a finite number ≥ 0 of false activations per hour, got \(budget)")
        }
        maximize = try c.decodeIfPresent(TrainingMetric.self, forKey: .maximize) ?? (maxFalsePerHour == nil ? .f1 : .recall)
    }

    /// The objective of an experiment or entry map: `objective: {…}`, or its shorthand `maxFalsePerHour: N`
    /// (recall within N false activations per hour); both at once is an error. `nil` when neither is there.
    static func decode<K: CodingKey>(from c: KeyedDecodingContainer<K>, objective: K, budget: K) throws -> TrainingObjective? {
        let full = try c.decodeIfPresent(TrainingObjective.self, forKey: objective)
        guard let value = try c.decodeIfPresent(Double.self, forKey: budget) else { return full }
        guard full == nil else {
            throw DecodingError.dataCorruptedError(forKey: budget, in: c, debugDescription: "give either objective or maxFalsePerHour, not both")
        }
        guard value.isFinite, value >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: budget, in: c, debugDescription: "must be a finite number ≥ 0 of false activations per hour, got \(value)")
        }
        return TrainingObjective(maximize: .recall, maxFalsePerHour: value)
    }

    /// Encodes both keys (the budget when there is one).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(maximize, forKey: .maximize)
        try c.encodeIfPresent(maxFalsePerHour, forKey: .maxFalsePerHour)
    }

    /// A candidate's result on the training recordings.
    public struct OperatingPoint: Hashable, Sendable {
        /// The maximised metric (NaN when undefined).
        public var score: Double
        /// Event recall (NaN for segments or without annotations).
        public var recall: Double
        /// False activations per hour of background (NaN for segments; +∞ with detections but no background).
        public var falsePerHour: Double

        /// Creates an operating point.
        public init(score: Double, recall: Double = .nan, falsePerHour: Double = .nan) {
            self.score = score
            self.recall = recall
            self.falsePerHour = falsePerHour
        }
    }

    /// The index of the chosen candidate and whether it meets the budget (always, without one).
    ///
    /// Without a budget: the best finite score (ties and all-undefined: the first). With one: the best score
    /// among the candidates within the budget (ties, or no finite score among them: the first within it);
    /// when none is within it, the candidate with the fewest false activations per hour (ties: the better
    /// score, then the first). O(candidates).
    public func choose(_ points: [OperatingPoint]) -> (index: Int, meetsBudget: Bool) {
        precondition(!points.isEmpty, "at least one candidate")
        func best(_ indices: [Int]) -> Int? {
            var best: Int?
            for i in indices where points[i].score.isFinite && (best == nil || points[i].score > points[best!].score) { best = i }
            return best
        }
        guard let budget = maxFalsePerHour else { return (best(Array(points.indices)) ?? 0, true) }
        let within = points.indices.filter { points[$0].falsePerHour <= budget }
        if let first = within.first { return (best(within) ?? first, true) }
        let fewest = points.indices.min { a, b in
            let (pa, pb) = (points[a], points[b])
            if pa.falsePerHour != pb.falsePerHour { return pa.falsePerHour < pb.falsePerHour }
            let (sa, sb) = (pa.score.isFinite ? pa.score : -.infinity, pb.score.isFinite ? pb.score : -.infinity)
            return sa != sb ? sa > sb : a < b
        }!
        return (fewest, false)
    }
}
