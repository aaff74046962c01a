import Foundation
@testable import GestureEval
import GestureKit
import Testing

/// Candidates that differ only after the fit (refractory time, false-activation budget) share it, with the result a
/// fresh training gives.
@Suite struct MiniRocketStreamTrainingCacheTests {
    static func settings(hardNegatives: Bool, refractoryTime: Double, budget: Double? = nil) throws -> MiniRocketStreamSettings {
        var s = try MiniRocketStreamFitterTests.settings()
        s.hardNegatives = hardNegatives
        s.refractoryTime = refractoryTime
        if let budget { s.objective = .maxFalsePerHour(budget) }
        return s
    }

    static func trained(_ settings: MiniRocketStreamSettings, cache: MiniRocketStreamTrainingCache?) throws -> MiniRocketStreamFitter.Result {
        try MiniRocketStreamFitter(settings: settings).train(MiniRocketStreamFitterTests.training, cache: cache)
    }

    @Test func candidatesAfterTheFitShareItAndGiveAFreshTrainingsResult() throws {
        let cache = MiniRocketStreamTrainingCache()
        let candidates = [try Self.settings(hardNegatives: false, refractoryTime: 1), try Self.settings(hardNegatives: false, refractoryTime: 3),
                          try Self.settings(hardNegatives: false, refractoryTime: 1, budget: 2)]
        for settings in candidates {
            let cached = try Self.trained(settings, cache: cache), fresh = try Self.trained(settings, cache: nil)
            #expect(try cached.model.encoded() == fresh.model.encoded(), "\(settings)")
            #expect(cached.detections == fresh.detections && cached.summary == fresh.summary, "\(settings)")
            #expect(cached.model.stream?.refractoryTime == settings.refractoryTime)
        }
        #expect(cache.misses == 1 && cache.hits == 2, "one fit for three candidates, got \(cache.misses) fits")
        // Settings that shape the windows or the transform fit anew.
        var wider = candidates[0]
        wider.context = 0.4
        _ = try Self.trained(wider, cache: cache)
        var fewer = candidates[0]
        fewer.features = 168
        _ = try Self.trained(fewer, cache: cache)
        #expect(cache.misses == 3 && cache.hits == 2)
    }

    /// With hard negatives the first pass is shared; a second pass fits anew unless it mines the same windows.
    @Test func hardNegativesShareTheFirstPass() throws {
        let cache = MiniRocketStreamTrainingCache()
        let a = try Self.trained(try Self.settings(hardNegatives: true, refractoryTime: 1), cache: cache)
        let passes = (a.summary.values["hardNegatives"] ?? 0) > 0 ? 2 : 1
        #expect(cache.misses == passes && cache.hits == 0)
        let other = try Self.settings(hardNegatives: true, refractoryTime: 2)
        let b = try Self.trained(other, cache: cache), fresh = try Self.trained(other, cache: nil)
        #expect(try b.model.encoded() == fresh.model.encoded() && b.detections == fresh.detections && b.summary == fresh.summary)
        #expect(cache.hits >= 1, "the first pass is reused")
        #expect(cache.misses <= passes + 1, "at most one more fit: the second pass of the other refractory time")
    }

    /// Issue 77: a search's candidates reading the same channels derive them once; a cache that keeps no fits (the
    /// spotter's, whose candidates never repeat one) still gives a fresh training's result.
    @Test func derivedChannelsAreSharedAndAFitlessCacheKeepsNoFit() throws {
        var magnitudes = try Self.settings(hardNegatives: false, refractoryTime: 1)
        magnitudes.channels = [MotionChannel(rawValue: "accel.magnitude")!, MotionChannel(rawValue: "tilt")!]
        var wider = magnitudes
        wider.context = 0.4
        let cache = MiniRocketStreamTrainingCache(keepingFits: false)
        for settings in [magnitudes, wider, magnitudes] {
            let cached = try Self.trained(settings, cache: cache), fresh = try Self.trained(settings, cache: nil)
            #expect(try cached.model.encoded() == fresh.model.encoded() && cached.detections == fresh.detections && cached.summary == fresh.summary)
        }
        #expect(cache.derivations == 1, "one channel set derived once, got \(cache.derivations)")
        #expect(cache.misses == 3 && cache.hits == 0, "no fit kept: the third training fits again")
    }
}
