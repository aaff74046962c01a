/// What a training step processes, counted when the plan is made: the basis of its estimated cost.
public struct TrainingWorkload: Codable, Hashable, Sendable {
    /// Samples in the fold's training recordings.
    public var trainingSamples: Int
    /// The identifier of the trainer whose estimate applies (``RecognizerTrainer/estimatedSeconds(of:searched:testing:model:)``);
    /// `nil`: a rule-based recognizer's.
    public var trainer: String? = nil
    /// DTW: the examples templates are learned from (judged annotations or segments); 0 for rule-based recognizers.
    public var examples: Int = 0
    /// DTW: the classes among ``examples``.
    public var classes: Int = 0
    /// DTW: mean example length, samples.
    public var exampleLength: Double = 0
    /// DTW: the template sets a search trains (candidates that differ only in rejection, refractory time or
    /// spotting durations share one, see ``DTWTrainingCache``); 1 without a search.
    public var templateShapes: Int = 1
    /// DTW: the mean template length, samples, averaged over the searched `context` values (templates hold
    /// the gesture and its context on both sides); ``exampleLength`` when context is not searched.
    public var searchedExampleLength: Double = 0
    /// DTW with stream calibration: whether background templates are mined (a second calibration pass).
    public var backgroundMining: Bool = false
    /// DTW: the channels compared in each cell.
    public var channels: Int = 0
    /// DTW: the templates the model will hold (classes for medoids, k per class, or every example).
    public var templates: Int = 0
    /// DTW: the warping window as a fraction of the length (a learned band counts as 10 %).
    public var band: Double = 1
    /// DTW: the cells (``GestureKit/DTW/cells(_:_:)``, one channel each) of template selection's pairwise distances
    /// within each class, counted from the examples' own lengths at ``band``: a pair of long examples of different
    /// lengths pays for its length difference too, so this grows with the lengths squared (0: not counted, the
    /// estimate then takes ``exampleLength``).
    public var selectionCells: Double = 0
    /// DTW: the cells (one channel each) of calibration's distances from each example to its class's templates,
    /// counted from the lengths like ``selectionCells`` (0: not counted).
    public var calibrationCells: Double = 0
    /// DTW: the bands tried by leave-one-out (0 when the band is fixed).
    public var bandCandidates: Int = 0
    /// DTW with stream calibration: the extra template trainings of cross-fitting, one per subject group (see
    /// ``CrossFitting``).
    public var crossFitTrainings: Int = 0
    /// DTW with stream calibration: the share of examples each cross-fitted training sees ((k − 1) / k).
    public var crossFitShare: Double = 0
    /// DTW: whether units classify segments (else they spot in continuous recordings).
    public var segments: Bool = false
    /// MiniRocket: features per series (0 for other recognizers); ``examples``, ``exampleLength`` and ``channels``
    /// count its training segments.
    public var rocketFeatures: Int = 0
    /// MiniRocket in streams: the windows of the training recordings that each calibration scores (one
    /// transform each; ``examples`` counts the drawn training windows, ``exampleLength`` a window's samples).
    public var rocketScoredWindows: Int = 0
    /// MiniRocket in streams: windows scored per test sample (1 / (recording rate × hop)).
    public var rocketWindowsPerTestSample: Double = 0
    /// MiniRocket in streams with hard negatives: the windows the second pass adds to ``examples``, expected to be
    /// half of what it may add (a third of `maxWindows`, at most the negative windows not drawn): how many the
    /// cross-fitted false activations offer is known only once trained.
    public var rocketHardNegatives: Int = 0

    /// What the units testing a step's model process.
    public struct Testing: Hashable, Sendable {
        /// Judged samples of their test recordings.
        public var samples: Double
        /// Their test recordings.
        public var recordings: Double
        /// The units.
        public var units: Double

        /// The load of `units`, `recordings` and `samples`.
        public init(samples: Double, recordings: Double, units: Double) {
            self.samples = samples
            self.recordings = recordings
            self.units = units
        }
    }

    /// A workload of `trainingSamples` and nothing else counted (a rule-based recognizer's).
    public init(trainingSamples: Int) { self.trainingSamples = trainingSamples }
}
