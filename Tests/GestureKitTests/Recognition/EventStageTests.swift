import GestureKit
import Testing

/// The rule of the event stage that ``DTWTemplateMatcher`` and ``MiniRocketSpotter`` share, and that calibration
/// counts with: streaming and offline forms alike.
@Suite struct EventStageTests {
    typealias Candidate = EventStage.Candidate

    /// Streams `candidates` through a stage in `arrival` order: after each offer, the finality bound is the
    /// earliest start among those still to come (a true bound), or with `costAware` among those still to come
    /// that could precede the candidate decided (as a DTW matcher bounds it); then the rest as at the end of a run.
    static func streamed(_ candidates: [Candidate], arrival: [Int], refractory: Double, capacity: Int = EventStage.defaultCapacity,
                         costAware: Bool = false) -> (events: [Candidate], stage: EventStage) {
        var stage = EventStage(refractoryTime: refractory, context: 0, capacity: capacity)
        var out: [Candidate] = []
        for (k, i) in arrival.enumerated() {
            stage.offer(candidates[i])
            let rest = arrival[(k + 1)...].map { candidates[$0] }
            while let c = stage.nextFinal(earliestPossibleStartBefore: { p in
                rest.filter { !costAware || $0.cost <= p.cost }.map(\.start).min() ?? .infinity
            }) { out.append(c) }
        }
        out += stage.drain()
        return (out, stage)
    }

    @Test func lengthsCountTheContextAndRoundToSamples() {
        let l = EventStage.lengths(samplingRate: 50, minimumDuration: 1, maximumDuration: 10, context: 1.5)
        #expect(l.minimum == 200 && l.maximum == 650)
        // A maximum below the minimum is raised to it; a minimum of zero is one sample.
        let m = EventStage.lengths(samplingRate: 50, minimumDuration: 0, maximumDuration: 0, context: 0)
        #expect(m.minimum == 1 && m.maximum == 1)
    }

    @Test func overlappingCandidatesKeepTheLowestCostAndTheEarlierOnTies() {
        let candidates = [Candidate(start: 1, end: 3, cost: 0.5, source: 0), Candidate(start: 2, end: 4, cost: 0.3, source: 1),
                          Candidate(start: 3.5, end: 5, cost: 0.4, source: 0), Candidate(start: 2.5, end: 4.5, cost: 0.3, source: 0),
                          Candidate(start: 6, end: 8, cost: 0.9, source: 0)]
        let kept = EventStage.suppress(candidates, refractoryTime: 0)
        #expect(kept.map(\.start) == [2, 6])
        #expect(kept.map(\.source) == [1, 0])
        #expect(Self.streamed(candidates, arrival: Array(candidates.indices), refractory: 0).events == kept)
    }

    /// Issue 44, case 4: A < B < C by score in time, B overlapping both, A and C apart. C beats B, so B is
    /// suppressed and A, which only B beat, is kept: two events, as greedy suppression keeps them.
    @Test func aCandidateBeatenOnlyByASuppressedOneIsRestored() {
        let a = Candidate(start: 0, end: 2, cost: -0.5, source: 0)
        let b = Candidate(start: 1.5, end: 3.5, cost: -0.7, source: 0)
        let c = Candidate(start: 3, end: 5, cost: -0.9, source: 0)
        let offline = EventStage.suppress([a, b, c], refractoryTime: 0)
        #expect(offline == [a, c])
        #expect(Self.streamed([a, b, c], arrival: [0, 1, 2], refractory: 0).events == [a, c])
    }

    @Test func refractoryTimeIsSecondsOnTheClock() {
        // 0.9 s apart: they compete under a 1 s refractory time, not under 0.5 s.
        let first = Candidate(start: 10, end: 11, cost: 0.5, source: 0)
        let second = Candidate(start: 11.9, end: 12.5, cost: 0.2, source: 0)
        #expect(EventStage.suppress([first, second], refractoryTime: 1) == [second])
        #expect(EventStage.suppress([first, second], refractoryTime: 0.5) == [first, second])
    }

    @Test func aCandidateIsReportedOnlyOnceNothingToComeCanCompete() {
        var s = EventStage(refractoryTime: 1, context: 0)
        s.offer(Candidate(start: 1, end: 3, cost: 0.5, source: 0))
        // A later candidate may start at 4.0: within 1 s of the end, it could still win.
        #expect(s.nextFinal(earliestPossibleStart: 4.0) == nil)
        #expect(s.hasPending)
        #expect(s.nextFinal(earliestPossibleStart: 4.0.nextUp)?.start == 1)
        #expect(!s.hasPending)
    }

    @Test func eventsComeInStartOrder() {
        // The later one is decided first (it is final and has no better competitor), but waits for the earlier.
        let long = Candidate(start: 0, end: 10, cost: 0.4, source: 0)
        let better = Candidate(start: 9, end: 11, cost: 0.1, source: 1)
        let short = Candidate(start: 20, end: 21, cost: 0.3, source: 0)
        var s = EventStage(refractoryTime: 0, context: 0)
        s.offer(long)
        s.offer(short)
        // `better` is still to come and may start at 9: `long` waits, `short` is kept but not reported before it.
        #expect(s.nextFinal(earliestPossibleStart: 9) == nil)
        s.offer(better)
        var out: [Candidate] = []
        while let c = s.nextFinal(earliestPossibleStart: 30) { out.append(c) }
        #expect(out == [better, short])
    }

    /// The differential property: on random candidate sets (ties, chains of overlaps, mixed lengths) arriving in a
    /// random order that respects a finality bound, the streamed events are exactly the offline rule's.
    @Test(arguments: 0..<40)
    func streamingEqualsTheOfflineRule(seed: UInt64) {
        var random = SplitMix64(seed: 0xE7E + seed)
        let count = 1 + random.index(60)
        let refractory = [0, 0.2, 1, 3][random.index(4)]
        var candidates: [Candidate] = []
        var t = 0.0
        for _ in 0..<count {
            // Mostly overlapping neighbours (chains), sometimes a jump; costs on a coarse grid so that ties occur.
            t += random.unit() < 0.8 ? random.unit() * 1.5 : 2 + random.unit() * 5
            let length = 0.2 + random.unit() * 3
            candidates.append(Candidate(start: t, end: t + length, cost: Double(random.index(8)) / 4, source: random.index(3)))
        }
        // Arrival: each candidate after its end, in any order a spotter could produce (by end plus a random delay).
        let delays = candidates.map { $0.end + random.unit() * 2 }
        let arrival = candidates.indices.sorted { delays[$0] != delays[$1] ? delays[$0] < delays[$1] : $0 < $1 }
        let offline = EventStage.suppress(candidates, refractoryTime: refractory)
        let (streamed, stage) = Self.streamed(candidates, arrival: arrival, refractory: refractory)
        #expect(streamed == offline, "seed \(seed)")
        #expect(stage.forcedDecisions == 0)
        // A bound that looks only at future candidates that could precede: decided sooner, the same events, with
        // candidates offered in order of their end, as spotters find them.
        let byEnd = candidates.indices.sorted { (candidates[$0].end, $0) < (candidates[$1].end, $1) }
        #expect(Self.streamed(candidates, arrival: byEnd, refractory: refractory, costAware: true).events == offline, "seed \(seed)")
        // The rule's own invariant: kept candidates are pairwise apart by more than the refractory time.
        for (a, b) in zip(offline, offline.dropFirst()) { #expect(a.end + refractory < b.start) }
        // Thresholds commute with the rule: the kept ones with cost ≤ τ are what the rule keeps of those ≤ τ.
        let tau = 0.75
        #expect(EventStage.suppress(candidates.filter { $0.cost <= tau }, refractoryTime: refractory) == offline.filter { $0.cost <= tau })
    }

    /// Dense gestures (issue 55): equally long windows may overlap by up to −r before they compete. Two 3 s windows
    /// 1 s apart overlap by 2 s: they compete under r = −1.5, both stay under r = −2.5.
    @Test func aNegativeRefractoryTimeLetsEquallyLongWindowsOverlap() {
        let first = Candidate(start: 10, end: 13, cost: -2, source: 0)
        let second = Candidate(start: 11, end: 14, cost: -1, source: 1)
        #expect(EventStage.suppress([first, second], refractoryTime: -1.5) == [first])
        #expect(EventStage.suppress([first, second], refractoryTime: -2.5) == [first, second])
        #expect(Self.streamed([first, second], arrival: [0, 1], refractory: -2.5).events == [first, second])
    }

    /// The differential property for a negative refractory time, on windows of one length (as a MiniRocket spotter
    /// offers them, by end): streamed = offline, and the kept ones overlap by less than −r.
    @Test(arguments: 0..<20)
    func aNegativeRefractoryTimeStreamsAsTheOfflineRule(seed: UInt64) {
        var random = SplitMix64(seed: 0xD3E + seed)
        let length = 3.0, refractory = [-0.5, -1.5, -2.75][random.index(3)]
        var candidates: [Candidate] = []
        var t = 0.0
        for _ in 0..<(1 + random.index(80)) {
            t += Double(1 + random.index(6)) / 8
            candidates.append(Candidate(start: t, end: t + length, cost: Double(random.index(8)) / 4, source: random.index(3)))
        }
        let offline = EventStage.suppress(candidates, refractoryTime: refractory)
        let byEnd = candidates.indices.sorted { (candidates[$0].end, $0) < (candidates[$1].end, $1) }
        let (streamed, stage) = Self.streamed(candidates, arrival: byEnd, refractory: refractory)
        #expect(streamed == offline, "seed \(seed)")
        #expect(stage.forcedDecisions == 0)
        #expect(Self.streamed(candidates, arrival: byEnd, refractory: refractory, costAware: true).events == offline, "seed \(seed)")
        for (a, b) in zip(offline, offline.dropFirst()) { #expect(a.end + refractory < b.start) }
        // Nothing kept is beaten by a competitor: every dropped candidate competes with a kept one at least as good.
        for c in candidates where !offline.contains(c) {
            #expect(offline.contains { $0.competes(with: c, refractoryTime: refractory) && !c.precedes($0) }, "seed \(seed)")
        }
    }

    /// Windows of 3 s every 0.125 s (exact in binary), each better than the one before: a rising score, as a
    /// MiniRocket spotter sees it on a slow ramp with a low threshold.
    static func risingChain(_ count: Int, from first: Int = 0) -> [Candidate] {
        (first..<(first + count)).map { i in Candidate(start: Double(i) / 8, end: Double(i) / 8 + 3, cost: -Double(i), source: 0) }
    }

    /// The events of `streamed` that the offline rule lacks plus those it keeps that `streamed` lacks.
    static func differences(_ streamed: [Candidate], _ offline: [Candidate]) -> Int {
        Set(streamed).symmetricDifference(Set(offline)).count
    }

    /// Issue 53: more undecided candidates than ``EventStage/defaultCapacity``, later ones better. Each candidate
    /// also brings worse ones of other sources that end with or after it (another template's or class's match of the
    /// same motion): the best so far, still waiting, suppresses them whatever comes, so they are forgotten at once and
    /// the undecided candidates stay a chain of rising scores, within the capacity. The stream is the offline rule's.
    @Test(arguments: [false, true])
    func moreCandidatesThanTheCapacityWithLaterOnesBetterGiveTheOfflineEvents(costAware: Bool) {
        var candidates: [Candidate] = []
        for w in Self.risingChain(150) {
            candidates.append(w)
            for k in 1...3 {
                let d = Double(k) / 32
                candidates.append(Candidate(start: w.start + d, end: w.end + d, cost: w.cost + 0.25 * Double(k), source: k))
            }
        }
        #expect(candidates.count > EventStage.defaultCapacity)
        let offline = EventStage.suppress(candidates, refractoryTime: 0.5)
        let byEnd = candidates.indices.sorted { (candidates[$0].end, $0) < (candidates[$1].end, $1) }
        let (streamed, stage) = Self.streamed(candidates, arrival: byEnd, refractory: 0.5, costAware: costAware)
        #expect(stage.forcedDecisions == 0)
        #expect(streamed == offline, "\(Self.differences(streamed, offline)) events differ")
        #expect(offline.count > 2)
    }

    /// Issue 53: a chain of rising scores longer than the capacity. No bounded stage can be exact here (which of the
    /// early windows the rule keeps depends on where the chain ends), so the stage drops the worst undecided
    /// candidate, counts it, and keeps the rest exact: the chain's best is its event, as offline, and the events
    /// differ only among the windows dropped. With the capacity to hold the chain, nothing is dropped and the stream
    /// is the offline rule's: whatever the capacity, equal or counted.
    @Test(arguments: [16, EventStage.defaultCapacity, 1024])
    func aRisingChainLongerThanTheCapacityIsCountedNeverSilent(capacity: Int) {
        let chain = Self.risingChain(600)
        let offline = EventStage.suppress(chain, refractoryTime: 0.5)
        for costAware in [false, true] {
            let (streamed, stage) = Self.streamed(chain, arrival: Array(chain.indices), refractory: 0.5, capacity: capacity, costAware: costAware)
            let forced = stage.forcedDecisions
            if forced == 0 {
                #expect(streamed == offline)
            } else {
                // The oldest windows, the worst, are the ones dropped: the later ones are decided exactly.
                #expect(forced == chain.count - capacity)
                #expect(streamed.last == chain.last)
                #expect(streamed == offline.filter { $0.start >= chain[forced].start })
                #expect(Self.differences(streamed, offline) <= forced)
            }
            #expect((forced == 0) == (capacity >= chain.count), "capacity \(capacity): \(forced) dropped")
            for (a, b) in zip(streamed, streamed.dropFirst()) { #expect(a.end + 0.5 < b.start) }
        }
    }

    /// The stage forgets what cannot win: candidates that a waiting better competitor suppresses whatever comes. A
    /// cluster far denser than the capacity (the best first, every later one worse and overlapping it) never fills it.
    @Test func aDenseClusterBehindItsBestNeverFillsTheCapacity() {
        let cluster = (0..<2000).map { i in Candidate(start: Double(i) / 1024, end: Double(i) / 1024 + 2, cost: Double(i % 7) + Double(i) / 4096, source: i % 3) }
        let offline = EventStage.suppress(cluster, refractoryTime: 1)
        let (streamed, stage) = Self.streamed(cluster, arrival: Array(cluster.indices), refractory: 1, capacity: 32)
        #expect(stage.forcedDecisions == 0)
        #expect(streamed == offline)
    }

    @Test func anEndlessChainOfBetterCandidatesKeepsMemoryBounded() {
        // Every candidate overlaps the next and is better: none can be decided until the chain ends.
        let chain = (0..<1000).map { i in Candidate(start: Double(i), end: Double(i) + 1.5, cost: -Double(i), source: 0) }
        let (events, stage) = Self.streamed(chain, arrival: Array(chain.indices), refractory: 0, capacity: 64)
        // Each candidate dropped undecided is counted; the events after them are the rule's.
        #expect(stage.forcedDecisions == 1000 - 64)
        #expect(events == EventStage.suppress(Array(chain.suffix(64)), refractoryTime: 0))
        for (a, b) in zip(events, events.dropFirst()) { #expect(a.end < b.start) }
        // A reset forgets the count with the candidates.
        var fresh = stage
        fresh.reset()
        #expect(fresh.forcedDecisions == 0 && !fresh.hasPending)
    }

    /// Beyond any capacity, on random input: the stream is the offline rule's, or the stage counts what it dropped.
    @Test(arguments: 0..<20)
    func aSmallCapacityIsEqualOrCounted(seed: UInt64) {
        var random = SplitMix64(seed: 0x53 + seed)
        var candidates: [Candidate] = []
        var t = 0.0
        for _ in 0..<(20 + random.index(200)) {
            t += random.unit() * 0.5
            // A drift towards better scores, with noise: long undecided runs.
            candidates.append(Candidate(start: t, end: t + 0.5 + random.unit() * 2, cost: -t + random.unit() * 3, source: random.index(3)))
        }
        let refractory = [0, 0.5, 2][random.index(3)]
        let byEnd = candidates.indices.sorted { (candidates[$0].end, $0) < (candidates[$1].end, $1) }
        let offline = EventStage.suppress(candidates, refractoryTime: refractory)
        let (streamed, stage) = Self.streamed(candidates, arrival: byEnd, refractory: refractory, capacity: 8, costAware: true)
        #expect(streamed == offline || stage.forcedDecisions > 0, "seed \(seed)")
        for (a, b) in zip(streamed, streamed.dropFirst()) { #expect(a.end + refractory < b.start) }
    }

    @Test func intervalsRemoveTheContext() {
        let s = EventStage(refractoryTime: 0, context: 0.5)
        let interval = s.interval(of: Candidate(start: 1, end: 3.9, cost: 1, source: 0))
        #expect(abs(interval.start - 1.5) < 1e-12 && abs(interval.end - 3.4) < 1e-12)
        // Shorter than twice the context: its middle instant.
        let short = EventStage.gesture(from: 1, to: 1.6, context: 0.5)
        #expect(short.start == 1.3 && short.end == 1.3)
    }
}
