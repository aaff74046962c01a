import Foundation
import GestureData
@testable import GestureEval
import GestureKit
import Testing

/// DTW templates meeting a person (``DTWTemplateAdaptation``): the person's events join the templates, and the
/// thresholds move toward the person's by the threshold weight.
@Suite struct DTWTemplateAdaptationTests {
    /// Templates of the waves of MiniRocketStreamFitterTests' four training subjects, stream-calibrated.
    static let model: DTWModel = {
        let configuration = ConfigurationValue.object(["channels": .array([.string("accel.x"), .string("accel.z")])])
        return try! DTWTemplateMatcherTrainer.templates(MiniRocketStreamFitterTests.training, configuration: configuration, kind: .continuous,
                                                        name: "templates", matching: EventMatching()).model.model
    }()

    @Test func thePersonsEventsJoinAndTheThresholdsStayAtWeightZero() throws {
        let person = MiniRocketStreamAdaptationTests.weak
        let adapted = try DTWTemplateAdaptation().adapt(Self.model, to: [person], labelled: true, matching: EventMatching())
        #expect(adapted.templates.count == Self.model.templates.count + person.annotations.count)
        #expect(adapted.thresholds == Self.model.thresholds)
        // Unlabelled data carry no examples.
        #expect(try DTWTemplateAdaptation(thresholdWeight: 1).adapt(Self.model, to: [person], labelled: false, matching: EventMatching()) == Self.model)
    }

    /// t = (1 − w)·t₀ + w·t_person, t_person the training rule's threshold on the stretch spotted by the population's
    /// templates.
    @Test func theThresholdsMoveTowardThePersonsByTheWeight() throws {
        let person = MiniRocketStreamAdaptationTests.weak
        let t0 = try #require(Self.model.threshold(for: "wave"))
        let own = try #require(try StreamCalibration(objective: .f1, matching: EventMatching()).calibrate(Self.model, on: [person]).choices
            .first { $0.label == "wave" }?.threshold)
        #expect(abs(own - t0) > 1e-6, "the weak person's threshold differs from the population's")
        for w in [0.5, 1.0] {
            let adapted = try DTWTemplateAdaptation(thresholdWeight: w).adapt(Self.model, to: [person], labelled: true, matching: EventMatching())
            let t = try #require(adapted.thresholds["wave"])
            #expect(abs(t - ((1 - w) * t0 + w * own)) < 1e-9, "weight \(w): \(t), t₀ \(t0), person \(own)")
        }
    }
}
