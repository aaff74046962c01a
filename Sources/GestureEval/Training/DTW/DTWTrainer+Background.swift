import GestureKit

extension DTWTrainer {
    /// Up to `count` background templates for `model`: the `count` medoids (see ``TemplateSelection/medoids(_:)``)
    /// of `negatives`, stretches of training streams where the model fired although no gesture was there,
    /// after the model's channel scaling and preprocessing, under its DTW.
    ///
    /// - Parameter negatives: series in the model's channels and their units (g, rad/s), at the model's rate.
    /// - Returns: the medoids, ready for ``DTWModel/background``; all negatives when there are at most `count`,
    ///   none when `count` is 0.
    /// - Complexity: O(N² · n · w) for N negatives of length n and warping window w.
    package static func backgroundTemplates(from negatives: [DTWSeries], for model: DTWModel,
                                           count: Int) throws(DTWTrainingError) -> [DTWSeries] {
        guard count > 0, !negatives.isEmpty else { return [] }
        var series: [DTWSeries] = []
        for (i, n) in negatives.enumerated() {
            do {
                series.append(try model.preprocessing.apply(try model.scaled(n), samplingRate: model.samplingRate))
            } catch {
                throw .invalidExample(index: i, reason: error.description)
            }
        }
        return try medoids(of: Array(series.indices), series: series, dtw: model.dtw, k: count).map { series[$0] }
    }
}
