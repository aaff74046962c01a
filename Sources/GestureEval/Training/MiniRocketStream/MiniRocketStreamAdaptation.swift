import Foundation
import GestureKit
import GestureData

/// How a `minirocket-stream` model (``GestureKit/MiniRocketModel``, an ensemble's members each) adapts to one person,
/// in closed form, shrunk toward the population model that training on other people gave:
///
/// - **Ridge on the residuals** (labelled): each class's weights move to `w = w₀ + Δ`, Δ minimising
///   ‖ZΔ − (y − Zw₀ − b)‖² + λ‖Δ‖² over the person's windows `Z` (standardised features, labelled by the training
///   rule: positives overlap an event by half, negatives lie away from every event), targets y = ±1 per class — the
///   minimiser of ‖Zw + b − y‖² + λ‖w − w₀‖². Solved in its dual, Δ = Zᵀ(ZZᵀ + λI)⁻¹r; λ = ``ridge`` × the mean
///   squared norm of a window's features, so ``ridge`` reads the same whatever the feature count.
/// - **Threshold** (labelled): each class's threshold calibrated on the person's calibration stretch by the training
///   rule (``StreamCalibration``), then shrunk toward the population threshold: t = (1 − ``thresholdWeight``)·t₀ +
///   ``thresholdWeight``·t_person (score units). A class without events in the stretch keeps t₀.
/// - **Standardisation** (unlabelled): each feature's mean and scale re-estimated on the person's windows and shrunk
///   toward the training statistics by ``standardisationWeight``.
///
/// The ridge and the standardisation are GestureKit's (``GestureKit/MiniRocketModel/adapted(to:strength:)``, what an app
/// adapts with on the device): the same windows, labels and arithmetic; the threshold, which needs the calibration, is
/// added here.
///
/// - Complexity: one MiniRocket transform per window of the person's recordings and member; O(n²·F + n³) for the ridge
///   on n ≤ ``maxWindows`` windows of F features; one calibration over the stretch.
package struct MiniRocketStreamAdaptation: Hashable, Sendable {
    /// Weight of the person's own threshold against the population's, 0…1 (0: the population's).
    package var thresholdWeight: Double
    /// The residual ridge's penalty relative to a window's mean squared feature norm (> 0); `nil`: the weights stay.
    package var ridge: Double?
    /// Weight of the person's feature statistics against the training ones, 0…1 (0: the training ones).
    package var standardisationWeight: Double

    /// At most this many of the person's windows are read (positives first, negatives drawn evenly).
    package static let maxWindows = MiniRocketModel.maxAdaptationWindows

    /// The adaptation that changes nothing.
    package static let none = MiniRocketStreamAdaptation(thresholdWeight: 0, ridge: nil, standardisationWeight: 0)

    /// An adaptation; see the properties.
    package init(thresholdWeight: Double, ridge: Double?, standardisationWeight: Double) {
        (self.thresholdWeight, self.ridge, self.standardisationWeight) = (thresholdWeight, ridge, standardisationWeight)
    }

    /// The strengths the nested choice compares under `adaptation` (``AutoSpotterTrainer``), ``none`` first so that it
    /// wins ties: labelled, every threshold weight of {0, ½, 1} with and without the residual ridge (ρ = 1);
    /// unlabelled, standardisation weights {0, ½, 1}.
    package static func candidates(for adaptation: Experiment.Adaptation) -> [MiniRocketStreamAdaptation] {
        if adaptation.labelledEvents == nil {
            return [0, 0.5, 1].map { MiniRocketStreamAdaptation(thresholdWeight: 0, ridge: nil, standardisationWeight: $0) }
        }
        return [nil, 1.0].flatMap { ridge in [0, 0.5, 1].map { MiniRocketStreamAdaptation(thresholdWeight: $0, ridge: ridge, standardisationWeight: 0) } }
    }

    /// The strengths an entry forces (``Experiment/Adaptation/strength``): a ridge of 0 is none.
    package init(_ forced: Experiment.Adaptation.Strength) {
        self.init(thresholdWeight: forced.threshold, ridge: forced.ridge > 0 ? forced.ridge : nil, standardisationWeight: forced.standardisation)
    }

    /// The strengths a model adapts with when training chose none (a model file trained without `adaptation:`, or a
    /// training fold of one person, whom no simulation can set apart from a new one), fixed before any data: half the
    /// person's threshold, the residual ridge at ρ = 1, half the person's statistics.
    package static let unchosen = MiniRocketStreamAdaptation(thresholdWeight: 0.5, ridge: 1, standardisationWeight: 0.5)

    /// `model` adapted to the person whose recordings are `recordings` (staged as training stages them; annotated
    /// with the judged events when `labelled`, else read without annotations): GestureKit's ridge when `labelled`, its
    /// standardisation when not, with `fitter`'s don't-care labels, then the threshold by `fitter`'s calibration rule.
    /// O(see the type).
    package func adapt(_ model: MiniRocketModel, to recordings: [Recording], labelled: Bool, fitter: MiniRocketStreamFitter) throws -> MiniRocketModel {
        guard !recordings.isEmpty, model.stream != nil else { return model }
        var adapted = try model.adapted(streams: Self.streams(recordings, channels: model.channels), ridge: labelled ? ridge : nil,
                                        standardisationWeight: labelled ? 0 : standardisationWeight, ignores: fitter.matching.ignores,
                                        threads: Parallelism.threads)
        guard labelled, thresholdWeight > 0, let population = model.stream?.thresholds else { return adapted }
        // The person's thresholds on the stretch, by the training rule, with the adapted scores.
        let spotter = try MiniRocketSpotter(configuration: adapted)
        let scored = try recordings.map { r in
            spotter.candidates(windows: try spotter.windowScores(DTWExamples.derivingChannels(model.channels, of: r).samples))
        }
        var summary = TrainingSummary(values: [:])
        let person = try fitter.calibrate(adapted, scored: scored, windows: [], recordings: recordings, summary: &summary).0
        var thresholds = population
        for (label, t0) in population {
            guard let mine = person.stream?.thresholds[label], mine.isFinite,
                  recordings.contains(where: { $0.annotations.contains { $0.label == label } }) else { continue }
            thresholds[label] = (1 - thresholdWeight) * t0 + thresholdWeight * mine
        }
        adapted.stream?.thresholds = thresholds
        return adapted
    }

    /// `recordings` as GestureKit's adaptation reads them: the samples with the channels training derives
    /// (``DTWExamples/derivingChannels(_:of:)``) and the annotations as gestures. O(samples × channels).
    static func streams(_ recordings: [Recording], channels: [MotionChannel]) -> [(samples: [MotionSample], gestures: [GestureSpan])] {
        recordings.map { r in (Array(DTWExamples.derivingChannels(channels, of: r).samples), r.annotations.map(\.span)) }
    }

    /// The person's windows as `member` reads them, by the training rule with `fitter`'s don't-care labels
    /// (``GestureKit/MiniRocketModel/adaptationWindows(of:streams:labelled:ignores:threads:)``): raw features and each
    /// window's class index (`nil`: background), at most ``maxWindows``.
    static func windows(of member: MiniRocketModel, recordings: [Recording], labelled: Bool,
                        fitter: MiniRocketStreamFitter) throws -> (features: [Float], labels: [Int?]) {
        try MiniRocketModel.adaptationWindows(of: member, streams: streams(recordings, channels: member.channels), labelled: labelled,
                                              ignores: fitter.matching.ignores, threads: Parallelism.threads)
    }

    /// `member`'s weights moved by GestureKit's ridge on the residuals (``GestureKit/MiniRocketModel/residualRidge(_:features:labels:ridge:)``).
    /// O(n²·F + n³ + n·F·classes).
    static func residualRidge(_ member: MiniRocketModel, features: [Float], labels: [Int?], ridge: Double) -> [Double] {
        MiniRocketModel.residualRidge(member, features: features, labels: labels, ridge: ridge)
    }

    /// The strengths as a summary's values (`adaptThresholdWeight`, `adaptRidge` (0: none), `adaptStandardisationWeight`).
    package var summaryValues: [String: Double] {
        ["adaptThresholdWeight": thresholdWeight, "adaptRidge": ridge ?? 0, "adaptStandardisationWeight": standardisationWeight]
    }

    /// The strengths a summary records (``summaryValues``); `nil` when it records none.
    package init?(summary: TrainingSummary) {
        guard let t = summary.values["adaptThresholdWeight"], let r = summary.values["adaptRidge"],
              let s = summary.values["adaptStandardisationWeight"] else { return nil }
        self.init(thresholdWeight: t, ridge: r > 0 ? r : nil, standardisationWeight: s)
    }
}
