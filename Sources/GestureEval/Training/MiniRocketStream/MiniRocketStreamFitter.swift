import Foundation
import GestureKit
import GestureData

/// Trains a ``MiniRocketSpotter`` model on continuous recordings with the rules of ``MiniRocketStreamSettings``:
/// positive and negative windows, seeded subsampling, cross-fitted stream calibration of the thresholds, hard
/// negatives mined from the cross-fitted false activations, one retraining and a second calibration.
///
/// - Complexity: per model trained (the full one, which a comparison with every recording held out skips, and one per
///   subject group, twice with hard negatives), one MiniRocket
///   transform per training window, O(n²·F + n³) for the ridge on n windows; per calibration, one transform per
///   scored window of every training recording.
package struct MiniRocketStreamFitter: Sendable {
    /// The settings.
    package var settings: MiniRocketStreamSettings
    /// How detections are matched to annotations (the experiment's tolerances).
    package var matching: EventMatching
    /// Whether the training only compares settings (a search's candidate), read by its held-out detections: when every
    /// recording then has a held-out model, none is fitted on all the windows, and ``Result/model`` is the first group's
    /// held-out model (its classes and stream settings are read, not its weights). Detections and scores are those of a
    /// full training.
    package var comparesOnly = false

    /// A trainer with `settings` and `matching`.
    package init(settings: MiniRocketStreamSettings, matching: EventMatching = EventMatching()) {
        self.settings = settings
        self.matching = matching
    }

    /// What training produced: the model (thresholds calibrated), its summary, and per recording the cross-fitted
    /// detections at the chosen thresholds (what a search scores the settings by).
    package struct Result: Sendable {
        /// The model, with its stream section.
        package var model: MiniRocketModel
        /// Counts and the operating point per class.
        package var summary: TrainingSummary
        /// Per recording, the held-out detections.
        package var detections: [[GestureEvent]]
        /// Per recording, every window scored by its held-out model, scores in the order of the model's labels: what
        /// an ensemble averages (``ensemble(_:recordings:)``).
        package var heldOutWindows: [[MiniRocketSpotter.Window]]
        /// Per training subject, the held-out model that did not see it (thresholds not set): what a simulation of
        /// adaptation on the training subjects adapts (``MiniRocketStreamAdaptation``). Subjects scored in sample have none.
        package var heldOutModels: [String: MiniRocketModel] = [:]
    }

    /// One recording read at the model's rate: interleaved channel values, times and runs between gaps.
    struct Stream {
        var series: MiniRocketSpotter.Series
        var subject: String
        var values: [Double] { series.values }
        var times: [Double] { series.times }
    }

    /// A training window: recording, last sample, class.
    struct WindowRef: Hashable {
        var recording: Int
        var end: Int
        var label: String
    }

    /// Trains on judged continuous `recordings` (only their judged annotations). Throws naming what is missing.
    ///
    /// With a `cache` shared by the candidates of one search on the same recordings, a fit on the same windows under
    /// the same transform settings is reused (``MiniRocketStreamTrainingCache``); the result is the same as without.
    package func train(_ recordings: [Recording], cache: MiniRocketStreamTrainingCache? = nil) throws -> Result {
        guard let first = recordings.first(where: { $0.count >= 2 }) else { throw ConfigurationError(key: "recordings", "no training recording has two samples") }
        let channels = try settings.channels ?? DTWExamples.defaultChannels(first)
        let labels = Set(recordings.flatMap { $0.annotations.map(\.label) }).sorted()
        guard !labels.isEmpty else { throw ConfigurationError(key: "annotations", "the training recordings have no judged annotation") }
        guard !labels.contains(settings.backgroundLabel) else {
            throw ConfigurationError(key: "backgroundLabel", "'\(settings.backgroundLabel)' is also a gesture label; name the negatives' class otherwise")
        }
        guard let rate = settings.samplingRate ?? first.samplingRate else {
            throw ConfigurationError(key: "recordings", "the first training recording has no two samples at increasing times")
        }
        // The recordings as recorded, then their augmented copies (windows only: calibration reads the first ones).
        let copies = settings.augmentation.augmentedCopies(of: recordings)
        let pool = recordings + copies
        let prepared = cache?.prepared(channels: channels, augmentation: settings.augmentation) {
            pool.map { DTWExamples.derivingChannels(channels, of: $0) }
        } ?? pool.map { DTWExamples.derivingChannels(channels, of: $0) }
        let trainingStreams = try prepared.map { r in
            let series = try MiniRocketSpotter.series(channels: channels, samplingRate: rate, movingDeviation: settings.movingDeviation,
                                                      normalization: settings.normalization, samples: r.samples)
            return Stream(series: series, subject: r.subject)
        }
        let streams = Array(trainingStreams.prefix(recordings.count))
        let n = EventStage.lengths(samplingRate: rate, minimumDuration: settings.window, maximumDuration: settings.window,
                                   context: settings.context).maximum
        let hop = max(1, Int((settings.hop * rate).rounded()))
        var random = SplitMix64(seed: settings.seed)

        // Positives and negatives of every recording's window grid, then the seeded draw.
        var positives: [WindowRef] = [], negatives: [WindowRef] = []
        for (i, (s, r)) in zip(trainingStreams, pool).enumerated() {
            let gestures = r.annotations.map(\.span)
            for end in MiniRocketSpotter.windowEnds(runs: s.series.runs, windowLength: n, hopLength: hop) {
                switch label(of: span(s, end: end, length: n), among: gestures) {
                case .some(.some(let l)): positives.append(WindowRef(recording: i, end: end, label: l))
                case .some(.none): negatives.append(WindowRef(recording: i, end: end, label: settings.backgroundLabel))
                case .none: break
                }
            }
        }
        guard !positives.isEmpty else { throw ConfigurationError(key: "window", "no window of \(settings.window) s overlaps a judged annotation by half; shorten the window") }
        guard !negatives.isEmpty else { throw ConfigurationError(key: "window", "no window lies away from the annotations: the recordings hold no background to learn from") }
        let positiveCap = max(1, Int(Double(settings.maxWindows) / (1 + settings.negativesPerPositive)))
        let drawnPositives = Self.draw(positives, count: positiveCap, using: &random)
        let negativeCount = min(Int((settings.negativesPerPositive * Double(drawnPositives.count)).rounded()), settings.maxWindows - drawnPositives.count)
        var windows = drawnPositives + Self.draw(negatives, count: max(1, negativeCount), using: &random)

        var summary = TrainingSummary(values: ["positives": Double(drawnPositives.count), "positiveWindows": Double(positives.count),
                                               "negatives": Double(windows.count - drawnPositives.count), "negativeWindows": Double(negatives.count)])
        if !copies.isEmpty { summary.values["augmentedRecordings"] = Double(copies.count) }
        var (model, result) = try fitAndCalibrate(windows, training: trainingStreams, streams: streams, recordings: recordings, channels: channels,
                                                  rate: rate, summary: &summary, cache: cache)
        if settings.hardNegatives {
            // Windows of the cross-fitted false activations that are negatives by the rule: mined per recording, so a
            // held-out model retrained below learns only from other groups' mistakes.
            let ranges = StreamCalibration(objective: settings.objective, matching: matching).falseActivations(detections: result.detections, on: recordings)
            let drawn = Set(windows)
            var hard: [WindowRef] = []
            for (i, list) in ranges.enumerated() where !list.isEmpty {
                let s = streams[i], gestures = recordings[i].annotations.map(\.span)
                for end in MiniRocketSpotter.windowEnds(runs: s.series.runs, windowLength: n, hopLength: hop) {
                    let g = span(s, end: end, length: n)
                    guard list.contains(where: { $0.start <= g.end && g.start <= $0.end }),
                          case .some(.none) = label(of: g, among: gestures) else { continue }
                    let w = WindowRef(recording: i, end: end, label: settings.backgroundLabel)
                    if !drawn.contains(w) { hard.append(w) }
                }
            }
            let added = Self.draw(hard, count: settings.maxWindows / 3, using: &random)
            summary.values["hardNegatives"] = Double(added.count)
            summary.values["falseActivationsMined"] = Double(ranges.reduce(0) { $0 + $1.count })
            if !added.isEmpty {
                windows += added
                (model, result) = try fitAndCalibrate(windows, training: trainingStreams, streams: streams, recordings: recordings,
                                                      channels: channels, rate: rate, summary: &summary, cache: cache)
            }
        }
        result.model = model
        return result
    }

    /// The gesture span of the window ending at `end`: its times without the context
    /// (``GestureKit/MiniRocketSpotter/Series/gestureSpan(ofWindowEndingAt:length:context:)``).
    func span(_ s: Stream, end: Int, length n: Int) -> (start: Double, end: Double) {
        s.series.gestureSpan(ofWindowEndingAt: end, length: n, context: settings.context)
    }

    /// `nil`: neither positive nor negative; `.some(nil)`: a negative; `.some(label)`: a positive of that class.
    /// An annotation the matching ignores (a don't-care region, ``EventMatching/ignoredLabels``) makes no positive, and
    /// a window near it that is no positive of a judged annotation is neither positive nor negative.
    func label(of g: (start: Double, end: Double), in annotations: [Annotation]) -> String?? {
        label(of: g, among: annotations.map(\.span))
    }

    /// ``label(of:in:)`` of annotations already read as gestures: GestureKit's rule
    /// (``GestureKit/MiniRocketSpotter/windowLabel(of:among:window:ignores:)``), which adaptation reads too. O(gestures).
    func label(of g: (start: Double, end: Double), among gestures: [GestureSpan]) -> String?? {
        MiniRocketSpotter.windowLabel(of: g, among: gestures, window: settings.window, ignores: matching.ignores)
    }

    /// `count` elements of `items` drawn without replacement (a partial Fisher–Yates shuffle), in their original order;
    /// all of them when there are no more. O(items).
    static func draw<T>(_ items: [T], count: Int, using random: inout SplitMix64) -> [T] {
        guard count < items.count else { return items }
        var indices = Array(items.indices)
        for i in 0..<count { indices.swapAt(i, i + random.index(items.count - i)) }
        return indices[0..<count].sorted().map { items[$0] }
    }

    /// What a fit on one set of windows gives before any threshold: the model, its held-out models' counts, and every
    /// recording's candidates scored by its held-out model. Independent of the refractory time and the objective.
    struct Fit {
        /// The model fitted on all windows (its stream section from the settings it was fitted under).
        var model: MiniRocketModel
        /// Subject groups with a held-out model, groups without one, and subjects scored in sample.
        var groups: Int, failures: Int, inSample: [String]
        /// Per recording, run by run, the candidates of ``MiniRocketSpotter/candidates(windows:)``.
        var scored: [[[EventStage.Candidate]]]
        /// Per recording, the windows behind ``scored``, scores in the order of ``model``'s labels.
        var windows: [[MiniRocketSpotter.Window]]
        /// Per subject, its held-out model.
        var heldOutModels: [String: MiniRocketModel] = [:]
    }

    /// The model fitted on `windows` (of `training`: the recordings' streams, then their augmented copies'), its held-out
    /// models per subject group, and the calibration on their detections over the recordings' `streams`.
    func fitAndCalibrate(_ windows: [WindowRef], training: [Stream], streams: [Stream], recordings: [Recording], channels: [MotionChannel],
                         rate: Double, summary: inout TrainingSummary, cache: MiniRocketStreamTrainingCache?) throws -> (MiniRocketModel, Result) {
        var fitted = try cache?.fit(settings: settings, windows: windows) {
            try fit(windows, training: training, streams: streams, channels: channels, rate: rate)
        } ?? fit(windows, training: training, streams: streams, channels: channels, rate: rate)
        // A cached fit was made under another candidate's refractory time; only the event stage reads it.
        fitted.model.stream?.refractoryTime = settings.refractoryTime
        summary.values["windows"] = Double(windows.count)
        summary.values["features"] = Double(fitted.model.transform.featureCount)
        summary.values["alpha"] = fitted.model.alpha
        // A refit after hard-negative mining keeps the first fit's failures when it has none of its own.
        summary.crossFit = .init(groups: fitted.groups, failures: fitted.failures > 0 ? fitted.failures : summary.crossFit?.failures ?? 0,
                                 inSample: fitted.inSample)
        var (model, result) = try calibrate(fitted.model, scored: fitted.scored, windows: fitted.windows, recordings: recordings, summary: &summary)
        result.heldOutModels = fitted.heldOutModels
        return (model, result)
    }

    /// An ensemble of trained spotters (``GestureKit/MiniRocketModel/ensemble``): the first result's model with the
    /// others as members, its thresholds calibrated on the mean of the members' held-out window scores, by the rule
    /// that calibrates one model. The members must have been trained on the same `recordings`, with the same
    /// channels, rate, window, hop and context (their normalisation and class weights may differ); `self` is the
    /// first member's trainer (its objective, background class and refractory time count).
    ///
    /// - Complexity: O(windows × classes × members), then one calibration.
    package func ensemble(_ members: [Result], recordings: [Recording]) throws -> Result {
        guard let first = members.first, members.count >= 2 else {
            throw ConfigurationError(key: "ensemble", "an ensemble needs at least two trained members")
        }
        var model = first.model
        model.ensemble = members.dropFirst().map { r in
            var m = r.model
            m.stream?.thresholds = [:]
            (m.stages, m.selection) = ([], nil)
            return m
        }
        model.stream?.thresholds = [:]
        let spotter = try MiniRocketSpotter(configuration: model)
        let windows = try recordings.indices.map { i in try MiniRocketSpotter.averaged(members.map { $0.heldOutWindows[i] }) }
        var summary = first.summary
        summary.values["ensembleMembers"] = Double(members.count)
        summary.thresholds = [:]
        var result = try calibrate(model, scored: windows.map { spotter.candidates(windows: $0) }, windows: windows, recordings: recordings,
                                   summary: &summary).1
        // The first member's held-out models stand for the ensemble's in a simulation of adaptation.
        result.heldOutModels = first.heldOutModels
        return result
    }

    /// `model` with the thresholds that calibration chooses on its held-out candidates `scored` (per recording, run by
    /// run) and the detections at them.
    func calibrate(_ model: MiniRocketModel, scored: [[[EventStage.Candidate]]], windows: [[MiniRocketSpotter.Window]],
                   recordings: [Recording], summary: inout TrainingSummary) throws -> (MiniRocketModel, Result) {
        let calibration = StreamCalibration(objective: settings.objective, matching: matching)
        let gestureLabels = model.labels.filter { $0 != settings.backgroundLabel }
        let candidates = scored.map { Self.sweepable($0, model: model) }
        var choices = calibration.choose(candidates: candidates, recordings: recordings, labels: gestureLabels)
        var calibrated = model
        var thresholds: [String: Double] = [:]
        for choice in choices where choice.threshold > 0 {
            // No higher than the lowest score the chosen cost keeps: −log(exp(−s)) may miss s by a rounding.
            let keptScores = candidates.joined().filter { $0.label == choice.label && $0.score <= choice.threshold }.compactMap { $0.details["score"] }
            thresholds[choice.label] = min(Self.score(ofCost: choice.threshold), keptScores.min() ?? .infinity)
        }
        calibrated.stream?.thresholds = thresholds
        // What the spotter streams at these thresholds, by its own rule; the choices state those detections.
        let spotter = try MiniRocketSpotter(configuration: calibrated)
        let detections = scored.map { spotter.events(of: $0) }
        choices = calibration.restate(choices, detections: detections, recordings: recordings)
        for choice in choices {
            summary.thresholds[choice.label] = .init(threshold: thresholds[choice.label] ?? .infinity, recall: choice.recall,
                                                     falsePerHour: choice.falsePerHour)
        }
        return (calibrated, Result(model: calibrated, summary: summary, detections: detections, heldOutWindows: windows))
    }

    /// The fit behind ``fitAndCalibrate(_:training:streams:recordings:channels:rate:summary:cache:)``: the model on
    /// `windows`, one per subject group without it, and each recording's candidates by its held-out model.
    func fit(_ windows: [WindowRef], training: [Stream], streams: [Stream], channels: [MotionChannel], rate: Double) throws -> Fit {
        let c = channels.count
        let n = EventStage.lengths(samplingRate: rate, minimumDuration: settings.window, maximumDuration: settings.window,
                                   context: settings.context).maximum
        let examples = try windows.map { w in
            let s = training[w.recording]
            return DTWExample(label: w.label, series: try DTWSeries(interleaved: Array(s.values[((w.end - n + 1) * c)..<((w.end + 1) * c)]), dimensions: c))
        }
        let subjects = windows.map { training[$0.recording].subject }
        let stream = MiniRocketModel.Stream(window: settings.window, hop: settings.hop, context: settings.context,
                                            refractoryTime: settings.refractoryTime, backgroundLabel: settings.backgroundLabel,
                                            movingDeviation: settings.movingDeviation, normalization: settings.normalization)
        let trainer = MiniRocketTrainer(featureCount: settings.features, maxDilationsPerKernel: settings.maxDilationsPerKernel,
                                        seed: settings.seed, lengthPolicy: .asRecorded, balancedClassWeights: settings.balancedClassWeights)
        func fit(_ examples: [DTWExample]) throws -> MiniRocketModel {
            var m = try trainer.train(examples.map(\.series), labels: examples.map(\.label), channels: channels, samplingRate: rate)
            m.stream = stream
            return m
        }
        let groups = CrossFitting.heldOutGroups(of: streams.map(\.subject), count: settings.crossFitGroups, exampleSubjects: subjects,
                                                labels: examples.map(\.label), minimumExamples: DTWExamples.crossFittingMinimumExamples)
        var groupOf: [String: Int] = [:]
        for (g, members) in groups.enumerated() { for s in members { groupOf[s] = g } }
        let heldOut = CrossFitting.heldOutModels(groups: groups, examples: examples, labels: examples.map(\.label), subjects: subjects,
                                                 minimumExamples: DTWExamples.crossFittingMinimumExamples) { others, _ in try fit(others) }
        try CrossFitting.require(strict: settings.strictCrossFitting, inSample: heldOut.inSample)
        // A held-out model has every class (each group's training keeps them all), so a comparison whose recordings are
        // all held out needs no model of all the windows: it would score nothing.
        let allHeldOut = streams.allSatisfy { s in groupOf[s.subject].flatMap { heldOut.byGroup[$0] } != nil }
        let stand = comparesOnly && allHeldOut ? heldOut.byGroup.min { $0.key < $1.key }?.value : nil
        let model = try stand ?? fit(examples)
        // Windows of each recording scored by its held-out model; the thresholds come later, per candidate setting.
        let spotter = try MiniRocketSpotter(configuration: model)
        var windows: [[MiniRocketSpotter.Window]] = []
        var heldOutModels: [String: MiniRocketModel] = [:]
        for s in streams {
            let own = groupOf[s.subject].flatMap { heldOut.byGroup[$0] }
            if let own { heldOutModels[s.subject] = own }
            windows.append(try Self.heldOutWindows(MiniRocketSpotter(configuration: own ?? model), stream: s, classesOf: model))
        }
        return Fit(model: model, groups: heldOut.byGroup.count, failures: heldOut.failures, inSample: heldOut.inSample,
                   scored: windows.map { spotter.candidates(windows: $0) }, windows: windows, heldOutModels: heldOutModels)
    }

    /// The calibration's cost of a score: positive and decreasing, so that the lower cost is the better candidate
    /// and a threshold of 0 keeps nothing, as for DTW distances.
    static func cost(ofScore score: Double) -> Double { exp(-score) }
    /// The inverse of ``cost(ofScore:)``.
    static func score(ofCost cost: Double) -> Double { -log(cost) }

    /// Every window the spotter scores on `stream`, its scores in the order of `model`'s labels (a cross-fitted
    /// spotter's classes are the same, but say so by name; a class it lacks scores −∞, so it is never a window's class).
    ///
    /// - Complexity: one transform per window.
    static func heldOutWindows(_ spotter: MiniRocketSpotter, stream s: Stream, classesOf model: MiniRocketModel) throws -> [MiniRocketSpotter.Window] {
        let windows = try spotter.windowScores(s.series, threads: Parallelism.threads)
        guard spotter.configuration.labels != model.labels else { return windows }
        let index = model.labels.map { spotter.configuration.labels.firstIndex(of: $0) }
        return windows.map { w in
            var w = w
            w.scores = index.map { $0.map { w.scores[$0] } ?? -.infinity }
            return w
        }
    }

    /// The candidates a threshold sweep reads: the stage's rule without thresholds, run by run, as events whose
    /// `score` is the cost ``cost(ofScore:)`` (lower is better) and `details["score"]` the class score, in time order. A class's candidates scoring at
    /// least τ are then what the spotter keeps of it at τ. O(W log W).
    static func sweepable(_ runs: [[EventStage.Candidate]], model: MiniRocketModel) -> [GestureEvent] {
        let context = model.stream?.context ?? 0, refractory = model.stream?.refractoryTime ?? 0
        return runs.flatMap { run in
            EventStage.suppress(run, refractoryTime: refractory).map { c in
                let g = EventStage.gesture(from: c.start, to: c.end, context: context)
                return GestureEvent(label: model.labels[c.source], phase: .ended, start: g.start, end: g.end, time: c.end,
                                    score: cost(ofScore: c.measure), details: ["score": c.measure])
            }
        }
    }
}
