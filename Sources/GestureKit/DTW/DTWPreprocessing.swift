/// What is done to a series before it is compared, in this order: downsampling, resampling to a fixed
/// length, offset by the first sample, z-normalisation. Each step is off by default; every one is a
/// measured choice, not an assumption.
public struct DTWPreprocessing: Hashable, Sendable, Codable {
    /// Averages each run of this many samples into one (1 = off). A ratio, not a duration: the
    /// resulting rate is the input rate divided by it.
    public var downsampleFactor: Int
    /// Resamples every series by linear interpolation to this many samples (`nil` = off).
    public var resampledLength: Int?
    /// Subtracts the first sample from every sample, per dimension, so series start at zero.
    public var offsetByFirstSample: Bool
    /// z-normalises each dimension: `(x − mean) / max(σ, floor)`, σ the population standard deviation.
    /// The floor is in the signal's units (g for acceleration) and keeps a series that hardly moves —
    /// a phone lying still — from being divided by almost zero. `nil` = off.
    public var zNormalizationFloor: Double?

    /// No preprocessing.
    public static let none = DTWPreprocessing()

    /// The default z-normalisation floor, signal units (g for acceleration).
    public static let defaultFloor = 1e-3

    /// Creates a preprocessing recipe; every step off unless given.
    public init(downsampleFactor: Int = 1, resampledLength: Int? = nil, offsetByFirstSample: Bool = false,
                zNormalizationFloor: Double? = nil) {
        self.downsampleFactor = downsampleFactor
        self.resampledLength = resampledLength
        self.offsetByFirstSample = offsetByFirstSample
        self.zNormalizationFloor = zNormalizationFloor
    }

    /// Whether every step works sample by sample on a stream (only downsampling does; the others need the
    /// whole segment).
    public var isPointwise: Bool { resampledLength == nil && !offsetByFirstSample && zNormalizationFloor == nil }

    /// Throws unless every setting is in range.
    public func validate() throws(DTWError) {
        guard downsampleFactor >= 1 else {
            throw .invalidSetting(key: "preprocessing.downsampleFactor", "must be at least 1, got \(downsampleFactor)")
        }
        if let length = resampledLength, length < 2 {
            throw .invalidSetting(key: "preprocessing.resampledLength", "must be at least 2, got \(length)")
        }
        if let floor = zNormalizationFloor, !(floor.isFinite && floor > 0) {
            throw .invalidSetting(key: "preprocessing.zNormalizationFloor", "must be a positive number, got \(floor)")
        }
    }

    /// The preprocessed series. O(n·d).
    public func apply(_ series: DTWSeries) throws(DTWError) -> DTWSeries {
        try validate()
        let dims = series.dimensions
        var values = series.values
        var n = series.length
        if downsampleFactor > 1 {
            let out = (n + downsampleFactor - 1) / downsampleFactor
            var reduced = [Double](repeating: 0, count: out * dims)
            for o in 0..<out {
                let start = o * downsampleFactor, end = min(n, start + downsampleFactor)
                for d in 0..<dims {
                    var sum = 0.0
                    for t in start..<end { sum += values[t * dims + d] }
                    reduced[o * dims + d] = sum / Double(end - start)
                }
            }
            values = reduced
            n = out
        }
        if let length = resampledLength, length != n {
            var resampled = [Double](repeating: 0, count: length * dims)
            for o in 0..<length {
                let position = n == 1 ? 0 : Double(o) * Double(n - 1) / Double(length - 1)
                let i = min(Int(position), n - 1)
                let u = position - Double(i)
                for d in 0..<dims {
                    let a = values[i * dims + d]
                    let b = i + 1 < n ? values[(i + 1) * dims + d] : a
                    resampled[o * dims + d] = a + (b - a) * u
                }
            }
            values = resampled
            n = length
        }
        if offsetByFirstSample {
            for d in 0..<dims {
                let origin = values[d]
                for t in 0..<n { values[t * dims + d] -= origin }
            }
        }
        if let floor = zNormalizationFloor {
            for d in 0..<dims {
                var mean = 0.0
                for t in 0..<n { mean += values[t * dims + d] }
                mean /= Double(n)
                var variance = 0.0
                for t in 0..<n {
                    let x = values[t * dims + d] - mean
                    variance += x * x
                }
                let sd = max((variance / Double(n)).squareRoot(), floor)
                for t in 0..<n { values[t * dims + d] = (values[t * dims + d] - mean) / sd }
            }
        }
        return try DTWSeries(interleaved: values, dimensions: dims)
    }

    private enum CodingKeys: String, CodingKey {
        case downsampleFactor, resampledLength, offsetByFirstSample, zNormalizationFloor
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            downsampleFactor: try c.decode(.downsampleFactor, default: 1),
            resampledLength: try c.decodeIfPresent(Int.self, forKey: .resampledLength),
            offsetByFirstSample: try c.decode(.offsetByFirstSample, default: false),
            zNormalizationFloor: try c.decodeIfPresent(Double.self, forKey: .zNormalizationFloor)
        )
    }
}
