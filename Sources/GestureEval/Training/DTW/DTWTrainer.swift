import GestureKit
import GestureData

/// Why a DTW model could not be trained.
package enum DTWTrainingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No training examples.
    case noExamples
    /// An example cannot be used (empty, non-finite, wrong number of dimensions).
    case invalidExample(index: Int, reason: String)
    /// Too few examples to calibrate thresholds.
    case tooFewExamples(String)
    /// A setting is out of range.
    case invalidSetting(key: String, String)

    /// One line naming the example or setting at fault.
    package var description: String {
        switch self {
        case .noExamples: "no training examples"
        case let .invalidExample(index, reason): "training example \(index): \(reason)"
        case let .tooFewExamples(message): "too few examples: \(message)"
        case let .invalidSetting(key, message): "\(key): \(message)"
        }
    }
}

/// One labelled training example: a series with one dimension per model axis, in signal units.
package struct DTWExample: Hashable, Sendable {
    /// The class.
    package var label: String
    /// The raw series.
    package var series: DTWSeries

    /// Creates an example.
    package init(label: String, series: DTWSeries) {
        self.label = label
        self.series = series
    }
}

/// The leave-one-out error of one band.
package struct DTWBandScore: Hashable, Sendable, Codable {
    /// The band, fraction of the length.
    package var band: Double
    /// Misclassified training examples.
    package var errors: Int
    /// `errors / examples`.
    package var errorRate: Double
}

/// What training produced besides the model.
package struct DTWTrainingReport: Hashable, Sendable {
    /// Every band tried with its leave-one-out error, in the order tried (empty when the band was given).
    package var bandScores: [DTWBandScore]
    /// The band chosen, fraction of the series length.
    package var band: Double
    /// Template count per class.
    package var templatesPerClass: [String: Int]
    /// Classes whose thresholds borrowed pooled statistics (fewer than 3 examples).
    package var pooledClasses: [String]
}

/// Trains a ``DTWModel`` from labelled examples: preprocessing, band by leave-one-out 1-NN error (as the
/// UCR archive learns its band), templates per class (medoid, k medoids or all examples) and per-class
/// rejection calibration (mean and σ of each example's normalised distance to its nearest other template of
/// its class; classes with fewer than 3 examples borrow the pooled within-class σ).
package struct DTWTrainer: Hashable, Sendable {
    /// How templates are chosen per class; in files `medoid`, `all` or a number k of medoids.
    package enum TemplateSelection: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The example with the least mean DTW distance to the others of its class.
        case medoid
        /// `k` medoids per class (k-medoids with a deterministic farthest-first start).
        case medoids(Int)
        /// Every example is a template (1-NN classification).
        case allExamples

        /// Parses `medoid`, `all` or a whole number ≥ 1; `nil` otherwise.
        package init?(_ text: String) {
            switch text {
            case "medoid": self = .medoid
            case "all": self = .allExamples
            default:
                guard let k = Int(text), k >= 1 else { return nil }
                self = .medoids(k)
            }
        }

        /// `medoid`, `all` or k.
        package var description: String {
            switch self {
            case .medoid: "medoid"
            case let .medoids(k): String(k)
            case .allExamples: "all"
            }
        }

        /// Decodes `medoid`, `all`, or k as a number or a string.
        package init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            let text = try (try? c.decode(Int.self)).map(String.init) ?? c.decode(String.self)
            guard let selection = Self(text) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected medoid, all or a number ≥ 1, got '\(text)'")
            }
            self = selection
        }

        /// Encodes k as a number, the others as their names.
        package func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            if case let .medoids(k) = self { try c.encode(k) } else { try c.encode(description) }
        }
    }

    /// How templates are chosen.
    package var selection: TemplateSelection
    /// A fixed band (fraction of the length), or `nil` to learn it by leave-one-out over ``bandCandidates``.
    package var band: Double?
    /// Bands tried when learning: 0 %, 1 %, … 20 % by default.
    package var bandCandidates: [Double]
    /// Dependent or independent multivariate DTW.
    package var multivariate: DTW.Multivariate
    /// Applied to every example (and stored in the model for queries).
    package var preprocessing: DTWPreprocessing
    /// Rejection at `mean + k·σ` (default 3); adjustable later with ``DTWModel/withRejection(k:)``.
    package var rejectionK: Double?
    /// How channels of different units are made comparable.
    package enum ChannelScaling: String, Hashable, Sendable, Codable, CaseIterable {
        /// Values compared in their own units.
        case none
        /// Each channel divided by its standard deviation over all training samples (pooled across
        /// examples, at least ``DTWTrainer/scaleFloor`` of its unit), so a rad/s channel and a g channel
        /// weigh alike. A fixed scale per channel, so streams can still be compared sample by sample.
        case standardize
        /// ``standardize`` when the channels mix units (g with rad/s, say), ``none`` when they share one:
        /// a single-unit model keeps its distances and thresholds in that unit.
        case automatic = "auto"
    }

    /// The smallest scale ``ChannelScaling/standardize`` divides by, in the channel's unit (a channel that
    /// never moves is not blown up).
    package static let scaleFloor = 1e-3

    /// The channels the examples were taken from, one example dimension each, in order (recorded in the model).
    package var channels: [MotionChannel]
    /// How channels of different units are made comparable (default ``ChannelScaling/automatic``).
    package var scaling: ChannelScaling
    /// The examples' sampling rate, Hz (streams are resampled to it when spotting).
    package var samplingRate: Double
    /// Shortest gesture reported when spotting, seconds.
    package var minimumDuration: Double
    /// Longest gesture reported when spotting, seconds.
    package var maximumDuration: Double
    /// Shortest gap between two spotted gestures, seconds (``DTWModel/refractoryTime``).
    package var refractoryTime: Double
    /// Seconds of context the examples include before and after their gesture (``DTWModel/context``): the
    /// examples are taken that way by the caller, and the model records it so that spotting reports the gesture.
    package var context: Double
    /// The moving-standard-deviation window, seconds (``DTWModel/movingDeviation``): the examples are already
    /// envelopes (``MovingDeviation`` over their whole recordings), and the model records it so that streams are
    /// compared the same way. `nil`: raw values.
    package var movingDeviation: Double?

    /// Creates a trainer; by default: medoid templates, band learned over 0–20 %, rejection k = 3.
    package init(selection: TemplateSelection = .medoid, band: Double? = nil,
                bandCandidates: [Double] = (0...20).map { Double($0) / 100 },
                multivariate: DTW.Multivariate = .dependent, preprocessing: DTWPreprocessing = .none,
                rejectionK: Double? = 3, channels: [MotionChannel] = MotionChannel.acceleration, scaling: ChannelScaling = .automatic,
                samplingRate: Double = 100, minimumDuration: Double = 0.2, maximumDuration: Double = 3,
                refractoryTime: Double = 0, context: Double = 0, movingDeviation: Double? = nil) {
        self.selection = selection
        self.band = band
        self.bandCandidates = bandCandidates
        self.multivariate = multivariate
        self.preprocessing = preprocessing
        self.rejectionK = rejectionK
        self.channels = channels
        self.scaling = scaling
        self.samplingRate = samplingRate
        self.minimumDuration = minimumDuration
        self.maximumDuration = maximumDuration
        self.refractoryTime = refractoryTime
        self.context = context
        self.movingDeviation = movingDeviation
    }

    /// Trains a model.
    ///
    /// - Complexity: band search O(B·N²·n·w) worst case (pruned), medoids O(Σ class size²·n·w).
    package func train(_ examples: [DTWExample]) throws(DTWTrainingError) -> (model: DTWModel, report: DTWTrainingReport) {
        guard !examples.isEmpty else { throw .noExamples }
        guard !channels.isEmpty else { throw .invalidSetting(key: "channels", "at least one channel is needed") }
        for (i, e) in examples.enumerated() where e.series.dimensions != channels.count {
            throw .invalidExample(index: i, reason: "\(e.series.dimensions) dimensions, but \(channels.count) channels are configured (\(channels.map(\.rawValue).joined(separator: ", ")))")
        }
        let scales = channelScales(examples)
        var series: [DTWSeries] = []
        for (i, e) in examples.enumerated() {
            do {
                let scaled = try DTWModel.scaled(e.series, by: scales)
                series.append(try preprocessing.apply(scaled, samplingRate: samplingRate))
            } catch { throw .invalidExample(index: i, reason: error.description) }
        }
        let labels = examples.map(\.label)
        if case let .medoids(k) = selection, k < 1 { throw .invalidSetting(key: "selection", "k medoids needs k ≥ 1, got \(k)") }
        try checkSpottingSettings()

        var scores: [DTWBandScore] = []
        let chosen: Double
        if let band {
            chosen = band
        } else {
            // Entries that differ only after the band search the same one in every fold: shared.
            (chosen, scores) = try DTWBandSearchCache.shared.learnBand(series, labels: labels, candidates: bandCandidates, multivariate: multivariate)
        }
        let dtw: DTW
        do { dtw = try DTW(band: chosen, multivariate: multivariate) } catch { throw .invalidSetting(key: "band", error.description) }

        // Templates per class, as indices into `series`.
        var classes: [String: [Int]] = [:]
        for (i, l) in labels.enumerated() { classes[l, default: []].append(i) }
        var templateIndices: [Int] = []
        for label in classes.keys.sorted() {
            let members = classes[label]!
            switch selection {
            case .allExamples: templateIndices += members
            case .medoid: templateIndices += try Self.medoids(of: members, series: series, dtw: dtw, k: 1)
            case let .medoids(k): templateIndices += try Self.medoids(of: members, series: series, dtw: dtw, k: k)
            }
        }
        let templates = templateIndices.map { DTWModel.Template(label: labels[$0], series: series[$0]) }

        // Calibration: each example's normalised distance to its nearest other template of its own class.
        var distances: [String: [Double]] = [:]
        do {
            var workspace = DTWWorkspace()
            for (i, s) in series.enumerated() {
                var best = Double.infinity
                for (t, source) in templateIndices.enumerated() where source != i && labels[source] == labels[i] {
                    let d = try dtw.cost(s, templates[t].series, bound: .infinity, workspace: &workspace)
                    let normalized = d / Double(templates[t].series.length)
                    if normalized < best { best = normalized }
                }
                if best.isFinite { distances[labels[i], default: []].append(best.squareRoot()) }
            }
        } catch { throw .invalidSetting(key: "templates", error.description) }
        let (calibration, pooled) = try Self.calibrate(classes: classes.keys.sorted(), distances: distances, examplesPerClass: classes.mapValues(\.count))

        let model = DTWModel(channels: channels, channelScales: scales, samplingRate: samplingRate, dtw: dtw, preprocessing: preprocessing,
                             templates: templates, calibration: calibration, rejectionK: rejectionK, refractoryTime: refractoryTime,
                             minimumDuration: minimumDuration, maximumDuration: maximumDuration, context: context,
                             movingDeviation: movingDeviation)
        let report = DTWTrainingReport(bandScores: scores, band: chosen,
                                       templatesPerClass: Dictionary(grouping: templates, by: \.label).mapValues(\.count),
                                       pooledClasses: pooled)
        return (model, report)
    }

    /// Throws unless the settings that only label the model (rejection k, refractory time) are valid.
    func checkSpottingSettings() throws(DTWTrainingError) {
        if let k = rejectionK, !(k.isFinite && k >= 0) { throw .invalidSetting(key: "rejectionK", "must be zero or more, got \(k)") }
        if !(refractoryTime.isFinite && refractoryTime >= 0) { throw .invalidSetting(key: "refractoryTime", "must be a finite number of seconds ≥ 0, got \(refractoryTime)") }
    }

    /// The scale of every channel under ``scaling`` (`nil`: none): the population standard deviation of each
    /// channel over every sample of every example, at least ``scaleFloor``.
    func channelScales(_ examples: [DTWExample]) -> [Double]? {
        switch scaling {
        case .none: return nil
        case .automatic where Set(channels.map(\.unit)).count == 1: return nil
        case .automatic, .standardize: break
        }
        let d = channels.count
        var sum = [Double](repeating: 0, count: d), squares = sum
        var n = 0
        for e in examples {
            for t in 0..<e.series.length {
                for k in 0..<d {
                    let x = e.series[t, k]
                    sum[k] += x
                    squares[k] += x * x
                }
            }
            n += e.series.length
        }
        return (0..<d).map { k in
            let mean = sum[k] / Double(n)
            return max((max(squares[k] / Double(n) - mean * mean, 0)).squareRoot(), Self.scaleFloor)
        }
    }

    /// The band with the fewest leave-one-out 1-NN errors on `series` (the smallest band on ties), and the
    /// score of every candidate. Bands giving the same window for every series are scored once.
    ///
    /// With one class every nearest neighbour has the right label, so every band scores 0 errors and the
    /// smallest wins without a search (a spotting entry trained on one gesture, such as turns, pays nothing).
    ///
    /// - Complexity: per distinct window, one leave-one-out search, O(N²·n·w) worst case (pruned); O(B) with
    ///   one class.
    package static func learnBand(_ series: [DTWSeries], labels: [String], candidates: [Double],
                                 multivariate: DTW.Multivariate = .dependent) throws(DTWTrainingError) -> (band: Double, scores: [DTWBandScore]) {
        guard series.count >= 2 else { throw .tooFewExamples("leave-one-out needs at least 2 examples") }
        guard !candidates.isEmpty else { throw .invalidSetting(key: "bandCandidates", "no band to try") }
        var scores: [DTWBandScore] = []
        var seen: [[Int]: DTWBandScore] = [:]
        let lengths = Set(series.map(\.length)).sorted()
        for band in candidates {
            let dtw: DTW
            do { dtw = try DTW(band: band, multivariate: multivariate) } catch { throw .invalidSetting(key: "bandCandidates", error.description) }
            let windows = lengths.map { dtw.window($0, $0) }
            if let earlier = seen[windows] {
                scores.append(DTWBandScore(band: band, errors: earlier.errors, errorRate: earlier.errorRate))
                continue
            }
            guard Set(labels).count > 1 else {
                scores.append(DTWBandScore(band: band, errors: 0, errorRate: 0))
                continue
            }
            let neighbors: [[DTWNeighbor]]
            do {
                let index = try DTWIndex(templates: series, dtw: dtw)
                neighbors = try index.nearest(to: series, k: 1, leaveOneOut: true, threads: Parallelism.threads).neighbors
            } catch { throw .invalidSetting(key: "examples", error.description) }
            let errors = zip(neighbors.indices, neighbors).filter { labels[$1[0].index] != labels[$0] }.count
            let score = DTWBandScore(band: band, errors: errors, errorRate: Double(errors) / Double(series.count))
            seen[windows] = score
            scores.append(score)
        }
        let best = scores.min { $0.errors < $1.errors || ($0.errors == $1.errors && $0.band < $1.band) }!
        return (best.band, scores)
    }

    /// `k` medoids among `members` (indices into `series`): the first is the overall medoid, further ones start
    /// farthest-first and are refined by alternating assignment and medoid update (at most 20 rounds).
    static func medoids(of members: [Int], series: [DTWSeries], dtw: DTW, k: Int) throws(DTWTrainingError) -> [Int] {
        if members.count <= k { return members }
        let matrix: [[Double]]
        do { matrix = try DTWIndex.pairwiseDistances(members.map { series[$0] }, dtw: dtw).matrix } catch {
            throw .invalidSetting(key: "examples", error.description)
        }
        let n = members.count
        func medoid(_ group: [Int]) -> Int {
            group.min { a, b in
                let sa = group.reduce(0) { $0 + matrix[a][$1] }, sb = group.reduce(0) { $0 + matrix[b][$1] }
                return sa < sb || (sa == sb && a < b)
            }!
        }
        var centers = [medoid(Array(0..<n))]
        while centers.count < k {
            let far = (0..<n).filter { !centers.contains($0) }.max { a, b in
                let da = centers.map { matrix[a][$0] }.min()!, db = centers.map { matrix[b][$0] }.min()!
                return da < db || (da == db && a > b)
            }!
            centers.append(far)
        }
        for _ in 0..<20 where k > 1 {
            var groups = [[Int]](repeating: [], count: k)
            for i in 0..<n {
                let c = (0..<k).min { matrix[i][centers[$0]] < matrix[i][centers[$1]] }!
                groups[c].append(i)
            }
            let updated = groups.enumerated().map { $1.isEmpty ? centers[$0] : medoid($1) }
            if updated == centers { break }
            centers = updated
        }
        return centers.sorted().map { members[$0] }
    }

    /// Per-class mean and σ; a class with fewer than 3 examples (or fewer than 2 distances) uses the pooled
    /// within-class σ, and the pooled mean when it has no distance at all.
    static func calibrate(classes: [String], distances: [String: [Double]],
                          examplesPerClass: [String: Int]) throws(DTWTrainingError) -> ([String: DTWModel.Calibration], [String]) {
        var sumSquares = 0.0, degrees = 0, pooledSum = 0.0, pooledCount = 0
        for values in distances.values {
            pooledSum += values.reduce(0, +)
            pooledCount += values.count
            guard values.count >= 2 else { continue }
            let mean = values.reduce(0, +) / Double(values.count)
            sumSquares += values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            degrees += values.count - 1
        }
        var calibration: [String: DTWModel.Calibration] = [:]
        var pooledClasses: [String] = []
        for label in classes {
            let values = distances[label] ?? []
            let mean = values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
            if (examplesPerClass[label] ?? 0) >= 3, values.count >= 2, let mean {
                let sd = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot()
                calibration[label] = .init(mean: mean, standardDeviation: sd, count: values.count, pooled: false)
                continue
            }
            guard degrees > 0, pooledCount > 0 else {
                throw .tooFewExamples("class '\(label)' has \(examplesPerClass[label] ?? 0) example(s) and no class has enough (2 distances) to pool a standard deviation from")
            }
            let sd = (sumSquares / Double(degrees)).squareRoot()
            calibration[label] = .init(mean: mean ?? pooledSum / Double(pooledCount), standardDeviation: sd, count: values.count, pooled: true)
            pooledClasses.append(label)
        }
        return (calibration, pooledClasses)
    }
}
