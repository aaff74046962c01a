@testable import GestureEval
import GestureKit
import Testing

/// Candidates that differ only in rejection or spotting durations reuse templates, with the model a fresh
/// training would give.
@Suite struct DTWTrainingCacheTests {
    @Test func relabelledTemplatesEqualAFreshTraining() throws {
        let examples = try DTWTrainerTests.examples(perClass: ["a": 6, "b": 5])
        var trainer = DTWTrainer(selection: .medoid, band: nil, channels: [MotionChannel.acceleration[0]], samplingRate: 50)
        let cache = DTWTrainingCache()
        for (k, refractory, shortest) in [(3.0, 0.0, 0.2), (0, 0.5, 0.2), (1, 0, 0.4), (2, 2, 0.1)] as [(Double, Double, Double)] {
            trainer.rejectionK = k
            trainer.refractoryTime = refractory
            trainer.minimumDuration = shortest
            let cached = try cache.train(trainer, examples, tag: "all")
            let fresh = try trainer.train(examples)
            #expect(cached.model == fresh.model, "k = \(k)")
            #expect(cached.report == fresh.report)
        }
        #expect(cache.misses == 1 && cache.hits == 3, "the band search and medoids ran once")
        // Another band, other examples or another selection train again.
        trainer.band = 0.1
        _ = try cache.train(trainer, examples, tag: "all")
        _ = try cache.train(trainer, Array(examples.dropFirst()), tag: "without s1")
        trainer.selection = .allExamples
        _ = try cache.train(trainer, examples, tag: "all")
        #expect(cache.misses == 4 && cache.hits == 3)
        // Context and envelopes change what the examples are: never answered from another setting's templates.
        trainer.context = 1.5
        _ = try cache.train(trainer, examples, tag: "all")
        trainer.movingDeviation = 1
        _ = try cache.train(trainer, examples, tag: "all")
        #expect(cache.misses == 6 && cache.hits == 3)
        // A hit still checks the candidate's own settings.
        trainer.rejectionK = -1
        #expect(throws: DTWTrainingError.invalidSetting(key: "rejectionK", "must be zero or more, got -1.0")) { try cache.train(trainer, examples, tag: "all") }
    }
}
