import GestureKit
import GestureData

/// What a MiniRocket training step processes (the ``RecognizerTrainer/Workload`` of ``MiniRocketClassifierTrainer``
/// and ``MiniRocketStreamTrainer``), counted when an experiment is planned: the basis of its cost estimate.
package struct MiniRocketWorkload: Codable, Hashable, Sendable {
    /// The training series: segments, or the windows drawn from continuous recordings.
    package var examples: Int = 0
    /// The classes among them (with the background class of a stream).
    package var classes: Int = 0
    /// A series' mean length, samples.
    package var exampleLength: Double = 0
    /// The channels of each series.
    package var channels: Int = 0
    /// Features per series.
    package var features: Int = 0
    /// In streams: the transform's dilations (its channel work grows with them, ``MiniRocketCostModel/channelCells(channels:dilations:)``);
    /// 0: not counted.
    package var dilations: Int = 0
    /// In streams: the windows of the training recordings each calibration scores (one transform each).
    package var scoredWindows: Int = 0
    /// In streams: the share of a window's own transform that scoring it among the stream's windows costs
    /// (``MiniRocketCostModel/batchShare(length:hop:dilations:featuresPerDilation:)``); 1 when not counted.
    package var scoredShare: Double = 1
    /// In streams: windows scored per test sample (1 / (recording rate × hop)).
    package var windowsPerTestSample: Double = 0
    /// In streams with hard negatives: the windows the second pass adds to ``examples``, expected to be half of what
    /// it may add (a third of `maxWindows`, at most the negative windows not drawn): how many the cross-fitted false
    /// activations offer is known only once trained.
    package var hardNegatives: Int = 0
    /// In streams: whether a second pass retrains with ``hardNegatives``.
    package var retrainsWithHardNegatives: Bool = false
    /// In streams: the first-pass fits a search runs. Candidates that differ only in the refractory time or the
    /// false-activation budget share one (``MiniRocketStreamTrainingCache``); each still fits its own second pass.
    /// 1 without a search.
    package var fitShapes: Int = 1
    /// In streams: the extra trainings of cross-fitting, one per subject group (see ``CrossFitting``).
    package var crossFitTrainings: Int = 0
    /// In streams: the share of windows each cross-fitted training sees ((k − 1) / k).
    package var crossFitShare: Double = 0
    /// Whether the series are segments (else windows of continuous recordings).
    package var segments: Bool = false
    /// In streams: whether a model is fitted on all the windows besides the cross-fitted ones; a search's comparison
    /// whose recordings are all held out fits none (``MiniRocketStreamFitter/comparesOnly``).
    package var fitsAllWindows: Bool = true
}

extension MiniRocketWorkload {
    /// Counts what a `minirocket-stream` training processes: the windows it draws (positives overlapping each judged
    /// annotation, `negativesPerPositive` per positive, at most `maxWindows`), the windows each calibration scores,
    /// and the cross-fitted trainings. O(recordings + annotations).
    /// `nil` when the recordings have no sampling rate.
    init?(stream settings: MiniRocketStreamSettings, judged: [Recording]) {
        let rates = judged.compactMap(\.samplingRate)
        guard !rates.isEmpty else { return nil }
        let rate = settings.samplingRate ?? rates.reduce(0, +) / Double(rates.count)
        let duration = judged.reduce(0) { $0 + $1.duration }
        let annotations = judged.flatMap(\.annotations)
        // Positives: windows overlapping an annotation by half the shorter of the two, max(duration, window) / hop
        // each; negatives: windows keeping half a window away from every annotation, the time left once each
        // annotation is widened by a window on either side (long events leave few). In the recordings and in each
        // augmented copy of them; the draw takes negativesPerPositive per positive, at most maxWindows in all.
        let copies = Double(settings.augmentation.copies)
        let positives = (1 + copies) * annotations.reduce(0.0) { $0 + max($1.end - $1.start, settings.window) / settings.hop }
        let away = duration - annotations.reduce(0.0) { $0 + $1.end - $1.start + 2 * settings.window }
        let negatives = (1 + copies) * max(0, away) / settings.hop
        let drawnPositives = min(positives, Double(max(1, Int(Double(settings.maxWindows) / (1 + settings.negativesPerPositive)))))
        let drawnNegatives = min(settings.negativesPerPositive * drawnPositives, Double(settings.maxWindows) - drawnPositives, negatives)
        examples = min(settings.maxWindows, Int((drawnPositives + drawnNegatives).rounded(.up)))
        classes = Set(annotations.map(\.label)).count + 1
        exampleLength = (settings.window + 2 * settings.context) * rate
        channels = settings.channels?.count ?? 3
        features = MiniRocket.kernelCount * (settings.features / MiniRocket.kernelCount)
        let schedule = MiniRocket.dilationSchedule(length: Int(exampleLength.rounded()), featureCount: settings.features,
                                                   maxDilationsPerKernel: settings.maxDilationsPerKernel)
        dilations = schedule.dilations.count
        scoredShare = MiniRocketCostModel.batchShare(length: Int(exampleLength.rounded()), hop: max(1, Int((settings.hop * rate).rounded())),
                                                     dilations: schedule.dilations, featuresPerDilation: schedule.featuresPerDilation)
        scoredWindows = Int(duration / settings.hop)
        let testRate = rates.reduce(0, +) / Double(rates.count)
        windowsPerTestSample = 1 / (testRate * settings.hop)
        // Hard negatives: at most a third of maxWindows, from the negatives not drawn; how many of those the cross-fitted
        // false activations offer is known only once trained: half (SwimWatch_Turns' folds added 18–333 of 333). None
        // left: no second pass.
        hardNegatives = settings.hardNegatives ? Int(min(Double(settings.maxWindows / 3), max(0, negatives - drawnNegatives)) / 2) : 0
        retrainsWithHardNegatives = settings.hardNegatives && hardNegatives > 0
        let groups = CrossFitting.groups(of: judged.map(\.subject), count: settings.crossFitGroups)
        if groups.count > 1 {
            crossFitTrainings = groups.count
            crossFitShare = Double(groups.count - 1) / Double(groups.count)
        }
    }
}

extension MiniRocketWorkload {
    /// Counts what a `minirocket` training processes on judged segment recordings: the segments, their mean length,
    /// channels, classes and features.
    init(segments settings: MiniRocketTrainingSettings, judged: [Recording]) {
        let samples = judged.reduce(0) { $0 + $1.count }
        examples = judged.count
        exampleLength = judged.isEmpty ? 0 : Double(samples) / Double(judged.count)
        channels = settings.channels?.count ?? 3
        features = MiniRocket.kernelCount * (settings.features / MiniRocket.kernelCount)
        classes = Set(judged.compactMap { $0.annotations.first?.label }).count
        segments = true
    }
}
