// The batch path: a recording read and scored window by window as the streaming spotter would, for training,
// calibration and tests.
extension MiniRocketSpotter {
    /// One scored window of a recording (the batch path).
    package struct Window: Hashable, Sendable {
        /// First and last sample of the window (context included), indices into the resampled stream.
        package var start: Int
        /// See ``start``.
        package var end: Int
        /// Times of the first and last sample, seconds.
        package var startTime: Double
        /// See ``startTime``.
        package var endTime: Double
        /// One score per class of ``MiniRocketModel/labels``.
        package var scores: [Double]
        /// The run of samples between gaps that holds the window (``Series/runs``).
        package var run: Int
    }

    /// A recording as the spotter reads it: channels resampled (and enveloped), interleaved, with their times and
    /// the runs between gaps.
    package struct Series: Sendable {
        /// The channels' values, interleaved, sample after sample.
        package var values: [Double]
        /// Each sample's time, seconds.
        package var times: [Double]
        /// The runs of samples between gaps longer than the resampler's ``Resampler/maximumGap``, as index ranges in
        /// order: no window spans two.
        package var runs: [Range<Int>]
    }

    /// `channels` of `samples` resampled to `samplingRate` (Hz), as moving standard deviations over `movingDeviation`
    /// seconds when given (restarted at each gap, as the spotter restarts), then, those that
    /// ``MotionChannel/measuresIntensity``, as standard scores against their running statistics with a time constant
    /// of `normalization` seconds when given (kept across gaps, as the spotter
    /// keeps them): the stream the spotter reads. Samples lacking a channel are skipped, as the spotter skips them.
    ///
    /// - Complexity: O(samples × channels).
    package static func series(channels: [MotionChannel], samplingRate: Double, movingDeviation: Double? = nil,
                              normalization: Double? = nil, samples: some Sequence<MotionSample>) throws(ConfigurationError) -> Series {
        var resampler = try Resampler(rate: samplingRate)
        var envelope = try movingDeviation.map { (seconds) throws(ConfigurationError) in
            try MovingDeviation(seconds: seconds, samplingRate: samplingRate, channels: channels.count)
        }
        var standardizer = try normalization.map { (seconds) throws(ConfigurationError) in
            try RunningStandardizer(seconds: seconds, samplingRate: samplingRate, channels: channels.count,
                                    selected: normalizedChannels(channels))
        }
        var series = Series(values: [], times: [], runs: [])
        var runStart = 0
        var out: [MotionSample] = []
        var held = [Double?](repeating: nil, count: channels.count)
        for sample in samples where sample.isFinite {
            if resampler.isGap(before: sample) {
                if series.times.count > runStart { series.runs.append(runStart..<series.times.count) }
                runStart = series.times.count
                envelope?.reset()
            }
            out.removeAll(keepingCapacity: true)
            resampler.process(sample, into: &out)
            for s in out {
                var row: [Double] = []
                row.reserveCapacity(channels.count)
                for d in channels.indices {
                    guard let v = channels[d].value(in: s, holding: &held[d]) else { break }
                    row.append(v)
                }
                guard row.count == channels.count else { continue }
                envelope?.update(&row)
                standardizer?.update(&row)
                series.values += row
                series.times.append(s.timestamp)
            }
        }
        if series.times.count > runStart { series.runs.append(runStart..<series.times.count) }
        return series
    }

    /// The indices of the `channels` that ``MiniRocketModel/Stream/normalization`` standardises: those that
    /// ``MotionChannel/measuresIntensity`` (their scale depends on the person); angles, periods and regularities are
    /// read as they are. O(channels).
    static func normalizedChannels(_ channels: [MotionChannel]) -> [Int] {
        channels.indices.filter { channels[$0].measuresIntensity }
    }

    /// The sample index at which each window the spotter scores ends, run by run: in each run the first at
    /// `windowLength − 1` samples after its start, then one every `hopLength`. O(windows).
    package static func windowEnds(runs: [Range<Int>], windowLength: Int, hopLength: Int) -> [Int] {
        windowEndsByRun(runs: runs, windowLength: windowLength, hopLength: hopLength).map(\.end)
    }

    /// ``windowEnds(runs:windowLength:hopLength:)`` with the index of each window's run.
    static func windowEndsByRun(runs: [Range<Int>], windowLength: Int, hopLength: Int) -> [(end: Int, run: Int)] {
        runs.enumerated().flatMap { i, r in
            stride(from: r.lowerBound + windowLength - 1, to: r.upperBound, by: hopLength).map { ($0, i) }
        }
    }

    /// Every window the spotter scores on `samples`, scored in one batch over up to `threads` threads: the same
    /// scores as the streaming path (an ensemble's averaged over its members), for training and tests.
    ///
    /// - Complexity: per member, the batch transform of the stream's windows (overlapping windows share their
    ///   convolutions; the scores are those of each window transformed on its own) plus O(windows × classes × features).
    package func windowScores(_ samples: some Sequence<MotionSample>, threads: Int? = nil) throws -> [Window] {
        let samples = Array(samples)
        let series = try Self.series(channels: configuration.channels, samplingRate: configuration.samplingRate,
                                     movingDeviation: stream.movingDeviation, normalization: stream.normalization, samples: samples)
        let own = try scores(of: series, threads: threads)
        guard !members.isEmpty else { return own }
        return try Self.averaged([own] + members.map { try $0.windowScores(samples, threads: threads) })
    }

    /// ``windowScores(_:threads:)`` of a stream already read by ``series(channels:samplingRate:movingDeviation:normalization:samples:)``,
    /// for a model that is no ensemble (each member reads its own series; ``averaged(_:)`` joins them).
    ///
    /// - Complexity: that of ``windowScores(_:threads:)`` for one member.
    package func windowScores(_ series: Series, threads: Int? = nil) throws -> [Window] {
        guard members.isEmpty else {
            throw ConfigurationError(key: "ensemble", "score each member on its own series, then average them")
        }
        return try scores(of: series, threads: threads)
    }

    /// The windows of one series averaged over members, window by window: the ensemble's scores. Every member must
    /// have scored the same windows (they read the same channels at the same rate on the same grid). O(windows × classes × members).
    package static func averaged(_ members: [[Window]]) throws -> [Window] {
        guard var mean = members.first else { return [] }
        for other in members.dropFirst() {
            guard other.count == mean.count else {
                throw ConfigurationError(key: "ensemble", "the members scored \(mean.count) and \(other.count) windows: they must share the window grid")
            }
            for i in mean.indices {
                guard other[i].end == mean[i].end, other[i].start == mean[i].start, other[i].scores.count == mean[i].scores.count else {
                    throw ConfigurationError(key: "ensemble", "window \(i) differs between members: they must share the window grid")
                }
                for k in mean[i].scores.indices { mean[i].scores[k] += other[i].scores[k] }
            }
        }
        let count = Double(members.count)
        if members.count > 1 { for i in mean.indices { for k in mean[i].scores.indices { mean[i].scores[k] /= count } } }
        return mean
    }

    /// This model's own classifier's scores of every window of `series`: the windows transformed together, sharing
    /// the convolutions of overlapping windows (``MiniRocket/transform(windowsOf:runs:length:hop:threads:variant:sharing:_:)``,
    /// the features of each window on its own, bit for bit), then the classifier's head, block by block.
    ///
    /// - Complexity: that of the batch transform plus O(windows × classes × features); memory O(windows × classes)
    ///   beside one block of features per thread.
    private func scores(of series: Series, threads: Int?) throws -> [Window] {
        let n = windowLength, classes = configuration.labels.count
        let ends = Self.windowEndsByRun(runs: series.runs, windowLength: n, hopLength: hopLength)
        let classifier = try windowClassifier
        let transform = classifier.model.transform
        guard transform.channelCount == configuration.channels.count else {
            throw MiniRocketError.channelMismatch(series: "the stream", expected: transform.channelCount, got: configuration.channels.count)
        }
        let f = transform.featureCount
        var scores = [Double](repeating: 0, count: ends.count * classes)
        scores.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let out = out
            series.values.withUnsafeBufferPointer { values in
                transform.transform(windowsOf: values, runs: series.runs, length: n, hop: hopLength, threads: threads) { first, rows in
                    let count = rows.count / f
                    classifier.scores(features: rows, into: UnsafeMutableBufferPointer(rebasing: out[(first * classes)..<((first + count) * classes)]))
                }
            }
        }
        return ends.enumerated().map { i, e in
            Window(start: e.end - n + 1, end: e.end, startTime: series.times[e.end - n + 1], endTime: series.times[e.end],
                   scores: Array(scores[(i * classes)..<((i + 1) * classes)]), run: e.run)
        }
    }

    /// Every window's candidate, before thresholds, by the spotter's rule (``bestGestureClass(_:labels:background:)``),
    /// split into the runs between gaps: what calibration sweeps thresholds over. Cost = −score, source = class index.
    ///
    /// - Complexity: O(windows × classes).
    package func candidates(windows: [Window]) -> [[EventStage.Candidate]] {
        var runs: [[EventStage.Candidate]] = []
        var previousRun: Int?
        for w in windows {
            if w.run != previousRun { runs.append([]) }
            previousRun = w.run
            guard let k = Self.bestGestureClass(w.scores, labels: configuration.labels, background: stream.backgroundLabel) else { continue }
            runs[runs.count - 1].append(Self.candidate(start: w.startTime, end: w.endTime, scores: w.scores, class: k))
        }
        return runs
    }

    /// The events the streaming spotter of this model reports, from the ``candidates(windows:)`` of a stream (found
    /// by this model or by a cross-fitted one with the same classes, judged at this model's thresholds): each class's
    /// threshold, then the stage's rule run by run. The same events as ``process(_:into:)`` and ``finish(into:)``
    /// on that stream, apart from their report time, which is the window's end here.
    ///
    /// - Complexity: O(W log W) for W windows.
    package func events(of candidates: [[EventStage.Candidate]]) -> [GestureEvent] {
        candidates.flatMap { run in
            EventStage.suppress(run.filter { -$0.cost >= thresholds[$0.source] }, refractoryTime: stream.refractoryTime)
                .map { Self.event($0, model: configuration, thresholds: thresholds, reportedAt: $0.end) }
        }
    }

    /// The classifier with segments taken as they are (the streaming path applies no length policy).
    private var windowClassifier: MiniRocketClassifier {
        get throws {
            var model = configuration
            model.lengthPolicy = .asRecorded
            model.ensemble = nil  // this model's own classifier: the members score themselves
            return try MiniRocketClassifier(model: model)
        }
    }
}
