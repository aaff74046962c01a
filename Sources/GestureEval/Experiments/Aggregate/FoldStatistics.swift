import GestureData

/// How an entry's folds spread and what their errors add up to, computed once by ``ExperimentAggregator`` and read
/// by every output (`comparison.csv`, `summary.md`, `report.html`, the terminal): the mean and sample standard
/// deviation of the fold values and, on continuous recordings, false activations per hour, fragments and their share
/// of detections pooled over the folds.
///
/// Not written to `results.json`, which holds the folds it is computed from; a result read back computes it from them
/// (``ExperimentResult/EntryScore/foldStatistics``).
public struct FoldStatistics: Hashable, Sendable {
    /// Errors summed over an entry's folds on continuous recordings.
    public struct Pooled: Hashable, Sendable {
        /// Background (time outside every judged annotation) of every fold, hours.
        public var backgroundHours: Double
        /// False activations (insertions) of every fold.
        public var insertions: Int
        /// Detections of every fold.
        public var detections: Int
        /// Fragments (further detections of an annotation already detected) of every fold.
        public var fragments: Int

        /// ``insertions`` per hour of ``backgroundHours`` (NaN without background). O(1).
        public var falseActivationsPerHour: Double { backgroundHours > 0 ? Double(insertions) / backgroundHours : .nan }
        /// ``fragments`` as a share of ``detections`` (NaN without detections). O(1).
        public var fragmentShare: Double { detections > 0 ? Double(fragments) / Double(detections) : .nan }
    }

    /// The mean of the finite fold values (NaN when none is finite).
    public var mean: Double
    /// The sample standard deviation of the finite fold values (NaN for fewer than two).
    public var standardDeviation: Double
    /// Continuous: the folds' errors summed; `nil` on segments.
    public var pooled: Pooled?

    /// The statistics of `folds` (in fold order) of an entry on recordings of `kind`. O(folds).
    package init(folds: [ExperimentResult.FoldScore], kind: Dataset.Kind) {
        let values = folds.map(\.value.value).filter(\.isFinite)
        // Non-finite fold values are left out above, so only too few values can fail: NaN then.
        mean = (try? Descriptive.mean(values)) ?? .nan
        standardDeviation = (try? Descriptive.standardDeviation(values)) ?? .nan
        guard kind == .continuous else { return }
        let events = folds.compactMap(\.metrics.events)
        // Summed in fold order, as a reader adding up folds.csv would.
        pooled = Pooled(backgroundHours: events.reduce(0) { $0 + $1.backgroundHours }, insertions: events.reduce(0) { $0 + ($1.errors?.insertions ?? 0) },
                        detections: events.reduce(0) { $0 + $1.detections }, fragments: events.reduce(0) { $0 + ($1.errors?.fragments ?? 0) })
    }
}
