/// The event rule every spotter shares: greedy non-maximum suppression in time, with a refractory time, decided
/// as soon as the stream allows.
///
/// A spotter (``DTWTemplateMatcher``, ``MiniRocketSpotter``) scores candidate matches, each a span of time with a
/// cost (lower is better: a DTW distance, or a classifier's score negated), and hands those that pass its
/// thresholds to the stage; the stage decides which become events and when they are final.
///
/// - **The rule** (``suppress(_:refractoryTime:)``, the offline form that calibration counts with): candidates are
///   taken in order of cost (ties: the earlier start, then the earlier end, then the lower source), and one is kept
///   unless it competes with a candidate already kept. Two candidates compete when they overlap or lie within
///   ``refractoryTime`` seconds of each other. Because a candidate's fate depends only on better candidates, the
///   candidates kept at a threshold τ are what this rule keeps of those with cost ≤ τ.
/// - **The streaming form** gives the same events: a candidate is kept once no candidate still to come can compete
///   with it (the spotter says when the earliest possible future candidate starts, ``nextFinal(earliestPossibleStart:)``)
///   and no undecided competitor is better; a candidate beaten by one that is itself suppressed later is restored.
///   The spotter's bound may depend on the candidate (``nextFinal(earliestPossibleStartBefore:)``): only a future
///   candidate that could precede it matters, so a DTW matcher need not wait for partial matches already costlier.
///   Events come in start order. ``drain()`` ends a run of samples: what waits is decided as if nothing followed.
/// - **Time, not samples.** Spans and the refractory time are seconds on the samples' clock, so a stream with
///   gaps or an irregular clock is judged by what happened when. Across a gap a spotter ends its run
///   (``drain()``): a gesture after a gap is judged as if the stream had just started.
///
/// - **Bounded memory, exact or counted.** A candidate that a waiting better competitor suppresses whatever comes is
///   forgotten at once (it ends no earlier than that competitor, and nothing that could still beat the competitor can
///   end before it), so the undecided candidates are mostly a chain of rising scores. Such a chain has no bounded
///   exact form: which of its early candidates the rule keeps depends on where the chain ends. So the candidates
///   waiting are bounded by ``capacity``: should a chain fill it, the worst undecided candidate is dropped undecided
///   and counted (``forcedDecisions``), and the rest are decided exactly, the chain's best included. While the count is
///   zero the events are exactly the offline rule's; spotters report it (``DTWTemplateMatcher/forcedDecisions``,
///   ``MiniRocketSpotter/forcedDecisions``).
///
/// - Complexity: O(P²) per decision over P undecided candidates (usually a handful), O(P) per offer; no
///   allocation after ``init`` (capacities are reserved).
package struct EventStage: Sendable {
    /// A candidate match, in seconds on the stream's clock.
    package struct Candidate: Hashable, Sendable {
        /// Time of the first sample of the match, context included, seconds.
        package var start: Double
        /// Time of the last sample of the match, context included, seconds.
        package var end: Double
        /// What suppression compares: the lower wins.
        package var cost: Double
        /// Which of the spotter's sources (a template, a class) produced it.
        package var source: Int
        /// The spotter's own figure, carried to its event (a DTW cost, a class score); the stage ignores it.
        package var measure: Double

        /// A candidate from `start` to `end` (seconds) of `cost` found by `source`.
        package init(start: Double, end: Double, cost: Double, source: Int, measure: Double = 0) {
            self.start = start
            self.end = end
            self.cost = cost
            self.source = source
            self.measure = measure
        }

        /// Whether `self` is taken before `other` by the rule: the lower cost, then the earlier start, the earlier
        /// end, the lower source (a total order, so ties are decided the same way online and offline).
        @inline(__always)
        package func precedes(_ other: Candidate) -> Bool {
            if cost != other.cost { return cost < other.cost }
            if start != other.start { return start < other.start }
            if end != other.end { return end < other.end }
            return source < other.source
        }

        /// Whether the two overlap or lie within `refractoryTime` seconds of each other.
        @inline(__always)
        package func competes(with other: Candidate, refractoryTime r: Double) -> Bool {
            start <= other.end + r && other.start <= end + r
        }
    }

    /// The refractory time, seconds: candidates closer than this compete. Negative (spotters of fixed-length windows
    /// only, where dense gestures lie closer than a window): candidates compete only when they overlap by more than
    /// its magnitude. Every rule below holds for either sign when candidates are equally long.
    package let refractoryTime: Double
    /// The context at either side of a candidate, seconds; ``interval(of:)`` removes it.
    package let context: Double
    /// The most candidates held at once, undecided or kept but not yet reported.
    package let capacity: Int
    /// Candidates dropped undecided because ``capacity`` candidates were held, since ``init`` or ``reset()``. While
    /// zero, the events are exactly the offline rule's (``suppress(_:refractoryTime:)``); each one dropped may be an
    /// event the rule keeps, or let through one it would have suppressed.
    package internal(set) var forcedDecisions = 0

    /// Candidates not yet decided, in start order.
    private var pending: [Candidate] = []
    /// Candidates kept but not yet reported (an undecided candidate starts before them), in start order.
    private var kept: [Candidate] = []
    /// The latest end of a kept candidate, seconds: a later candidate competing with it is worse (the spotter's bound
    /// says so) and suppressed on arrival.
    private var lastKeptEnd = -Double.infinity

    /// The default ``capacity``.
    package static let defaultCapacity = 256

    /// The sample lengths of a spotter at `samplingRate` (Hz) with these durations and context (seconds): what its
    /// matches or windows span on a regular clock.
    ///
    /// - Complexity: O(1).
    package static func lengths(samplingRate rate: Double, minimumDuration: Double, maximumDuration: Double,
                               context: Double) -> (minimum: Int, maximum: Int) {
        let minimum = max(1, Int(((minimumDuration + 2 * context) * rate).rounded()))
        return (minimum, max(minimum, Int(((maximumDuration + 2 * context) * rate).rounded())))
    }

    /// A stage with a refractory time and context (seconds), holding at most `capacity` undecided candidates.
    ///
    /// - Complexity: O(capacity) memory.
    package init(refractoryTime: Double, context: Double, capacity: Int = EventStage.defaultCapacity) {
        self.refractoryTime = refractoryTime
        self.context = context
        self.capacity = max(1, capacity)
        pending.reserveCapacity(self.capacity)
        kept.reserveCapacity(self.capacity)
    }

    /// Whether a candidate waits for a decision or its report.
    package var hasPending: Bool { !pending.isEmpty || !kept.isEmpty }

    /// Hands a candidate that passed the spotter's threshold to the rule.
    ///
    /// - Complexity: O(undecided candidates).
    package mutating func offer(_ candidate: Candidate) {
        // Kept ones were decided: whatever competes with them now is worse (a later candidate ends after them, so
        // it competes exactly when it starts within the refractory time after one).
        guard candidate.start > lastKeptEnd + refractoryTime else { return }
        if pending.count + kept.count >= capacity, !pending.isEmpty {
            // Full (in practice a chain of rising scores: what cannot win is forgotten in `decide`). The worst
            // undecided candidate is the least likely to be kept and suppresses no better one; deciding nothing
            // early keeps the later, better ones exact (the old rule kept the best so far, and then silently dropped
            // better ones that came after). Dropping it is the difference, and it is counted.
            let worst = pending.indices.max { pending[$0].precedes(pending[$1]) }!
            pending.remove(at: worst)
            forcedDecisions += 1
        }
        let at = pending.firstIndex { $0.start > candidate.start } ?? pending.endIndex
        pending.insert(candidate, at: at)
    }

    /// The next event in start order, if one is decided now that no candidate still to come starts before
    /// `earliestPossibleStart` (seconds); `nil` otherwise. Call until `nil` after each sample. A spotter whose
    /// next candidate may start at the next sample passes `now.nextUp`.
    ///
    /// - Complexity: O(P²) over P undecided candidates.
    package mutating func nextFinal(earliestPossibleStart: Double) -> Candidate? {
        nextFinal { _ in earliestPossibleStart }
    }

    /// ``nextFinal(earliestPossibleStart:)`` with a bound per candidate: `earliestPossibleStartBefore(p)` is the
    /// earliest start (seconds) of a candidate still to come that could precede `p` (cost no higher than `p`'s).
    /// With such a bound, candidates must be offered in order of their end, as spotters find them: a later one
    /// that competes with a kept one is then worse, and dropped on arrival.
    ///
    /// - Complexity: O(P²) calls of the bound over P undecided candidates.
    package mutating func nextFinal(earliestPossibleStartBefore bound: (Candidate) -> Double) -> Candidate? {
        if !pending.isEmpty { decide(bound) }
        guard let first = kept.first, pending.first.map({ $0.start >= first.start }) ?? true else { return nil }
        kept.removeFirst()
        return first
    }

    /// Ends a run (the stream's end, or a gap): every waiting candidate decided as if nothing followed, in start
    /// order. The stage is then ready for the next run.
    ///
    /// - Complexity: O(P²).
    package mutating func drain() -> [Candidate] {
        decide { _ in .infinity }
        let out = kept
        kept.removeAll(keepingCapacity: true)
        lastKeptEnd = -.infinity
        return out
    }

    /// Keeps every undecided candidate that nothing to come can precede while competing with it (it ends more than
    /// the refractory time before `earliest(p)`) and that no undecided competitor precedes, and drops its
    /// competitors; forgets the competitors such a candidate suppresses whatever comes, when it must still wait;
    /// again until nothing changes.
    private mutating func decide(_ earliest: (Candidate) -> Double) {
        let r = refractoryTime
        var i = 0
        while i < pending.count {
            let p = pending[i]
            // A better undecided competitor decides first.
            if pending.contains(where: { $0 != p && $0.competes(with: p, refractoryTime: r) && $0.precedes(p) }) {
                i += 1
                continue
            }
            let bound = earliest(p), before = pending.count
            if p.end + r < bound {
                pending.removeAll { $0.competes(with: p, refractoryTime: r) }
                let at = kept.firstIndex { $0.start > p.start } ?? kept.endIndex
                kept.insert(p, at: at)
                lastKeptEnd = max(lastKeptEnd, p.end)
            } else {
                // p waits, and every competitor x of p is worse (none precedes p). p is kept, or suppressed by a
                // candidate to come that precedes it, so starts at `bound` or later, and reaches p: if x ends no
                // earlier than p and starts no more than r after `bound`, that candidate competes with x too. Either
                // way x is suppressed, whatever comes: forget it. (A worse competitor that ends earlier may outlive
                // p, if a later candidate beats p without reaching x: it stays.)
                pending.removeAll { $0 != p && $0.end >= p.end && $0.start - r <= bound && $0.competes(with: p, refractoryTime: r) }
            }
            // Anything removed may free another candidate, before or after p.
            i = pending.count < before ? 0 : i + 1
        }
    }

    /// The offline form of the rule: the candidates greedy suppression keeps, in start order (see the type's
    /// description). Calibration counts its detections with this, so they are the streamed events.
    ///
    /// - Complexity: O(N log N) for N candidates.
    package static func suppress(_ candidates: [Candidate], refractoryTime: Double) -> [Candidate] {
        let r = refractoryTime
        // Kept candidates are pairwise apart by more than r: sorted by start, they are sorted by end too (for a
        // negative r, because such candidates are equally long).
        var kept: [Candidate] = []
        for p in candidates.sorted(by: { $0.precedes($1) }) {
            // The first kept candidate whose end (plus r) reaches p's start: it and only it can compete.
            var lo = 0, hi = kept.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if kept[mid].end + r < p.start { lo = mid + 1 } else { hi = mid }
            }
            if lo < kept.count, kept[lo].start <= p.end + r { continue }
            kept.insert(p, at: lo)
        }
        return kept
    }

    /// The gesture inside `candidate`, seconds: its span without the context on either side (see
    /// ``gesture(from:to:context:)``).
    ///
    /// - Complexity: O(1).
    package func interval(of candidate: Candidate) -> (start: Double, end: Double) {
        Self.gesture(from: candidate.start, to: candidate.end, context: context)
    }

    /// The gesture inside a match from `start` to `end` (seconds): the match without `context` seconds on either side;
    /// its middle instant if the match is shorter than twice the context.
    ///
    /// - Complexity: O(1).
    package static func gesture(from start: Double, to end: Double, context c: Double) -> (start: Double, end: Double) {
        guard c > 0 else { return (start, end) }
        return end - start >= 2 * c ? (start + c, end - c) : ((start + end) / 2, (start + end) / 2)
    }

    /// Forgets every candidate and ``forcedDecisions``, as if newly created.
    ///
    /// - Complexity: O(1).
    package mutating func reset() {
        pending.removeAll(keepingCapacity: true)
        kept.removeAll(keepingCapacity: true)
        lastKeptEnd = -.infinity
        forcedDecisions = 0
    }
}
