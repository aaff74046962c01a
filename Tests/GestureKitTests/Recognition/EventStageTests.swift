import GestureKit
import Testing

/// The rules of the event stage that ``DTWTemplateMatcher`` and ``MiniRocketSpotter`` share.
@Suite struct EventStageTests {
    /// At 10 Hz: candidates of 1…3 s (10…30 samples), refractory time 1 s (10 samples), no context.
    static func stage(refractory: Double = 1, context: Double = 0) -> EventStage {
        EventStage(samplingRate: 10, minimumDuration: 1, maximumDuration: 3, context: context, refractoryTime: refractory, sources: 2, delay: 60)
    }

    /// Records samples 0..<n at 10 Hz.
    static func record(_ n: Int, into stage: inout EventStage) {
        for i in stage.sampleCount..<n { stage.record(timestamp: Double(i) / 10) }
    }

    /// Every final candidate when nothing more can compete, then the rest as at the end of a stream.
    static func all(_ stage: inout EventStage) -> [EventStage.Candidate] {
        var out: [EventStage.Candidate] = []
        while let c = stage.nextFinal(earliestPossibleStart: .max) { out.append(c) }
        out += stage.drain()
        return out
    }

    @Test func lengthsCountTheContextAndRoundToSamples() {
        let l = EventStage.lengths(samplingRate: 50, minimumDuration: 1, maximumDuration: 10, context: 1.5, refractoryTime: 2)
        #expect(l.minimum == 200 && l.maximum == 650 && l.refractory == 100)
        // A maximum below the minimum is raised to it; a minimum of zero is one sample.
        let m = EventStage.lengths(samplingRate: 50, minimumDuration: 0, maximumDuration: 0, context: 0, refractoryTime: 0)
        #expect(m.minimum == 1 && m.maximum == 1)
    }

    @Test func durationLimitsDropTooShortAndTooLongCandidates() {
        var s = Self.stage()
        Self.record(200, into: &s)
        s.offer(.init(start: 0, end: 8, cost: 0.1, source: 0))      // 9 samples: too short
        s.offer(.init(start: 50, end: 80, cost: 0.1, source: 0))    // 31 samples: too long
        #expect(!s.hasPending)
        s.offer(.init(start: 100, end: 109, cost: 0.1, source: 0))  // 10: the shortest allowed
        s.offer(.init(start: 150, end: 179, cost: 0.1, source: 1))  // 30: the longest allowed
        #expect(Self.all(&s).map(\.start) == [100, 150])
    }

    @Test func overlappingCandidatesKeepTheLowestCostAndTheEarlierOnTies() {
        var s = Self.stage(refractory: 0)
        Self.record(200, into: &s)
        s.offer(.init(start: 10, end: 30, cost: 0.5, source: 0))
        s.offer(.init(start: 20, end: 40, cost: 0.3, source: 1))    // overlaps and is better: replaces it
        s.offer(.init(start: 35, end: 50, cost: 0.4, source: 0))    // overlaps the better one: dropped
        s.offer(.init(start: 25, end: 45, cost: 0.3, source: 0))    // a tie: the one already there stays
        s.offer(.init(start: 60, end: 80, cost: 0.9, source: 0))    // apart: its own event
        let kept = Self.all(&s)
        #expect(kept.map(\.start) == [20, 60])
        #expect(kept.map(\.source) == [1, 0])
    }

    @Test func candidatesWithinTheRefractoryTimeCompeteAndAfterAReportAreDropped() {
        var s = Self.stage(refractory: 1)
        Self.record(200, into: &s)
        s.offer(.init(start: 10, end: 30, cost: 0.5, source: 0))
        s.offer(.init(start: 40, end: 60, cost: 0.2, source: 0))    // 9 samples after: competes and wins
        #expect(s.nextFinal(earliestPossibleStart: 70) == nil)      // 60 + 10 ≥ 70: a better one could still come
        let first = s.nextFinal(earliestPossibleStart: 71)
        #expect(first?.start == 40)
        // Final and reported: a later candidate within the refractory time after it is dropped, even if better.
        s.offer(.init(start: 70, end: 90, cost: 0.01, source: 1))
        #expect(!s.hasPending)
        s.offer(.init(start: 71, end: 91, cost: 0.9, source: 1))
        #expect(Self.all(&s).map(\.start) == [71])
    }

    @Test func intervalsRemoveTheContextAndDrainEndsTheStream() {
        var s = Self.stage(refractory: 0, context: 0.5)             // lengths 20…40 samples
        Self.record(100, into: &s)
        s.offer(.init(start: 10, end: 39, cost: 1, source: 0))
        #expect(s.now == 9.9)
        let interval = s.interval(of: .init(start: 10, end: 39, cost: 1, source: 0))
        #expect(abs(interval.start - 1.5) < 1e-12 && abs(interval.end - 3.4) < 1e-12)
        let drained = s.drain()
        #expect(drained.count == 1 && !s.hasPending)
        s.reset()
        #expect(s.sampleCount == 0 && s.now == 0)
    }
}
