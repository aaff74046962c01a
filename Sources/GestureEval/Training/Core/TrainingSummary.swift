/// What training chose and learned for one model: the values a search chose and the model's own numbers, the
/// chosen candidate's operating point on the training recordings, the false-activation budget and whether it
/// was met, the per-class thresholds of stream calibration, and how the calibration was cross-fitted.
///
/// Reports and `results.json` show it as one flat object of numbers (``flattened``), the form every result
/// written so far holds: `threshold.<label>`, `trainingScore`, `budgetMet`, … (see ``init(flattened:)``).
public struct TrainingSummary: Hashable, Sendable {
    /// One class's threshold calibrated on the training recordings, with what it achieved there.
    public struct ClassThreshold: Hashable, Sendable {
        /// The threshold (the recognizer's own score scale; +∞: the class never fires).
        public var threshold: Double
        /// Event recall on the training recordings at ``threshold``.
        public var recall: Double
        /// False activations per hour of training background at ``threshold``.
        public var falsePerHour: Double

        /// A calibrated threshold and its operating point.
        public init(threshold: Double, recall: Double, falsePerHour: Double) {
            (self.threshold, self.recall, self.falsePerHour) = (threshold, recall, falsePerHour)
        }
    }

    /// How the chosen candidate scored on the training recordings (``ParameterSearch``).
    public struct OperatingPoint: Hashable, Sendable {
        /// The maximised metric (``TrainingObjective/maximize``).
        public var score: Double
        /// Event recall (continuous recordings only).
        public var recall: Double?
        /// False activations per hour of background (continuous recordings only).
        public var falsePerHour: Double?
        /// Whether the scores come from held-out (cross-fitted) detections rather than the model's own.
        public var heldOut: Bool

        /// An operating point; `recall` and `falsePerHour` only for continuous recordings.
        public init(score: Double, recall: Double? = nil, falsePerHour: Double? = nil, heldOut: Bool = false) {
            (self.score, self.recall, self.falsePerHour, self.heldOut) = (score, recall, falsePerHour, heldOut)
        }
    }

    /// The false-activation budget of the search (``TrainingObjective/maxFalsePerHour``).
    public struct Budget: Hashable, Sendable {
        /// At most this many false activations per hour of training background.
        public var maxFalsePerHour: Double
        /// Whether a candidate met it; when none did, the one with the fewest false activations was taken.
        public var met: Bool

        /// A budget and whether it was met.
        public init(maxFalsePerHour: Double, met: Bool) {
            (self.maxFalsePerHour, self.met) = (maxFalsePerHour, met)
        }
    }

    /// How stream calibration was cross-fitted (``CrossFitting``).
    public struct CrossFit: Hashable, Sendable {
        /// The share of subjects whose recordings were spotted by a model trained without them (DTW only).
        public var subjectShare: Double?
        /// Subject groups that got a held-out model.
        public var groups: Int
        /// Held-out trainings that failed (their subjects were spotted by the full model).
        public var failures: Int
        /// How many subjects got no held-out model, so that the full model scored their own training examples in
        /// calibration (too few examples of a class without them, one training subject, or a failed training).
        public var inSampleCount: Int
        /// Those subjects, sorted, when known (the flat form of `results.json` keeps only their count).
        public var inSample: [String]
        /// Whether a selection among candidates (the spotter's) compared them on such in-sample scores, none having a
        /// held-out one.
        public var selectedInSample = false

        /// A cross-fitting summary.
        public init(subjectShare: Double? = nil, groups: Int, failures: Int = 0, inSample: [String] = []) {
            (self.subjectShare, self.groups, self.failures) = (subjectShare, groups, failures)
            self.inSample = inSample
            inSampleCount = inSample.count
        }
    }

    /// The values the search chose (by configuration key) and the model's own numbers (`band`, `templates`,
    /// `examples`, `features`, `alpha`, `windows`, …). A chosen value wins over a model number of the same name.
    public var values: [String: Double]
    /// Per class label: the threshold stream calibration chose (DTW and MiniRocket streams).
    public var thresholds: [String: ClassThreshold]
    /// The chosen candidate on the training recordings, when a search or budget scored candidates.
    public var operatingPoint: OperatingPoint?
    /// The budget, when the objective has one.
    public var budget: Budget?
    /// Cross-fitting of stream calibration, when it ran.
    public var crossFit: CrossFit?

    /// A summary; empty by default (a configuration used as written).
    public init(values: [String: Double] = [:], thresholds: [String: ClassThreshold] = [:], operatingPoint: OperatingPoint? = nil,
                budget: Budget? = nil, crossFit: CrossFit? = nil) {
        self.values = values
        self.thresholds = thresholds
        self.operatingPoint = operatingPoint
        self.budget = budget
        self.crossFit = crossFit
    }

    /// `self` with `other`'s parts on top: its values and thresholds win by name, and each of its operating point,
    /// budget and cross-fitting that is set replaces this one's (a search's choice over the trained model's numbers).
    public func merging(_ other: TrainingSummary) -> TrainingSummary {
        TrainingSummary(values: values.merging(other.values) { $1 }, thresholds: thresholds.merging(other.thresholds) { $1 },
                        operatingPoint: other.operatingPoint ?? operatingPoint, budget: other.budget ?? budget,
                        crossFit: other.crossFit ?? crossFit)
    }
}
