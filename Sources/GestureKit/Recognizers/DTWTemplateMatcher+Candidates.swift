extension DTWTemplateMatcher {
    /// A match found with rejection off, for calibrating thresholds (see ``candidates(_:samples:)``).
    public struct Candidate: Hashable, Sendable {
        /// The template's class.
        public var label: String
        /// The template's index in the model.
        public var template: Int
        /// First and last sample of the match, seconds.
        public var start: Double
        /// See ``start``.
        public var end: Double
        /// Normalised distance `√(cost / template length)`.
        public var distance: Double
    }

    /// Every match the model could report on `samples` at some threshold, in one pass, in time order.
    /// ``DTWModel/background`` templates take part in suppression and are left out of the list.
    ///
    /// Each template's subsequence-DTW distance trace (its best alignment ending at every resampled sample,
    /// within the model's duration limits) is computed without rejection. Only the trace's local minima are
    /// kept (a point lower than the point before it and not higher than the one after it; an end outside the
    /// duration limits counts as +∞): a point on a slope has a lower neighbour that overlaps it, which is what
    /// SPRING reports in its place, so the streaming matcher would not report it either. The minima of all
    /// templates go through greedy non-maximum suppression in order of distance: a point is kept unless it
    /// overlaps, or comes within the refractory time of, a kept point with a lower distance. Because a
    /// point's fate depends only on better points, the candidates with distance ≤ τ are what suppression
    /// keeps at threshold τ, for every τ: thresholds can be swept over this list without running the matcher
    /// again. (The streaming matcher suppresses online, so its events at τ can differ from this list in rare
    /// chains of overlaps.)
    ///
    /// - Complexity: O(n × Σ template lengths × axes) for n resampled samples (no threshold pruning), plus
    ///   O(M log M) for the M local minima; memory O(n + M), where M is usually a small fraction of
    ///   n × templates (every trace point, which the minima replace: ≈ 0.5 GB for 3.4 h at 50 Hz with 24
    ///   templates). An offline tool, not a recognizer path.
    public static func candidates(_ model: DTWModel, samples: some Sequence<MotionSample>) throws(ConfigurationError) -> [Candidate] {
        try model.validate()
        let (minimumLength, maximumLength, refractory) = lengths(model)
        var spotters: [SPRINGSpotter] = []
        for (i, series) in spottedSeries(model).enumerated() {
            do {
                var s = try SPRINGSpotter(template: series, threshold: .infinity, minimumLength: minimumLength, maximumLength: maximumLength)
                s.reportsMatches = false
                spotters.append(s)
            } catch {
                throw ConfigurationError(key: key(ofSpotter: i, in: model), error.description)
            }
        }
        var resampler = try Resampler(rate: model.samplingRate)
        var times: [Double] = []
        var points: [(distance: Double, start: Int, end: Int, template: Int)] = []
        // Per template, the previous trace point (nil when out of the duration limits) and whether it is lower
        // than the one before it: it is a local minimum once the next point is not lower.
        var previous = [(point: (distance: Double, start: Int, end: Int, template: Int), descending: Bool)?](repeating: nil, count: spotters.count)
        func advance(_ i: Int, to point: (distance: Double, start: Int, end: Int, template: Int)?) {
            if let p = previous[i], p.descending, p.point.distance <= (point?.distance ?? .infinity) { points.append(p.point) }
            previous[i] = point.map { ($0, previous[i].map { $0.point.distance > point!.distance } ?? true) }
        }
        var features = [Double](repeating: 0, count: model.channels.count)
        let inverse = inverseScales(model)
        var envelope = try Self.envelope(model)
        var resampled: [MotionSample] = []
        for sample in samples where sample.isFinite {
            resampled.removeAll(keepingCapacity: true)
            resampler.process(sample, into: &resampled)
            for r in resampled {
                guard read(model.channels, of: r, scaledBy: inverse, into: &features) else { continue }
                envelope?.update(&features)
                let t = times.count
                times.append(r.timestamp)
                features.withUnsafeBufferPointer { x in
                    for i in spotters.indices { _ = spotters[i].update(x) }
                }
                for i in spotters.indices {
                    let (cost, start) = spotters[i].lastFullMatch
                    let length = t - start + 1
                    guard cost.isFinite, length >= minimumLength, length <= maximumLength else {
                        advance(i, to: nil)
                        continue
                    }
                    advance(i, to: ((cost / Double(spotters[i].template.length)).squareRoot(), start, t, i))
                }
            }
        }
        for i in spotters.indices { advance(i, to: nil) }
        points.sort { ($0.distance, $0.end, $0.template) < ($1.distance, $1.end, $1.template) }
        // Kept points: pairwise apart by more than the refractory time, so sorted by start they are sorted by end too.
        var kept: [(distance: Double, start: Int, end: Int, template: Int)] = []
        for p in points {
            // The first kept point whose end (plus refractory) reaches p's start; it and only it can compete.
            var lo = 0, hi = kept.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if kept[mid].end + refractory < p.start { lo = mid + 1 } else { hi = mid }
            }
            if lo < kept.count, kept[lo].start <= p.end + refractory { continue }
            kept.insert(p, at: lo)
        }
        // Background winners suppress their neighbours and report nothing, as in the matcher.
        return kept.filter { $0.template < model.templates.count }.map { p in
            let (start, end) = gesture(from: times[p.start], to: times[p.end], in: model)
            return Candidate(label: model.templates[p.template].label, template: p.template, start: start, end: end, distance: p.distance)
        }
    }
}
