import Dispatch
import Foundation
import GestureKit
import GestureData

/// Event-detection metrics of one recognizer (or configuration) over continuous recordings.
///
/// Built from the recordings and, for each, the events the recognizer emitted on it (for example
/// from ``EventDetection/run(_:pipeline:)``). Counts are pooled over recordings; intervals of
/// precision, recall, F1 and false positives per hour come from a seeded percentile bootstrap
/// that resamples whole subjects when the recordings carry at least two (a person's recordings are not
/// independent, and neither are the events within a recording), else whole recordings; each interval
/// names what it resampled (``ConfidenceInterval/units``).
public struct EventEvaluation: Codable, Hashable, Sendable {
    /// The background row and column label of ``confusion``.
    package static let null = "null"

    /// One recording's outcome.
    package struct RecordingOutcome: Codable, Hashable, Sendable {
        /// Recording identifier.
        package var id: String
        /// Subject.
        package var subject: String
        /// Session.
        package var session: String
        /// First to last sample, seconds.
        package var duration: Double
        /// Duration not covered by any annotation (judged or ignored), seconds.
        package var background: Double
        /// Pooled counts.
        package var counts: EventCounts
        /// Counts by label.
        package var countsByLabel: [String: EventCounts]
    }

    /// The matching used.
    package var matching: EventMatching
    /// Labels of annotations and detections, sorted.
    package var labels: [String]
    /// Per recording, in input order.
    package var recordings: [RecordingOutcome]
    /// Counts over all recordings and labels.
    package var overall: EventCounts
    /// Counts by label over all recordings.
    package var byLabel: [String: EventCounts]
    /// Counts by subject over all labels.
    package var bySubject: [String: EventCounts]
    /// Pooled precision with bootstrap interval.
    package var precision: Estimate
    /// Pooled recall with bootstrap interval.
    package var recall: Estimate
    /// Pooled F1 with bootstrap interval.
    package var f1: Estimate
    /// Total background, hours.
    package var backgroundHours: Double
    /// Insertions per hour of background, with bootstrap interval.
    package var falsePositivesPerHour: Estimate
    /// Insertions per hour of background, by detection label.
    package var falsePositivesPerHourByLabel: [String: Double]
    /// Rows: annotation label or `null`; columns: detection label or `null`. Matched pairs at
    /// (truth, detection); unmatched annotations (deleted or merged) in the `null` column; unmatched
    /// detections (inserted or fragments) in the `null` row.
    package var confusion: LabelledMatrix
    /// Detection time − annotation end over correct matches, seconds (`nil` without any).
    package var latencyFromEnd: LatencySummary?
    /// Detection time − annotation start over correct matches, seconds.
    package var latencyFromStart: LatencySummary?
    /// For matched pairs whose annotation implies a direction: rows the annotated direction,
    /// columns the reported one or `none`. `nil` when no detection reports a direction (the
    /// recognizer does not report directions) or no annotation implies one.
    package var directionConfusion: LabelledMatrix?

    /// Evaluates `events[i]` against `recordings[i].annotations` for every i.
    ///
    /// - Parameters:
    ///   - direction: the direction an annotation implies; the default reads a direction name at
    ///     the end of the label (`"slapLeft"`, `"swipe.up"`, `"left"`).
    /// - Complexity: O(Σ A·D log(A·D)) for matching plus O(B · R) for the bootstrap over R recordings.
    package init(
        recordings: [Recording],
        events: [[GestureEvent]],
        matching: EventMatching = EventMatching(),
        bootstrap: BootstrapOptions = BootstrapOptions(),
        direction: (Annotation) -> Direction? = EventEvaluation.direction(inLabel:)
    ) throws(StatisticsError) {
        try Self.check(recordings: recordings.count, lists: events.count, matching: matching)
        try self.init(recordings: recordings, matches: zip(recordings, events).map { matching.match(annotations: $0.annotations, events: $1) },
                      matching: matching, bootstrap: bootstrap, direction: direction)
    }

    /// Evaluates `matches[i]`, the matching of `recordings[i]`'s events by `matching` (as
    /// ``EventMatching/match(annotations:events:)`` gives it), for every i: a caller that has matched already
    /// does not match again. Gives what ``init(recordings:events:matching:bootstrap:direction:)`` gives.
    ///
    /// - Complexity: O(Σ A·D) over the matches plus O(B · R) for the bootstrap over R recordings.
    package init(
        recordings: [Recording],
        matches results: [EventMatching.Result],
        matching: EventMatching,
        bootstrap: BootstrapOptions = BootstrapOptions(),
        direction: (Annotation) -> Direction? = EventEvaluation.direction(inLabel:)
    ) throws(StatisticsError) {
        try Self.check(recordings: recordings.count, lists: results.count, matching: matching)
        self.matching = matching
        var labelSet = Set<String>()
        for r in results {
            // Ignored annotations (don't-care regions) are in no table; ignored detections in none but their count.
            labelSet.formUnion(zip(r.annotations, r.annotationOutcomes).filter { $0.1 != .ignored }.map { $0.0.label })
            labelSet.formUnion(zip(r.detections, r.detectionOutcomes).filter { $0.1 != .ignored }.map { $0.0.label })
        }
        labels = labelSet.sorted()

        var outcomes: [RecordingOutcome] = []
        var byLabel: [String: EventCounts] = [:], bySubject: [String: EventCounts] = [:]
        var confusion = LabelledMatrix(rowAxis: "annotation", columnAxis: "detection", rows: labels + [Self.null], columns: labels + [Self.null])
        let directions = Direction.allCases.map(\.rawValue)
        var directionMatrix = LabelledMatrix(rowAxis: "annotated direction", columnAxis: "reported direction", rows: directions, columns: directions + ["none"])
        var anyDirection = false
        let reportsDirections = results.contains { $0.detections.contains { $0.direction != nil } }
        var fromEnd: [Double] = [], fromStart: [Double] = [], latencySubjects: [String] = []
        for (recording, result) in zip(recordings, results) {
            let perLabel = result.countsByLabel
            let counts = perLabel.values.reduce(EventCounts(), +)
            outcomes.append(RecordingOutcome(
                id: recording.id, subject: recording.subject, session: recording.session,
                duration: recording.duration, background: Self.background(of: recording),
                counts: counts, countsByLabel: perLabel))
            for (label, c) in perLabel { byLabel[label, default: EventCounts()] = byLabel[label, default: EventCounts()] + c }
            bySubject[recording.subject, default: EventCounts()] = bySubject[recording.subject, default: EventCounts()] + counts
            for (a, annotation) in result.annotations.enumerated() where result.annotationOutcomes[a] != .ignored {
                guard let d = result.detectionOfAnnotation[a] else {
                    confusion.add(row: annotation.label, column: Self.null)
                    continue
                }
                let detection = result.detections[d]
                confusion.add(row: annotation.label, column: detection.label)
                if result.annotationOutcomes[a] == .correct {
                    fromEnd.append(detection.time - annotation.end)
                    fromStart.append(detection.time - annotation.start)
                    latencySubjects.append(recording.subject)
                }
                if reportsDirections, let truth = direction(annotation) {
                    anyDirection = true
                    directionMatrix.add(row: truth.rawValue, column: detection.direction?.rawValue ?? "none")
                }
            }
            for (d, detection) in result.detections.enumerated()
            where result.annotationOfDetection[d] == nil && result.detectionOutcomes[d] != .ignored {
                confusion.add(row: Self.null, column: detection.label)
            }
        }
        self.recordings = outcomes
        self.byLabel = byLabel
        self.bySubject = bySubject
        self.confusion = confusion
        directionConfusion = anyDirection ? directionMatrix : nil
        overall = byLabel.values.reduce(EventCounts(), +)
        let backgroundSeconds = outcomes.reduce(0) { $0 + $1.background }
        backgroundHours = backgroundSeconds / 3600
        falsePositivesPerHourByLabel = byLabel.mapValues { backgroundSeconds > 0 ? Double($0.insertions) / (backgroundSeconds / 3600) : .nan }

        let resampled = IntervalUnits.resampling(subjects: outcomes.map(\.subject), otherwise: .recordings)
        let pooled = try Bootstrap.percentiles(clusters: resampled.clusters, units: resampled.units, options: bootstrap) { idx in
            var c = EventCounts(), background = 0.0
            for i in idx { c = c + outcomes[i].counts; background += outcomes[i].background }
            return [c.precision, c.recall, c.f1, background > 0 ? Double(c.insertions) / (background / 3600) : .nan]
        }
        precision = pooled[0]
        recall = pooled[1]
        f1 = pooled[2]
        falsePositivesPerHour = pooled[3]
        latencyFromEnd = fromEnd.isEmpty ? nil : try LatencySummary(fromEnd, subjects: latencySubjects, bootstrap: bootstrap)
        latencyFromStart = fromStart.isEmpty ? nil : try LatencySummary(fromStart, subjects: latencySubjects, bootstrap: bootstrap)
    }

    /// Throws unless there is one event list (or matching) per recording, at least one recording, and finite
    /// tolerances ≥ 0: checked before anything is matched.
    private static func check(recordings: Int, lists: Int, matching: EventMatching) throws(StatisticsError) {
        guard recordings == lists else {
            throw .invalidArgument(statistic: "eventEvaluation", message: "\(recordings) recordings but \(lists) event lists")
        }
        guard recordings > 0 else { throw .tooFewValues(statistic: "eventEvaluation", count: 0, needed: 1) }
        for (name, tolerance) in [("toleranceBefore", matching.toleranceBefore), ("toleranceAfter", matching.toleranceAfter)]
        where !(tolerance >= 0 && tolerance.isFinite) {
            throw .invalidArgument(statistic: "eventEvaluation", message: "\(name) must be a finite number of seconds ≥ 0, got \(tolerance)")
        }
    }

    /// Each recording's pooled counts, in input order: the units of a paired F1 bootstrap
    /// (``PairedBootstrapComparison/init(f1:_:options:)``) between two recognizers.
    package var unitCounts: [DetectionCounts] { recordings.map(\.counts.detectionCounts) }

    /// The direction named at the end of `annotation.label`, case-insensitively, if any.
    package static func direction(inLabel annotation: Annotation) -> Direction? {
        let label = annotation.label.lowercased()
        return Direction.allCases.first { label.hasSuffix($0.rawValue) }
    }

    /// The part of a recording's time span covered by no annotation, seconds: judged annotations and the
    /// ignored ones a judged recording keeps (``EventMatching/ignoredLabels``), whose time is not background either.
    /// O(A log A).
    package static func background(of recording: Recording) -> Double {
        guard let first = recording.timestamps.first, let last = recording.timestamps.last, last > first else { return 0 }
        var covered = 0.0, reach = first
        for a in recording.annotations.sorted(by: { $0.start < $1.start }) {
            let s = max(a.start, reach), e = min(a.end, last)
            if e > s { covered += e - s }
            reach = max(reach, min(a.end, last))
        }
        return max(0, last - first - covered)
    }
}

/// Runs a recognizer pipeline over recordings: what ``EventEvaluation`` evaluates.
package enum EventDetection {
    /// The events of a fresh pipeline (from `pipeline()`) on each recording, fed sample by sample
    /// exactly as an app would, and finished at the recording's end (``Pipeline/finish(into:)``), so a
    /// gesture the last samples complete is counted. Recordings are processed concurrently on all cores;
    /// the result is in recording order. O(total samples · per-sample cost).
    package static func run(_ recordings: [Recording], pipeline: @Sendable () -> Pipeline) -> [[GestureEvent]] {
        parallelMap(recordings.count) { i in
            var p = pipeline()
            return p.run(over: recordings[i].samples)
        }
    }
}
