/// The outcome of classifying one segment with a ``MiniRocketModel``.
public struct MiniRocketClassification: Hashable, Sendable {
    /// The class of highest score.
    public var label: String
    /// One score per class of ``MiniRocketModel/labels`` (ridge outputs: near +1 for the class, −1 for the others).
    public var scores: [Double]
}

/// Classifies segments with a ``MiniRocketModel``: MiniRocket features, then one linear score per class.
///
/// The standardisation is folded into the weights once, at ``init(model:)``, so a score is one dot product
/// over the features: `W'·features + b'` with `W' = W / scale` and `b' = b − W'·mean`.
/// ``scores(for:into:workspace:)`` allocates nothing once its workspace has seen a segment as long (length policy
/// ``MiniRocketModel/LengthPolicy/asRecorded``; resampling makes a copy of the segment).
public struct MiniRocketClassifier: Sendable {
    /// The registry identifier of MiniRocket entries in experiments and on the command line.
    public static let identifier = "minirocket"

    /// The model.
    public let model: MiniRocketModel
    /// Class-major weights with the scaler folded in, as Float for the dot products with Float features.
    let folded: [Float]
    /// Intercepts with the scaler folded in.
    let offsets: [Double]

    /// Buffers reused across calls: one per thread.
    public struct Workspace: Sendable {
        /// The transform's buffers.
        package var transform = MiniRocket.Workspace()
        /// One segment's features.
        var features: [Float] = []

        /// An empty workspace.
        public init() {}
    }

    /// Prepares `model` for classification. O(classes × features).
    public init(model: MiniRocketModel) throws(ConfigurationError) {
        guard model.ensemble == nil else {
            throw ConfigurationError(key: "ensemble", "an ensemble model averages window scores in a stream: run it as minirocket-stream")
        }
        try model.validate()
        self.model = model
        let f = model.transform.featureCount
        var folded = [Float](repeating: 0, count: model.weights.count)
        var offsets = model.intercepts
        for k in 0..<model.labels.count {
            for i in 0..<f {
                let w = model.weights[k * f + i] / model.featureScales[i]
                folded[k * f + i] = Float(w)
                offsets[k] -= w * model.featureMeans[i]
            }
        }
        self.folded = folded
        self.offsets = offsets
    }

    /// `segment` as the transform sees it under the model's length policy. O(n·c).
    func prepared(_ segment: DTWSeries) throws(MiniRocketError) -> DTWSeries {
        guard model.lengthPolicy == .resampled, segment.length != model.transform.referenceLength, segment.length > 0 else { return segment }
        do { return try DTWPreprocessing(resampledLength: max(2, model.transform.referenceLength)).apply(segment) } catch {
            throw .invalidSetting(key: "lengthPolicy", error.description)
        }
    }

    /// The score of each class for `segment` (one dimension per model channel, in their units, at the model's rate)
    /// into `scores` (``MiniRocketModel/labels``.count values).
    ///
    /// - Complexity: that of ``MiniRocket/transform(_:into:workspace:)`` plus O(classes × features).
    public func scores(for segment: DTWSeries, into scores: UnsafeMutableBufferPointer<Double>, workspace: inout Workspace) throws(MiniRocketError) {
        let f = model.transform.featureCount
        if workspace.features.count < f { workspace.features = [Float](repeating: 0, count: f) }
        let segment = try prepared(segment)
        try model.transform.check(segment, name: "the segment")
        segment.values.withUnsafeBufferPointer { values in
            self.scores(interleaved: values, length: segment.length, into: scores, workspace: &workspace)
        }
    }

    /// The scores of `length` samples interleaved in `values` (sample-major, one value per model channel), taken as
    /// they are (no length policy): the stream spotter's path, which allocates nothing once `workspace` has seen
    /// `length` samples.
    ///
    /// - Complexity: that of ``MiniRocket/transform(_:into:workspace:)`` plus O(classes × features).
    func scores(interleaved values: UnsafeBufferPointer<Double>, length: Int, into scores: UnsafeMutableBufferPointer<Double>,
                workspace: inout Workspace) {
        let f = model.transform.featureCount
        if workspace.features.count < f { workspace.features = [Float](repeating: 0, count: f) }
        var features = workspace.features
        workspace.features = []   // keeps `features` uniquely referenced: no copy on write
        defer { workspace.features = features }
        features.withUnsafeMutableBufferPointer { buffer in
            model.transform.transform(interleaved: values, length: length, into: buffer, workspace: &workspace.transform)
        }
        features.withUnsafeBufferPointer { x in
            folded.withUnsafeBufferPointer { w in
                for k in 0..<model.labels.count { scores[k] = offsets[k] + Self.dot(w, from: k * f, x, count: f) }
            }
        }
    }

    /// The class of highest score for `segment`, with every class's score. O(``scores(for:into:workspace:)``).
    public func classify(_ segment: DTWSeries) throws(MiniRocketError) -> MiniRocketClassification {
        var workspace = Workspace()
        var scores = [Double](repeating: 0, count: model.labels.count)
        try scores.withUnsafeMutableBufferPointer { (buffer) throws(MiniRocketError) in
            try self.scores(for: segment, into: buffer, workspace: &workspace)
        }
        return MiniRocketClassification(label: model.labels[Self.best(scores)], scores: scores)
    }

    /// The labels of many segments, transformed over up to `threads` threads (`nil`: all cores). The result does
    /// not depend on the thread count.
    ///
    /// - Complexity: that of ``MiniRocket/transform(_:threads:)`` plus O(segments × classes × features).
    public func classify(_ segments: [DTWSeries], threads: Int? = nil) throws(MiniRocketError) -> [MiniRocketClassification] {
        var prepared: [DTWSeries] = []
        prepared.reserveCapacity(segments.count)
        for s in segments { prepared.append(try self.prepared(s)) }
        let features = try model.transform.transform(prepared, threads: threads)
        let f = model.transform.featureCount, classes = model.labels.count
        // The scores over the threads too (each segment's are independent): blocks of 16 segments.
        var scores = [Double](repeating: 0, count: segments.count * classes)
        let block = 16
        features.withUnsafeBufferPointer { x in
            folded.withUnsafeBufferPointer { w in
                scores.withUnsafeMutableBufferPointer { out in
                    nonisolated(unsafe) let (x, w, out) = (x, w, out)
                    ParallelLoop.run((segments.count + block - 1) / block, threads: threads) { [self] b in
                        let rows = (b * block)..<min(segments.count, (b + 1) * block)
                        self.scores(features: UnsafeBufferPointer(rebasing: x[(rows.lowerBound * f)..<(rows.upperBound * f)]), weights: w,
                                    into: UnsafeMutableBufferPointer(rebasing: out[(rows.lowerBound * classes)..<(rows.upperBound * classes)]))
                    }
                }
            }
        }
        return (0..<segments.count).map { i in
            let row = Array(scores[(i * classes)..<((i + 1) * classes)])
            return MiniRocketClassification(label: model.labels[Self.best(row)], scores: row)
        }
    }

    /// The scores of feature rows (row-major, ``MiniRocket/featureCount`` features each, as the transform of many
    /// series or of a stream's windows gives them) into `scores` (one row of ``MiniRocketModel/labels``.count scores
    /// per feature row): the linear head every batch path shares. O(rows × classes × features).
    func scores(features x: UnsafeBufferPointer<Float>, into scores: UnsafeMutableBufferPointer<Double>) {
        folded.withUnsafeBufferPointer { w in self.scores(features: x, weights: w, into: scores) }
    }

    /// ``scores(features:into:)`` with the folded weights' buffer (``folded``) already at hand. O(rows × classes × features).
    private func scores(features x: UnsafeBufferPointer<Float>, weights w: UnsafeBufferPointer<Float>,
                        into scores: UnsafeMutableBufferPointer<Double>) {
        let f = model.transform.featureCount, classes = model.labels.count
        for i in 0..<(x.count / f) {
            let row = UnsafeBufferPointer(rebasing: x[(i * f)..<((i + 1) * f)])
            for k in 0..<classes { scores[i * classes + k] = offsets[k] + Self.dot(w, from: k * f, row, count: f) }
        }
    }

    /// Σ w[start + i]·x[i] over `count` terms: products summed eight lanes wide in Float over blocks of 256
    /// terms, the blocks in Double (the features are proportions, the weights can be large). O(count).
    static func dot(_ w: UnsafeBufferPointer<Float>, from start: Int, _ x: UnsafeBufferPointer<Float>, count: Int) -> Double {
        let wp = UnsafeRawPointer(w.baseAddress! + start), xp = UnsafeRawPointer(x.baseAddress!)
        let stride = MemoryLayout<Float>.stride
        var sum = 0.0, i = 0
        while i + 8 <= count {
            let end = min(count, i + 256) & ~7
            var block = SIMD8<Float>.zero
            while i < end {
                block += wp.loadUnaligned(fromByteOffset: i * stride, as: SIMD8<Float>.self)
                    * xp.loadUnaligned(fromByteOffset: i * stride, as: SIMD8<Float>.self)
                i += 8
            }
            sum += Double(block.sum())
        }
        while i < count { sum += Double(w[start + i]) * Double(x[i]); i += 1 }
        return sum
    }

    /// The index of the largest score; the first on ties (as numpy's argmax). O(classes).
    static func best(_ scores: [Double]) -> Int {
        var best = 0
        for k in 1..<scores.count where scores[k] > scores[best] { best = k }
        return best
    }
}
