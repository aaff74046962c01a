import Foundation

/// The outcome of classifying one segment with a ``DTWModel``.
public struct DTWClassification: Hashable, Sendable {
    /// The nearest template's class, or `nil` when its distance exceeds that class's threshold.
    public var label: String?
    /// The nearest template's class, whether accepted or not.
    public var nearestLabel: String
    /// The nearest template's position in ``DTWModel/templates``.
    public var templateIndex: Int
    /// The DTW distance to it.
    public var distance: Double
    /// `√(cost / template length)`, the value compared with the rejection threshold.
    public var normalizedDistance: Double
    /// Set when the nearest template and the query differ in length by more than ``DTWClassifier/lengthRatioWarning``×:
    /// DTW then has to stretch one of them a lot and distances are hard to compare.
    public var warning: String?
}

/// Classifies segments with a ``DTWModel``: preprocesses the segment like the templates, finds the nearest
/// template through a ``DTWIndex`` (lower-bound cascade), and rejects it above the class's threshold.
public struct DTWClassifier: Sendable {
    /// Length ratio above which a classification carries a warning.
    package static let lengthRatioWarning = 4.0

    /// The model.
    public let model: DTWModel
    /// The search structure over the model's templates.
    package let index: DTWIndex

    /// Prepares `model` for classification. O(total template length).
    public init(model: DTWModel) throws(ConfigurationError) {
        try model.validate()
        self.model = model
        do {
            index = try DTWIndex(templates: model.templates.map(\.series), dtw: model.dtw)
        } catch {
            throw ConfigurationError(key: "templates", error.description)
        }
    }

    /// Classifies a raw segment (one dimension per model channel, in the channels' units, at the model's rate);
    /// the model's ``DTWModel/channelScales`` and preprocessing are applied to it.
    ///
    /// - Complexity: that of ``DTWIndex/nearest(to:k:pruning:excluding:workspace:statistics:)``.
    public func classify(_ segment: DTWSeries) throws(DTWError) -> DTWClassification {
        var workspace = DTWWorkspace()
        var statistics = DTWSearchStatistics()
        let query = try prepared(segment)
        let nearest = try index.nearest(to: query, k: 1, workspace: &workspace, statistics: &statistics)[0]
        return classification(query: query, nearest: nearest)
    }

    /// Classifies many raw segments over `threads` threads (`nil`: all cores).
    ///
    /// - Complexity: that of ``DTWIndex/nearest(to:k:pruning:leaveOneOut:threads:)``.
    package func classify(_ segments: [DTWSeries], threads: Int? = nil) throws(DTWError) -> (results: [DTWClassification], statistics: DTWSearchStatistics) {
        let (queries, neighbors, statistics) = try nearest(to: segments, k: 1, threads: threads)
        let results = zip(queries, neighbors).map { classification(query: $0, nearest: $1[0]) }
        return (results, statistics)
    }

    // `package`: GestureEval's nearest-neighbour evaluation (the UCR/UEA protocol) classifies through this search
    // and ``classification(query:nearest:)``, voting among k neighbours when asked to.
    /// The `k` nearest templates to each raw segment, closest first, over `threads` threads (`nil`: all cores),
    /// with each segment as it was compared (divided by the channel scales and preprocessed).
    package func nearest(to segments: [DTWSeries], k: Int, threads: Int? = nil) throws(DTWError)
        -> (queries: [DTWSeries], neighbors: [[DTWNeighbor]], statistics: DTWSearchStatistics) {
        var queries: [DTWSeries] = []
        queries.reserveCapacity(segments.count)
        for s in segments { queries.append(try prepared(s)) }
        let (neighbors, statistics) = try index.nearest(to: queries, k: k, threads: threads)
        return (queries, neighbors, statistics)
    }

    /// `segment` as the templates are compared with it: divided by the channel scales, then preprocessed. O(n·d).
    private func prepared(_ segment: DTWSeries) throws(DTWError) -> DTWSeries {
        try model.preprocessing.apply(try model.scaled(segment), samplingRate: model.samplingRate)
    }

    // `package`: see ``nearest(to:k:)``.
    /// The classification of a preprocessed `query` whose nearest template is `nearest`: rejected above its class's
    /// threshold, with a warning when the two lengths differ more than ``lengthRatioWarning``×. O(1).
    package func classification(query: DTWSeries, nearest: DTWNeighbor) -> DTWClassification {
        let template = model.templates[nearest.index]
        let m = template.series.length
        let normalized = (nearest.distance * nearest.distance / Double(m)).squareRoot()
        var label: String? = template.label
        if let threshold = model.threshold(for: template.label), normalized > threshold { label = nil }
        let ratio = Double(max(m, query.length)) / Double(min(m, query.length))
        let warning = ratio > Self.lengthRatioWarning
            ? "template \(nearest.index) has \(m) samples and the segment \(query.length): DTW stretches one \(String(format: "%.1f", ratio))× to align them"
            : nil
        return DTWClassification(label: label, nearestLabel: template.label, templateIndex: nearest.index,
                                 distance: nearest.distance, normalizedDistance: normalized, warning: warning)
    }
}
