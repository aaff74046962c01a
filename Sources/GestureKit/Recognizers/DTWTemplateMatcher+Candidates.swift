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
    /// within the model's duration limits) is computed without rejection, and the points of all templates
    /// go through greedy non-maximum suppression in order of distance: a point is kept unless it overlaps,
    /// or comes within the refractory time of, a kept point with a lower distance. Because a point's fate
    /// depends only on better points, the candidates with distance ≤ τ are what suppression keeps at
    /// threshold τ, for every τ: thresholds can be swept over this list without running the matcher again.
    /// (The streaming matcher suppresses online, so its events at τ can differ from this list in rare
    /// chains of overlaps.)
    ///
    /// - Complexity: O(n × Σ template lengths × axes) for n resampled samples (no threshold pruning), plus
    ///   O(P log P) for P = n × templates trace points; O(P) memory. An offline tool, not a recognizer path.
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
        var features = [Double](repeating: 0, count: model.channels.count)
        let inverse = inverseScales(model)
        var resampled: [MotionSample] = []
        for sample in samples where sample.isFinite {
            resampled.removeAll(keepingCapacity: true)
            resampler.process(sample, into: &resampled)
            for r in resampled {
                guard read(model.channels, of: r, scaledBy: inverse, into: &features) else { continue }
                let t = times.count
                times.append(r.timestamp)
                features.withUnsafeBufferPointer { x in
                    for i in spotters.indices {
                        _ = spotters[i].update(x)
                        let (cost, start) = spotters[i].lastFullMatch
                        let length = t - start + 1
                        guard cost.isFinite, length >= minimumLength, length <= maximumLength else { continue }
                        points.append(((cost / Double(spotters[i].template.length)).squareRoot(), start, t, i))
                    }
                }
            }
        }
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
            Candidate(label: model.templates[p.template].label, template: p.template, start: times[p.start], end: times[p.end], distance: p.distance)
        }
    }
}
