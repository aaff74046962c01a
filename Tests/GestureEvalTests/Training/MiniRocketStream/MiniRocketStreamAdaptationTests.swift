import Foundation
import GestureData
@testable import GestureEval
import GestureKit
import Testing

/// The closed-form levers of a `minirocket-stream` model meeting a person (``MiniRocketStreamAdaptation``).
@Suite struct MiniRocketStreamAdaptationTests {
    /// A person whose waves are a third as strong as the training subjects' (MiniRocketStreamFitterTests' recordings).
    static let weak: Recording = {
        var r = MiniRocketStreamFitterTests.recording("weak", subject: "weak", seed: 11)
        let x = r.column(.accelX)!
        r.setColumn(.accelX, zip(r.timestamps, x).map { t, v in r.annotations.contains { t >= $0.start && t <= $0.end } ? v / 3 : v })
        return r
    }()

    static let trained: MiniRocketStreamFitter.Result = {
        try! MiniRocketStreamFitter(settings: MiniRocketStreamFitterTests.settings(), matching: EventMatching()).train(MiniRocketStreamFitterTests.training)
    }()

    /// Δ = w − w₀ minimises ‖ZΔ − r‖² + λ‖Δ‖²: (ZᵀZ + λI)Δ = Zᵀr for every class, r the ±1 targets' residuals.
    @Test func theResidualRidgeSolvesItsNormalEquations() throws {
        let model = try MiniRocketStreamTrainer.syntheticModel(stream: BenchmarkStream.samples(seconds: 20, rate: 100, seed: 1), channels: MotionChannel.acceleration,
                                                               rate: 25, window: 1, context: 0.25, hop: 0.25, features: 168, maxDilations: 8, seed: 1)
        let f = model.transform.featureCount, n = 12
        var random = SplitMix64(seed: 3)
        let features = (0..<(n * f)).map { _ in Float(0.5 + 0.3 * random.gaussian()) }
        let labels: [Int?] = (0..<n).map { $0 % 3 == 0 ? 1 : nil }
        let ridge = 0.7
        let weights = MiniRocketStreamAdaptation.residualRidge(model, features: features, labels: labels, ridge: ridge)
        let z = (0..<n).map { i in (0..<f).map { j in (Double(features[i * f + j]) - model.featureMeans[j]) / model.featureScales[j] } }
        let lambda = ridge * z.map { $0.reduce(0) { $0 + $1 * $1 } }.reduce(0, +) / Double(n)
        for k in 0..<model.labels.count {
            let w0 = Array(model.weights[(k * f)..<((k + 1) * f)]), w = Array(weights[(k * f)..<((k + 1) * f)])
            let delta = zip(w, w0).map { $0 - $1 }
            #expect(delta.contains { $0 != 0 }, "class \(k) moves")
            let residual = (0..<n).map { i in
                ((labels[i] ?? 0) == k ? 1.0 : -1.0) - model.intercepts[k] - zip(w0, z[i]).reduce(0) { $0 + $1.0 * $1.1 }
            }
            let fitted = (0..<n).map { i in zip(delta, z[i]).reduce(0) { $0 + $1.0 * $1.1 } }
            for j in stride(from: 0, to: f, by: 17) {
                let lhs = (0..<n).reduce(0) { $0 + z[$1][j] * fitted[$1] } + lambda * delta[j]
                let rhs = (0..<n).reduce(0) { $0 + z[$1][j] * residual[$1] }
                #expect(abs(lhs - rhs) <= 1e-8 * max(1, abs(rhs)), "class \(k), feature \(j): \(lhs) vs \(rhs)")
            }
        }
    }

    @Test func noAdaptationChangesNothing() throws {
        let model = Self.trained.model
        let person = PersonCalibration.of("weak", in: [Self.weak], adaptation: .labelled(events: 3), ignored: { _ in false })
        let fitter = MiniRocketStreamFitter(settings: try MiniRocketStreamFitterTests.settings(), matching: EventMatching())
        #expect(try MiniRocketStreamAdaptation.none.adapt(model, to: person.recordings, labelled: true, fitter: fitter) == model)
        #expect(try MiniRocketStreamAdaptation.none.adapt(model, to: [Self.weak], labelled: false, fitter: fitter) == model)
    }

    /// Three labelled waves of the weak person: the refit moves the gesture scores of the person's own windows toward
    /// their targets, and the re-calibrated threshold sits where the person's waves score.
    @Test func aWeakPersonsThreeWavesMoveTheWeightsAndTheThreshold() throws {
        let model = Self.trained.model
        let person = PersonCalibration.of("weak", in: [Self.weak], adaptation: .labelled(events: 3), ignored: { _ in false })
        #expect(person.recordings.count == 1 && person.recordings[0].annotations.count == 3)
        let fitter = MiniRocketStreamFitter(settings: try MiniRocketStreamFitterTests.settings(), matching: EventMatching())
        let refit = try MiniRocketStreamAdaptation(thresholdWeight: 0, ridge: 1, standardisationWeight: 0)
            .adapt(model, to: person.recordings, labelled: true, fitter: fitter)
        #expect(refit.stream?.thresholds == model.stream?.thresholds)
        let windows = try MiniRocketStreamAdaptation.windows(of: model, recordings: person.recordings, labelled: true, fitter: fitter)
        let gesture = try #require(model.labels.firstIndex(of: "wave"))
        func squaredResidual(_ m: MiniRocketModel) -> Double {
            let f = m.transform.featureCount
            return windows.labels.indices.reduce(0) { sum, i in
                var score = m.intercepts[gesture]
                for j in 0..<f { score += m.weights[gesture * f + j] * (Double(windows.features[i * f + j]) - m.featureMeans[j]) / m.featureScales[j] }
                let target = windows.labels[i] == gesture ? 1.0 : -1.0
                return sum + (target - score) * (target - score)
            }
        }
        #expect(windows.labels.contains(gesture) && windows.labels.contains(nil))
        #expect(squaredResidual(refit) < 0.9 * squaredResidual(model), "\(squaredResidual(refit)) vs \(squaredResidual(model))")
        // The threshold alone, the person's own: it differs from the population's and is a score the person's waves reach.
        let recalibrated = try MiniRocketStreamAdaptation(thresholdWeight: 1, ridge: nil, standardisationWeight: 0)
            .adapt(model, to: person.recordings, labelled: true, fitter: fitter)
        #expect(recalibrated.weights == model.weights)
        let t = try #require(recalibrated.stream?.thresholds["wave"]), t0 = try #require(model.stream?.thresholds["wave"])
        #expect(t != t0)
        let half = try MiniRocketStreamAdaptation(thresholdWeight: 0.5, ridge: nil, standardisationWeight: 0)
            .adapt(model, to: person.recordings, labelled: true, fitter: fitter)
        #expect(abs(try #require(half.stream?.thresholds["wave"]) - (t + t0) / 2) < 1e-12)
    }

    /// Unlabelled: the feature statistics move halfway to the person's, the weights and thresholds stay.
    @Test func unlabelledDataReestimateTheStandardisation() throws {
        let model = Self.trained.model
        let fitter = MiniRocketStreamFitter(settings: try MiniRocketStreamFitterTests.settings(), matching: EventMatching())
        let adapted = try MiniRocketStreamAdaptation(thresholdWeight: 1, ridge: 1, standardisationWeight: 0.5)
            .adapt(model, to: [Self.weak], labelled: false, fitter: fitter)
        #expect(adapted.weights == model.weights && adapted.stream == model.stream)
        let windows = try MiniRocketStreamAdaptation.windows(of: model, recordings: [Self.weak], labelled: false, fitter: fitter)
        let (_, means, _) = MiniRocketTrainer.standardised(windows.features, rows: windows.labels.count, columns: model.transform.featureCount)
        for j in stride(from: 0, to: means.count, by: 31) {
            #expect(abs(adapted.featureMeans[j] - (model.featureMeans[j] + means[j]) / 2) < 1e-9)
        }
    }
}
