// The person's windows that adaptation learns from, cut and labelled as training cuts and labels them.
extension MiniRocketModel {
    /// At most this many of a person's windows are read per lever and member (positives first, negatives drawn
    /// evenly): the ridge is O(n³) in them.
    package static let maxAdaptationWindows = 600

    /// The person's windows as `member` reads them: raw features (row-major, `labels.count` rows) and each window's
    /// class index in the member's labels (`nil`: background). With `labelled`, windows are labelled by the training
    /// rule (``MiniRocketSpotter/windowLabel(of:among:window:ignores:)``: positives of a class the member lacks and
    /// windows neither positive nor negative are left out); without, every window is read, unlabelled (`nil`), the
    /// gestures unread. `streams` hold samples that carry the member's channels (behind its stages) and their
    /// gestures, seconds. At most ``maxAdaptationWindows``: every positive, negatives evenly.
    ///
    /// - Complexity: O(samples × channels) to read the streams, one MiniRocket transform per window kept (over up to
    ///   `threads` threads; `nil`: one per core).
    package static func adaptationWindows(of member: MiniRocketModel, streams: [(samples: [MotionSample], gestures: [GestureSpan])],
                                          labelled: Bool, ignores: (String) -> Bool,
                                          threads: Int? = nil) throws -> (features: [Float], labels: [Int?]) {
        guard let stream = member.stream else { return ([], []) }
        let c = member.channels.count, rate = member.samplingRate
        let n = EventStage.lengths(samplingRate: rate, minimumDuration: stream.window, maximumDuration: stream.window, context: stream.context).maximum
        let hop = max(1, Int((stream.hop * rate).rounded()))
        var positives: [(DTWSeries, Int)] = [], negatives: [DTWSeries] = []
        for s in streams {
            let series = try MiniRocketSpotter.series(channels: member.channels, samplingRate: rate, movingDeviation: stream.movingDeviation,
                                                      normalization: stream.normalization, samples: s.samples)
            for end in MiniRocketSpotter.windowEnds(runs: series.runs, windowLength: n, hopLength: hop) {
                let segment = try DTWSeries(interleaved: Array(series.values[((end - n + 1) * c)..<((end + 1) * c)]), dimensions: c)
                guard labelled else { negatives.append(segment); continue }
                let span = series.gestureSpan(ofWindowEndingAt: end, length: n, context: stream.context)
                switch MiniRocketSpotter.windowLabel(of: span, among: s.gestures, window: stream.window, ignores: ignores) {
                case .some(.some(let label)): if let k = member.labels.firstIndex(of: label) { positives.append((segment, k)) }
                case .some(.none): negatives.append(segment)
                case .none: break
                }
            }
        }
        let room = max(0, maxAdaptationWindows - positives.count)
        let step = max(1, (negatives.count + room - 1) / max(1, room))
        let kept = stride(from: 0, to: negatives.count, by: step).map { negatives[$0] }.prefix(room)
        let series = positives.map(\.0) + kept
        guard !series.isEmpty else { return ([], []) }
        let features = try member.transform.transform(series, threads: threads)
        return (features, positives.map { Optional($0.1) } + kept.map { _ in nil })
    }
}
