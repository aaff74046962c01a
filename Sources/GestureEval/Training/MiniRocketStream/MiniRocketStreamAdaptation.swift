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
    package static let maxWindows = 600

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
    /// with the judged events when `labelled`, else read without annotations), by `fitter`'s window and calibration
    /// rules. O(see the type).
    package func adapt(_ model: MiniRocketModel, to recordings: [Recording], labelled: Bool, fitter: MiniRocketStreamFitter) throws -> MiniRocketModel {
        guard !recordings.isEmpty, model.stream != nil else { return model }
        var adapted = model
        let members = [model] + (model.ensemble ?? [])
        var refitted: [MiniRocketModel] = []
        for member in members {
            var m = member
            let windows = try Self.windows(of: member, recordings: recordings, labelled: labelled, fitter: fitter)
            guard !windows.labels.isEmpty else { refitted.append(m); continue }
            let f = member.transform.featureCount
            if !labelled, standardisationWeight > 0 {
                let (_, means, scales) = MiniRocketTrainer.standardised(windows.features, rows: windows.labels.count, columns: f)
                let w = standardisationWeight
                for j in 0..<f {
                    m.featureMeans[j] = (1 - w) * member.featureMeans[j] + w * means[j]
                    m.featureScales[j] = (1 - w) * member.featureScales[j] + w * scales[j]
                }
            }
            if labelled, let ridge, windows.labels.contains(where: { $0 != nil }) {
                m.weights = Self.residualRidge(m, features: windows.features, labels: windows.labels, ridge: ridge)
            }
            refitted.append(m)
        }
        adapted = refitted[0]
        adapted.ensemble = model.ensemble == nil ? nil : Array(refitted.dropFirst())
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

    /// The person's windows as `member` reads them: raw features (row-major, `labels.count` rows) and each window's
    /// class index in the member's labels (`nil`: background), windows neither positive nor negative left out; with
    /// `labelled` false every window, unlabelled (`nil`). At most ``maxWindows``: every positive, negatives evenly.
    static func windows(of member: MiniRocketModel, recordings: [Recording], labelled: Bool,
                        fitter: MiniRocketStreamFitter) throws -> (features: [Float], labels: [Int?]) {
        guard let stream = member.stream else { return ([], []) }
        let c = member.channels.count, rate = member.samplingRate
        let n = EventStage.lengths(samplingRate: rate, minimumDuration: stream.window, maximumDuration: stream.window, context: stream.context).maximum
        let hop = max(1, Int((stream.hop * rate).rounded()))
        var positives: [(DTWSeries, Int)] = [], negatives: [DTWSeries] = []
        for r in recordings {
            let series = try MiniRocketSpotter.series(channels: member.channels, samplingRate: rate, movingDeviation: stream.movingDeviation,
                                                      normalization: stream.normalization,
                                                      samples: DTWExamples.derivingChannels(member.channels, of: r).samples)
            let s = MiniRocketStreamFitter.Stream(series: series, subject: r.subject)
            for end in MiniRocketSpotter.windowEnds(runs: series.runs, windowLength: n, hopLength: hop) {
                let segment = try DTWSeries(interleaved: Array(series.values[((end - n + 1) * c)..<((end + 1) * c)]), dimensions: c)
                guard labelled else { negatives.append(segment); continue }
                switch fitter.label(of: fitter.span(s, end: end, length: n), in: r.annotations) {
                case .some(.some(let label)): if let k = member.labels.firstIndex(of: label) { positives.append((segment, k)) }
                case .some(.none): negatives.append(segment)
                case .none: break
                }
            }
        }
        let room = max(0, maxWindows - positives.count)
        let step = max(1, (negatives.count + room - 1) / max(1, room))
        let kept = stride(from: 0, to: negatives.count, by: step).map { negatives[$0] }.prefix(room)
        let series = positives.map(\.0) + kept
        guard !series.isEmpty else { return ([], []) }
        let features = try member.transform.transform(series, threads: Parallelism.threads)
        return (features, positives.map { Optional($0.1) } + kept.map { _ in nil })
    }

    /// `member`'s weights moved by the ridge on the residuals described above, over raw `features` of windows of class
    /// `labels` (`nil`: the background class, when the member has one). O(n²·F + n³ + n·F·classes).
    static func residualRidge(_ member: MiniRocketModel, features: [Float], labels: [Int?], ridge: Double) -> [Double] {
        let f = member.transform.featureCount, n = labels.count, classes = member.labels.count
        let background = member.stream.flatMap { s in member.labels.firstIndex(of: s.backgroundLabel) }
        var z = [Double](repeating: 0, count: n * f)
        for i in 0..<n { for j in 0..<f { z[i * f + j] = (Double(features[i * f + j]) - member.featureMeans[j]) / member.featureScales[j] } }
        var gram = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for k in 0...i {
                var s = 0.0
                for j in 0..<f { s += z[i * f + j] * z[k * f + j] }
                gram[i * n + k] = s
                gram[k * n + i] = s
            }
        }
        let meanNorm = (0..<n).reduce(0) { $0 + gram[$1 * n + $1] } / Double(n)
        for i in 0..<n { gram[i * n + i] += ridge * max(meanNorm, 1e-12) }
        guard let factor = cholesky(gram, n: n) else { return member.weights }
        var weights = member.weights
        for k in 0..<classes {
            // Residuals of class k's ±1 targets under the population weights.
            var r = [Double](repeating: 0, count: n)
            for i in 0..<n {
                let target = (labels[i] ?? background) == k ? 1.0 : -1.0
                var score = member.intercepts[k]
                for j in 0..<f { score += member.weights[k * f + j] * z[i * f + j] }
                r[i] = target - score
            }
            let dual = solve(factor, r, n: n)
            for i in 0..<n where dual[i] != 0 { for j in 0..<f { weights[k * f + j] += dual[i] * z[i * f + j] } }
        }
        return weights
    }

    /// The lower Cholesky factor of the symmetric positive definite `a` (n × n, row-major); `nil` when it is not. O(n³/6).
    static func cholesky(_ a: [Double], n: Int) -> [Double]? {
        var l = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in 0...i {
                var s = a[i * n + j]
                for k in 0..<j { s -= l[i * n + k] * l[j * n + k] }
                if i == j {
                    guard s > 0 else { return nil }
                    l[i * n + i] = s.squareRoot()
                } else {
                    l[i * n + j] = s / l[j * n + j]
                }
            }
        }
        return l
    }

    /// x with L·Lᵀ·x = b for the factor `l` of ``cholesky(_:n:)``. O(n²).
    static func solve(_ l: [Double], _ b: [Double], n: Int) -> [Double] {
        var y = b
        for i in 0..<n {
            for k in 0..<i { y[i] -= l[i * n + k] * y[k] }
            y[i] /= l[i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            for k in (i + 1)..<n { y[i] -= l[k * n + i] * y[k] }
            y[i] /= l[i * n + i]
        }
        return y
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
