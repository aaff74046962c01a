import GestureKit
import GestureData

/// Chooses a ``DTWModel``'s per-class rejection thresholds on continuous training recordings, background
/// included, instead of on the training examples alone (the `mean + k·σ` rule).
///
/// One pass: ``DTWTemplateMatcher/scoredCandidates(_:samples:)`` runs the model's spotters once over every
/// recording with rejection off, and the stage's rule without thresholds keeps the matches the matcher could report
/// at some threshold (``DTWTemplateMatcher/candidates(of:model:)``); a stricter threshold only removes candidates,
/// so a class's detections at threshold τ are its candidates with distance ≤ τ. Per class, candidates are added in
/// order of distance and after each distinct distance only the recording that gained one is re-matched with
/// ``EventMatching`` (the project's matching, against every judged annotation); the chosen state's threshold is
/// halfway between its last included distance and the next candidate's (the largest candidate distance when all
/// are kept; 0 when none are). The detections returned, and the figures of each choice, are then the matcher's own
/// events at the chosen thresholds (``DTWTemplateMatcher/events(of:spottedBy:model:)``): where classes with
/// different thresholds compete, they can differ a little from the sweep of each class alone.
///
/// Per class c: detections = events of c, annotations = annotations labelled c, true positives = events of c
/// matched to an annotation labelled c, false activations = events of c intersecting no annotation window,
/// per hour of background (``EventEvaluation/background(of:)``). Events of c in a don't-care region
/// (``EventMatching/ignoredLabels``) count in none of these: a threshold that only adds them is neither rewarded
/// nor penalised, and the ignored annotations' time is not background.
///
/// - Complexity: one spotting pass (O(samples × Σ template lengths), without threshold pruning), then
///   O(C log C + C × M) for C candidates, M the cost of matching one recording; a budget shared by several classes
///   adds the allocation of ``Objective/maxFalsePerHour(_:)`` (see `largestRecall`).
package struct StreamCalibration: Hashable, Sendable {
    /// What the thresholds optimise.
    package enum Objective: Hashable, Sendable {
        /// The largest event F1 (ties: the stricter threshold).
        case f1
        /// The largest recall with at most this many false activations per hour of background, for the model as
        /// a whole: the thresholds of all classes are chosen together for the most true positives whose false
        /// activations, summed over the classes, stay within the budget (ties: stricter thresholds). A class whose
        /// every hit would cost more than the budget leaves never fires (threshold 0).
        case maxFalsePerHour(Double)
    }

    /// The operating point chosen for one class.
    package struct Choice: Hashable, Sendable, Codable {
        /// The class.
        package var label: String
        /// The threshold on the normalised distance.
        package var threshold: Double
        /// Candidates of the class, and how many the threshold keeps.
        package var candidates: Int
        /// Candidates kept.
        package var kept: Int
        /// Event precision, recall and F1 of the class on the training recordings at the threshold.
        package var precision: Double
        /// See ``precision``.
        package var recall: Double
        /// See ``precision``.
        package var f1: Double
        /// False activations per hour of background at the threshold.
        package var falsePerHour: Double
    }

    /// The objective.
    package var objective: Objective
    /// How candidates are matched to annotations (the experiment's tolerances).
    package var matching: EventMatching

    /// Creates a calibration.
    package init(objective: Objective = .f1, matching: EventMatching = EventMatching()) {
        self.objective = objective
        self.matching = matching
    }

    /// `choices` with their precision, recall, F1 and false activations per hour counted again on `detections`
    /// (one array per recording): what the recognizer reports at the chosen thresholds, where classes that compete
    /// at different thresholds can keep a little more or less than the sweep of each class alone counted. The
    /// counts are the sweep's: a class's events matched against every judged annotation.
    ///
    /// - Complexity: one matching per class and recording.
    package func restate(_ choices: [Choice], detections: [[GestureEvent]], recordings: [Recording]) -> [Choice] {
        let backgroundHours = recordings.reduce(0) { $0 + EventEvaluation.background(of: $1) } / 3600
        return choices.map { choice in
            var c = choice
            var kept = 0, judged = 0, truePositives = 0, insertions = 0, annotations = 0
            for (r, events) in zip(recordings, detections) {
                let own = events.filter { $0.label == choice.label && matching.phases.contains($0.phase) }
                annotations += r.annotations.count { $0.label == choice.label }
                guard !own.isEmpty else { continue }
                let counts = matching.match(annotations: r.annotations, events: own).counts
                kept += own.count
                judged += counts.detections
                truePositives += counts.truePositives
                insertions += counts.insertions
            }
            guard annotations > 0 else { return c }
            c.kept = kept
            // Precision and F1 over the judged detections: those in don't-care regions count neither way.
            c.precision = judged == 0 ? .nan : Double(truePositives) / Double(judged)
            c.recall = Double(truePositives) / Double(annotations)
            c.f1 = 2 * Double(truePositives) / Double(judged + annotations)
            c.falsePerHour = backgroundHours > 0 ? Double(insertions) / backgroundHours : (insertions > 0 ? .infinity : 0)
            return c
        }
    }

    /// The operating point of each of `labels` that has annotations, from candidate events (one array per
    /// recording, `score` = normalised distance) found with rejection off.
    package func choose(candidates events: [[GestureEvent]], recordings: [Recording], labels: [String]) -> [Choice] {
        let backgroundHours = recordings.reduce(0) { $0 + EventEvaluation.background(of: $1) } / 3600
        let curves = labels.sorted().compactMap { curve(of: $0, candidates: events, recordings: recordings) }
        let picks: [Int]
        switch objective {
        case .f1:
            // The best F1 per class; ties: the stricter threshold (the earlier state).
            picks = curves.map { c in
                c.states.indices.reduce(0) { best, i in c.f1(at: i) > c.f1(at: best) ? i : best }
            }
        case let .maxFalsePerHour(budget):
            picks = Self.largestRecall(curves, allowedFalseActivations: Self.allowed(budget, hours: backgroundHours))
        }
        return zip(curves, picks).map { c, i in
            let state = c.states[i]
            let threshold: Double
            if state.kept == 0 {
                threshold = 0
            } else if state.kept < c.distances.count {
                threshold = (c.distances[state.kept - 1] + c.distances[state.kept]) / 2
            } else {
                threshold = c.distances[state.kept - 1]
            }
            let fph = backgroundHours > 0 ? Double(state.insertions) / backgroundHours : (state.insertions > 0 ? .infinity : 0)
            return Choice(label: c.label, threshold: threshold, candidates: c.distances.count, kept: state.kept,
                          precision: state.judged == 0 ? .nan : Double(state.truePositives) / Double(state.judged),
                          recall: Double(state.truePositives) / Double(c.annotations), f1: c.f1(at: i), falsePerHour: fph)
        }
    }

    /// One class's candidates in order of distance and the counts after each distinct distance.
    struct Curve {
        /// The class.
        var label: String
        /// Annotations of the class.
        var annotations: Int
        /// Candidate distances, ascending.
        var distances: [Double]
        /// Thresholds from strictest to loosest: state 0 keeps nothing, each next one every candidate up to the
        /// next distinct distance. True positives and insertions never decrease along it.
        /// `judged`: the kept candidates that matching judges, all but those in don't-care regions
        /// (``EventMatching/ignoredLabels``), which count neither as hits nor as false activations.
        var states: [(kept: Int, truePositives: Int, insertions: Int, judged: Int)]

        func f1(at i: Int) -> Double { 2 * Double(states[i].truePositives) / Double(states[i].judged + annotations) }
    }

    /// The curve of `label`, or `nil` when no recording annotates it. Per distinct distance only the recordings
    /// that gained a candidate are matched again.
    func curve(of label: String, candidates events: [[GestureEvent]], recordings: [Recording]) -> Curve? {
        let annotations = recordings.reduce(0) { $0 + $1.annotations.count { $0.label == label } }
        guard annotations > 0 else { return nil }
        // (distance, recording, event), strictest first; ties in input order.
        var sorted: [(distance: Double, recording: Int, event: GestureEvent)] = []
        for (r, list) in events.enumerated() {
            for e in list where e.label == label && matching.phases.contains(e.phase) { sorted.append((e.score, r, e)) }
        }
        sorted = sorted.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }.map(\.element)

        var included = [[GestureEvent]](repeating: [], count: recordings.count)
        var perRecording = [(tp: Int, insertions: Int, judged: Int)](repeating: (0, 0, 0), count: recordings.count)
        var tp = 0, insertions = 0, judged = 0
        var states = [(kept: 0, truePositives: 0, insertions: 0, judged: 0)]
        var k = 0
        while k < sorted.count {
            // Every candidate at this distance enters together.
            let d = sorted[k].distance
            var touched = Set<Int>()
            while k < sorted.count, sorted[k].distance == d {
                included[sorted[k].recording].append(sorted[k].event)
                touched.insert(sorted[k].recording)
                k += 1
            }
            for r in touched {
                let c = matching.match(annotations: recordings[r].annotations, events: included[r]).counts
                tp += c.truePositives - perRecording[r].tp
                insertions += c.insertions - perRecording[r].insertions
                judged += c.detections - perRecording[r].judged
                perRecording[r] = (c.truePositives, c.insertions, c.detections)
            }
            states.append((k, tp, insertions, judged))
        }
        return Curve(label: label, annotations: annotations, distances: sorted.map(\.distance), states: states)
    }

    /// The most false activations that `budget` per hour allows in `hours` of background.
    static func allowed(_ budget: Double, hours: Double) -> Int {
        guard hours > 0, budget.isFinite else { return budget.isFinite ? 0 : Int.max }
        // More than any stream can hold: no limit (and no overflow below).
        guard budget * hours < 1e15 else { return Int.max }
        var n = Int((budget * hours).rounded(.down))
        // The same comparison the reported rate makes, so a budget met exactly is met.
        while Double(n + 1) / hours <= budget { n += 1 }
        while n > 0, Double(n) / hours > budget { n -= 1 }
        return n
    }

    /// One state per curve: the most true positives over all classes with at most `allowed` insertions in total
    /// (ties: fewer insertions, then fewer detections), so that the budget holds for the model as a whole rather
    /// than once per class. Exact, by dynamic programming over the insertions spent: O(classes × allowed′ × F),
    /// allowed′ the smaller of `allowed` and the insertions at the loosest thresholds, F the distinct insertion
    /// counts of a curve; immediate when every class's best state fits together.
    static func largestRecall(_ curves: [Curve], allowedFalseActivations allowed: Int) -> [Int] {
        typealias Value = (tp: Int, insertions: Int, kept: Int)
        func better(_ a: Value, _ b: Value) -> Bool {
            a.tp != b.tp ? a.tp > b.tp : a.insertions != b.insertions ? a.insertions < b.insertions : a.kept < b.kept
        }
        // Per curve, per distinct insertion count, its best state: the only ones an optimum uses.
        let frontiers: [[Int]] = curves.map { curve in
            var byInsertions: [Int: Int] = [:]
            for (i, s) in curve.states.enumerated() {
                let value: Value = (s.truePositives, s.insertions, s.kept)
                if let j = byInsertions[s.insertions] {
                    let o = curve.states[j]
                    if better(value, (o.truePositives, o.insertions, o.kept)) { byInsertions[s.insertions] = i }
                } else {
                    byInsertions[s.insertions] = i
                }
            }
            return byInsertions.keys.sorted().map { byInsertions[$0]! }
        }
        // A budget that does not bind: each class at its own best.
        let unconstrained = zip(curves, frontiers).map { curve, frontier in
            frontier.reduce(frontier[0]) { b, i in
                let s = curve.states[i], o = curve.states[b]
                return better((s.truePositives, s.insertions, s.kept), (o.truePositives, o.insertions, o.kept)) ? i : b
            }
        }
        if zip(curves, unconstrained).reduce(0, { $0 + $1.0.states[$1.1].insertions }) <= allowed { return unconstrained }

        let cap = min(allowed, curves.reduce(0) { $0 + ($1.states.last?.insertions ?? 0) })
        // best[b]: the classes so far with at most b insertions; choice[c][b]: class c's state in that optimum.
        var best = [Value](repeating: (0, 0, 0), count: cap + 1)
        var choice: [[Int]] = []
        for (curve, frontier) in zip(curves, frontiers) {
            var next = [Value](repeating: (-1, 0, 0), count: cap + 1)
            var picked = [Int](repeating: 0, count: cap + 1)
            for b in 0...cap {
                for i in frontier {
                    let s = curve.states[i]
                    guard s.insertions <= b else { break }
                    let rest = best[b - s.insertions]
                    let value: Value = (rest.tp + s.truePositives, rest.insertions + s.insertions, rest.kept + s.kept)
                    if next[b].tp < 0 || better(value, next[b]) { (next[b], picked[b]) = (value, i) }
                }
            }
            best = next
            choice.append(picked)
        }
        // Walk back from the whole budget.
        var picks = [Int](repeating: 0, count: curves.count), b = cap
        for c in curves.indices.reversed() {
            picks[c] = choice[c][b]
            b -= curves[c].states[picks[c]].insertions
        }
        return picks
    }

    /// The false activations among `detections` (one array per recording, e.g. the detections a recognizer's
    /// calibration returns): the stretches where it fired on no annotation (the *insertions* of ``EventMatching``),
    /// per recording, in time order. O(matching).
    package func falseActivations(detections: [[GestureEvent]], on recordings: [Recording]) -> [[(start: Double, end: Double)]] {
        zip(recordings, detections).map { r, events in
            let outcomes = matching.match(annotations: r.annotations, events: events).detectionOutcomes
            return zip(events, outcomes).filter { $0.1 == .insertion }.map { ($0.0.start, $0.0.end) }
        }
    }
}
