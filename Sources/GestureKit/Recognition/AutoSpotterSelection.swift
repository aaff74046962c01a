/// How a spotter's settings were chosen when its trainer chose them (the `spotter` entry of GestureEval): what the
/// training annotations said, every candidate compared and its cross-fitted score, and which one won. The model it
/// travels with (``MiniRocketModel/selection``, ``DTWModel/selection``) runs its own settings and never reads it in
/// detection; adapting the model to a person reads ``adaptation``.
package struct AutoSpotterSelection: Codable, Sendable, Equatable {
    /// One compared setting of the spotter.
    package struct Candidate: Codable, Sendable, Equatable {
        /// The round of the search that compared it (1: context and rate, each with the magnitudes as read and
        /// normalised; 2: channels; 3: class weights; 4: the best so far with the other normalisation choice;
        /// 5: the best so far in an ensemble with its twins, ``members``; 6: DTW templates, ``recognizer`` `dtw`).
        package var round: Int
        /// The recognizer it trains: `nil` for the window classifier (`minirocket-stream`), `dtw` for templates.
        package var recognizer: String?
        /// The channels, in order.
        package var channels: [MotionChannel]
        /// Gesture span per window, seconds (templates: the median duration of the training gestures).
        package var window: Double
        /// Seconds between windows (templates: 0, matched at every sample).
        package var hop: Double
        /// Seconds of context either side.
        package var context: Double
        /// Seconds between events at least.
        package var refractoryTime: Double
        /// The model's rate, Hz.
        package var samplingRate: Double
        /// Whether the ridge weighed the classes alike (templates: `false`).
        package var balancedClassWeights: Bool
        /// The time constant of the per-recording normalisation, seconds (``MiniRocketModel/Stream/normalization``);
        /// `nil`: none.
        package var normalization: Double?
        /// Templates: the moving-standard-deviation window, seconds (``DTWModel/movingDeviation``); `nil`: raw values.
        package var movingDeviation: Double?
        /// The maximised metric on held-out (cross-fitted) detections of the training recordings; `nil` when it
        /// is undefined or the candidate failed.
        package var score: Double?
        /// Event recall there.
        package var recall: Double?
        /// False activations per hour of training background there.
        package var falsePerHour: Double?
        /// Why the candidate could not be trained, if it could not.
        package var failure: String?
        /// For an ensemble (round 5), the candidates whose scores it averages, as indices into
        /// ``AutoSpotterSelection/candidates``, the first being the one whose settings are shown; `nil` otherwise.
        package var members: [Int]?
        /// The training subjects whose detections no held-out model gave, so that ``score`` rests partly on their own
        /// examples (cross-fitting failed: too few examples of a class without them); `nil` when every one was held out.
        /// Such a score never beats a held-out one.
        package var inSample: [String]?

        /// A candidate; see the properties.
        package init(round: Int, recognizer: String? = nil, channels: [MotionChannel], window: Double, hop: Double, context: Double,
                     refractoryTime: Double, samplingRate: Double, balancedClassWeights: Bool, normalization: Double? = nil,
                     movingDeviation: Double? = nil, score: Double? = nil, recall: Double? = nil, falsePerHour: Double? = nil,
                     failure: String? = nil, members: [Int]? = nil, inSample: [String]? = nil) {
            (self.round, self.recognizer, self.channels, self.window, self.hop, self.context) = (round, recognizer, channels, window, hop, context)
            (self.refractoryTime, self.samplingRate, self.balancedClassWeights) = (refractoryTime, samplingRate, balancedClassWeights)
            (self.normalization, self.movingDeviation, self.members) = (normalization, movingDeviation, members)
            (self.score, self.recall, self.falsePerHour, self.failure, self.inSample) = (score, recall, falsePerHour, failure, inSample)
        }
    }

    /// What the training annotations and recordings said, by name (seconds, Hz, counts).
    package var evidence: [String: Double]
    /// The candidates in the order compared.
    package var candidates: [Candidate]
    /// The index of the chosen candidate in ``candidates``.
    package var chosen: Int
    /// How strongly the model adapts to a person, when it was trained to (an experiment entry with `adaptation:`): the
    /// weights and ridge penalty training chose or the entry forced, by name (`adaptThresholdWeight`, `adaptRidge`,
    /// `adaptStandardisationWeight`); `nil` otherwise. Read by adaptation, never by detection.
    package var adaptation: [String: Double]?

    /// A selection; see the properties.
    package init(evidence: [String: Double], candidates: [Candidate], chosen: Int) {
        (self.evidence, self.candidates, self.chosen) = (evidence, candidates, chosen)
    }
}
