import GestureEval
import GestureKit
import Testing
import Yams

@Suite struct RejectionSettingsTests {
    static func settings(_ yaml: String) throws -> DTWTrainingSettings {
        try YAMLDecoder().decode(DTWTrainingSettings.self, from: yaml)
    }

    @Test func newAndOldKeysGiveTheSameRules() throws {
        #expect(try Self.settings("{}").rejection == .sigma(k: 3))
        #expect(try Self.settings("rejectionK: 2").rejection == .sigma(k: 2))
        #expect(try Self.settings("rejectionK: null").rejection == RejectionSettings.none)
        #expect(try Self.settings("rejection: none").rejection == RejectionSettings.none)
        #expect(try Self.settings("rejection: {method: sigma, k: 1.5}").rejection == .sigma(k: 1.5))
        #expect(try Self.settings("rejection: {k: 1.5}").rejection == .sigma(k: 1.5))
        #expect(try Self.settings("rejection: {method: stream, objective: f1}").rejection == .stream(.f1))
        #expect(try Self.settings("rejection: {maxFalsePerHour: 5}").rejection == .stream(.maxFalsePerHour(5)))
        #expect(try Self.settings("rejection: {method: stream}\nrefractoryTime: 1.5").refractoryTime == 1.5)
        for bad in ["rejection: {method: sigma, maxFalsePerHour: 5}", "rejection: {method: stream, k: 3}",
                    "rejection: {method: guess}", "rejection: {maxFalsePerHour: -1}", "rejection: sometimes"] {
            #expect(throws: (any Error).self, "\(bad)") { try Self.settings(bad) }
        }
        // The stream rule keeps mean + 3σ as the fallback of classes without annotations.
        #expect(try Self.settings("rejection: {method: stream}").rejectionK == 3)
        #expect(try Self.settings("refractoryTime: 0.8").trainer(samplingRate: 50).refractoryTime == 0.8)
    }
}
