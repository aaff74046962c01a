import Foundation
import GestureData
@testable import GestureEval
import GestureKit
import Testing

/// What ships is what was scored: an app adapting a model from samples and gestures in memory
/// (``GestureKit/MiniRocketModel/adapted(to:strength:)``) gets the weights and statistics the experiment's adaptation
/// (``MiniRocketStreamAdaptation``) gives on the same person, which adds only its re-calibrated threshold.
@Suite struct MiniRocketStreamAdaptationGestureKitTests {
    /// A recording as an app holds it: its samples and its annotations as gestures.
    static func inMemory(_ r: Recording) -> (samples: [MotionSample], gestures: [GestureSpan]) {
        (Array(r.samples), r.annotations.map { GestureSpan(label: $0.label, start: $0.start, end: $0.end) })
    }

    static let fitter = MiniRocketStreamFitter(settings: try! MiniRocketStreamFitterTests.settings(), matching: EventMatching())

    @Test func threeLabelledWavesAdaptAsTheExperimentAdaptsThem() throws {
        let model = MiniRocketStreamAdaptationTests.trained.model
        let person = PersonCalibration.of("weak", in: [MiniRocketStreamAdaptationTests.weak], adaptation: .labelled(events: 3), ignored: { _ in false })
        let scored = try MiniRocketStreamAdaptation(thresholdWeight: 0, ridge: 1, standardisationWeight: 0)
            .adapt(model, to: person.recordings, labelled: true, fitter: Self.fitter)
        let app = try model.adapted(to: person.recordings.map(Self.inMemory), strength: .init(ridge: 1))
        #expect(app.weights != model.weights)
        #expect(app.weights == scored.weights && app.featureMeans == scored.featureMeans && app.featureScales == scored.featureScales)
        #expect(app == scored)
        // The experiment's threshold lever comes on top of the same weights.
        let recalibrated = try MiniRocketStreamAdaptation(thresholdWeight: 1, ridge: 1, standardisationWeight: 0)
            .adapt(model, to: person.recordings, labelled: true, fitter: Self.fitter)
        #expect(recalibrated.weights == app.weights && recalibrated.stream?.thresholds != app.stream?.thresholds)
    }

    @Test func unlabelledSamplesAdaptAsTheExperimentAdaptsThem() throws {
        let model = MiniRocketStreamAdaptationTests.trained.model
        let weak = MiniRocketStreamAdaptationTests.weak
        let scored = try MiniRocketStreamAdaptation(thresholdWeight: 1, ridge: 1, standardisationWeight: 0.5)
            .adapt(model, to: [weak], labelled: false, fitter: Self.fitter)
        let app = try model.adapted(to: Array(weak.samples), gestures: [], strength: .init(ridge: nil, standardisationWeight: 0.5))
        #expect(app.featureMeans != model.featureMeans)
        #expect(app == scored)
    }

    /// An ensemble's members adapt alike in both.
    @Test func anEnsembleAdaptsAsTheExperimentAdaptsIt() throws {
        var ensemble = MiniRocketStreamAdaptationTests.trained.model
        var member = ensemble
        member.featureMeans = member.featureMeans.map { $0 * 1.01 }
        member.stream?.thresholds = [:]
        (member.stages, member.selection) = ([], nil)
        ensemble.ensemble = [member]
        let person = PersonCalibration.of("weak", in: [MiniRocketStreamAdaptationTests.weak], adaptation: .labelled(events: 3), ignored: { _ in false })
        let scored = try MiniRocketStreamAdaptation(thresholdWeight: 0, ridge: 0.5, standardisationWeight: 0)
            .adapt(ensemble, to: person.recordings, labelled: true, fitter: Self.fitter)
        let app = try ensemble.adapted(to: person.recordings.map(Self.inMemory), strength: .init(ridge: 0.5))
        #expect(app == scored && app.ensemble?.first?.weights != member.weights)
    }
}
