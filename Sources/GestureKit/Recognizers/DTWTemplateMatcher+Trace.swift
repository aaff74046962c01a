extension DTWTemplateMatcher {
    /// A point of one template's distance trace: its best alignment ending at sample `end` (indices within a run)
    /// and its normalised distance `√(cost / template length)`.
    struct TracePoint: Hashable, Sendable {
        var distance: Double
        var cost: Double
        var start: Int
        var end: Int
    }

    /// The local minima of one template's distance trace, found one point behind the trace: a point lower than
    /// the point before it and not higher than the one after it (a point out of the duration limits counts as
    /// +∞). A point on a slope has a lower neighbour that overlaps it, so the minima are the candidates; the
    /// streaming matcher and ``DTWTemplateMatcher/candidates(_:samples:)`` both find them with this type.
    ///
    /// - Complexity: O(1) per point, no allocation.
    struct TraceMinima: Sendable {
        private var previous: TracePoint?
        private var descending = false

        /// Takes the next point (`nil`: out of the limits); returns the previous point if it is a local minimum.
        mutating func advance(to point: TracePoint?) -> TracePoint? {
            var minimum: TracePoint?
            if let p = previous, descending, p.distance <= (point?.distance ?? .infinity) { minimum = p }
            if let point { descending = previous.map { $0.distance > point.distance } ?? true }
            previous = point
            return minimum
        }

        /// Forgets the trace (a new run).
        mutating func reset() {
            previous = nil
            descending = false
        }
    }

    /// The trace point of `spotter` after it consumed sample `t`, or `nil` when its best alignment is infinite or
    /// outside `minimumLength...maximumLength` samples. O(1).
    @inline(__always)
    static func tracePoint(_ spotter: SPRINGSpotter, at t: Int, minimumLength: Int, maximumLength: Int) -> TracePoint? {
        let (cost, start) = spotter.lastFullMatch
        let length = t - start + 1
        guard cost.isFinite, length >= minimumLength, length <= maximumLength else { return nil }
        return TracePoint(distance: (cost / Double(spotter.template.length)).squareRoot(), cost: cost, start: start, end: t)
    }

    /// Per spotter of `model` (``spottedSeries(_:)``: class templates, then background), its threshold on the
    /// normalised distance under `thresholds`' classes: the class's threshold (−∞, never firing, for a class
    /// without one), and for background templates the largest class threshold, since a background template needs
    /// only to beat a match that some class would accept. O(templates).
    static func spotterThresholds(_ model: DTWModel, under thresholds: DTWModel) -> [Double] {
        let classes = model.templates.map { thresholds.threshold(for: $0.label) ?? -.infinity }
        let background = classes.max() ?? -.infinity
        return classes + Array(repeating: background, count: model.background.count)
    }
}
