extension DTWTemplateMatcher {
    /// A match found with rejection off, for calibrating thresholds (see ``candidates(_:samples:)``).
    package struct Candidate: Hashable, Sendable {
        /// The template's class.
        package var label: String
        /// The template's index in the model.
        package var template: Int
        /// First and last sample of the match, seconds.
        package var start: Double
        /// See ``start``.
        package var end: Double
        /// Normalised distance `√(cost / template length)`.
        package var distance: Double
    }

    /// Every match the model could report on `samples` at some threshold, in one pass, in time order.
    /// ``DTWModel/background`` templates take part in suppression and are left out of the list.
    ///
    /// The candidates are ``scoredCandidates(_:samples:)`` (every local minimum of every template's distance trace,
    /// run by run) put through the stage's rule (``EventStage/suppress(_:refractoryTime:)``) without thresholds.
    /// Because a candidate's fate depends only on better ones, a class's candidates with distance ≤ τ are what the
    /// matcher reports of it when every class that competes with it has the threshold τ too: thresholds can be
    /// swept over this list. The events at a set of per-class thresholds are ``events(of:spottedBy:model:)``.
    ///
    /// - Complexity: as ``scoredCandidates(_:samples:)``, plus O(M log M) for the M minima. An offline tool, not a
    ///   recognizer path.
    package static func candidates(_ model: DTWModel, samples: some Sequence<MotionSample>) throws(ConfigurationError) -> [Candidate] {
        candidates(of: try scoredCandidates(model, samples: samples), model: model)
    }

    /// ``candidates(_:samples:)`` from the ``scoredCandidates(_:samples:)`` that `model` found. O(M log M).
    package static func candidates(of runs: [[EventStage.Candidate]], model: DTWModel) -> [Candidate] {
        runs.flatMap { run in
            EventStage.suppress(run, refractoryTime: model.refractoryTime).compactMap { p -> Candidate? in
                guard p.source < model.templates.count else { return nil }
                let (start, end) = gesture(from: p.start, to: p.end, in: model)
                return Candidate(label: model.templates[p.source].label, template: p.source, start: start, end: end, distance: p.cost)
            }
        }
    }

    /// What the streaming matcher sees before its thresholds, run by run (a gap longer than the resampler's
    /// ``Resampler/maximumGap`` starts a new run, as in ``process(_:into:)``): every local minimum of every
    /// template's distance trace (``TraceMinima``: the best alignment ending at each resampled sample, within the
    /// duration limits), as stage candidates in seconds: cost = normalised distance, source = spotter index (class
    /// templates, then background), measure = DTW cost.
    ///
    /// - Complexity: O(n × Σ template lengths × axes) for n resampled samples (no threshold pruning); memory O(M)
    ///   for the M minima, usually a small fraction of n × templates.
    package static func scoredCandidates(_ model: DTWModel, samples: some Sequence<MotionSample>) throws(ConfigurationError) -> [[EventStage.Candidate]] {
        try model.validate()
        let (minimumLength, maximumLength) = lengths(model)
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
        var minima = [TraceMinima](repeating: TraceMinima(), count: spotters.count)
        var resampler = try Resampler(rate: model.samplingRate)
        var features = [Double](repeating: 0, count: model.channels.count)
        var held = [Double?](repeating: nil, count: model.channels.count)
        let inverse = inverseScales(model)
        var envelope = try Self.envelope(model)
        var runs: [[EventStage.Candidate]] = [[]]
        var times: [Double] = []
        func add(_ m: TracePoint, _ i: Int) {
            runs[runs.count - 1].append(.init(start: times[m.start], end: times[m.end], cost: m.distance, source: i, measure: m.cost))
        }
        func endRun() {
            for i in spotters.indices {
                if let m = minima[i].advance(to: nil) { add(m, i) }
                minima[i].reset()
                spotters[i].reset()
            }
            envelope?.reset()
            times.removeAll(keepingCapacity: true)
            if !runs[runs.count - 1].isEmpty { runs.append([]) }
        }
        var resampled: [MotionSample] = []
        for sample in samples where sample.isFinite {
            if resampler.isGap(before: sample) { endRun() }
            resampled.removeAll(keepingCapacity: true)
            resampler.process(sample, into: &resampled)
            for r in resampled {
                guard read(model.channels, of: r, scaledBy: inverse, holding: &held, into: &features) else { continue }
                envelope?.update(&features)
                let t = times.count
                times.append(r.timestamp)
                features.withUnsafeBufferPointer { x in
                    for i in spotters.indices { _ = spotters[i].update(x) }
                }
                for i in spotters.indices {
                    let point = tracePoint(spotters[i], at: t, minimumLength: minimumLength, maximumLength: maximumLength)
                    if let m = minima[i].advance(to: point) { add(m, i) }
                }
            }
        }
        endRun()
        return runs.filter { !$0.isEmpty }
    }

    /// The events the streaming matcher of `model` reports, from the ``scoredCandidates(_:samples:)`` of a stream
    /// (found by `model` or by another model with the same channels and classes, such as a cross-fitted one whose
    /// candidates are then judged at `model`'s thresholds): each spotter's threshold, then the stage's rule run by
    /// run. The same events as ``process(_:into:)`` and ``finish(into:)`` on that stream, apart from their report
    /// time, which is the end of the match here.
    ///
    /// - Complexity: O(M log M) for M candidates.
    package static func events(of candidates: [[EventStage.Candidate]], spottedBy spotter: DTWModel? = nil, model: DTWModel) -> [GestureEvent] {
        let spotted = spotter ?? model
        let thresholds = spotterThresholds(spotted, under: model)
        return candidates.flatMap { run in
            EventStage.suppress(run.filter { $0.cost <= thresholds[$0.source] }, refractoryTime: model.refractoryTime)
                .compactMap { event($0, model: spotted, reportedAt: $0.end) }
        }
    }
}
