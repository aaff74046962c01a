/// What is done to a series before it is compared, in this order: downsampling, resampling to a fixed
/// length, offset by the first sample, z-normalisation. Each step is off by default; every one is a
/// measured choice, not an assumption.
///
/// Downsampling is a rate in Hz, so the same motion recorded at 25, 50 or 100 Hz gives the same series.
/// ``resampledLength`` is the one setting counted in samples, on purpose: it is a shape normalisation that
/// stretches every series to one length whatever its duration and rate, so it carries no time unit.
public struct DTWPreprocessing: Hashable, Sendable, Codable {
    /// Averages the samples of each `1 / downsampleRate`-second bin (from the first sample) into one, Hz
    /// (`nil` = off). Needs the series' sampling rate (see ``apply(_:samplingRate:)``); a rate at or above
    /// the input rate leaves the series unchanged.
    public var downsampleRate: Double?
    /// Resamples every series by linear interpolation to this many samples (`nil` = off). Unitless by
    /// nature: a fixed-length shape normalisation, independent of duration and sampling rate.
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
    package static let defaultFloor = 1e-3

    /// Creates a preprocessing recipe; every step off unless given.
    public init(downsampleRate: Double? = nil, resampledLength: Int? = nil, offsetByFirstSample: Bool = false,
                zNormalizationFloor: Double? = nil) {
        self.downsampleRate = downsampleRate
        self.resampledLength = resampledLength
        self.offsetByFirstSample = offsetByFirstSample
        self.zNormalizationFloor = zNormalizationFloor
    }

    /// Whether every step is off, so a stream can be compared sample by sample (every step, downsampling
    /// included, changes what a template's samples mean).
    package var isPointwise: Bool {
        downsampleRate == nil && resampledLength == nil && !offsetByFirstSample && zNormalizationFloor == nil
    }

    /// Throws unless every setting is in range.
    package func validate() throws(DTWError) {
        if let rate = downsampleRate, !(rate.isFinite && rate > 0) {
            throw .invalidSetting(key: "preprocessing.downsampleRate", "must be a positive rate in Hz, got \(rate)")
        }
        if let length = resampledLength, length < 2 {
            throw .invalidSetting(key: "preprocessing.resampledLength", "must be at least 2, got \(length)")
        }
        if let floor = zNormalizationFloor, !(floor.isFinite && floor > 0) {
            throw .invalidSetting(key: "preprocessing.zNormalizationFloor", "must be a positive number, got \(floor)")
        }
    }

    /// The preprocessed series.
    ///
    /// - Parameter samplingRate: the series' rate, Hz; needed only when ``downsampleRate`` is set.
    /// - Complexity: O(n·d).
    package func apply(_ series: DTWSeries, samplingRate: Double? = nil) throws(DTWError) -> DTWSeries {
        try validate()
        let dims = series.dimensions
        var values = series.values
        var n = series.length
        if let target = downsampleRate {
            guard let rate = samplingRate, rate.isFinite, rate > 0 else {
                throw .invalidSetting(key: "preprocessing.downsampleRate", "needs the series' sampling rate in Hz")
            }
            // Sample t lies at t / rate seconds; its bin is ⌊t · target / rate⌋ (the epsilon keeps exact
            // ratios such as 50 → 25 Hz from losing a sample to rounding).
            let ratio = target / rate
            if ratio < 1 {
                func bin(_ t: Int) -> Int { Int((Double(t) * ratio + 1e-9).rounded(.down)) }
                let out = bin(n - 1) + 1
                var reduced = [Double](repeating: 0, count: out * dims)
                var counts = [Int](repeating: 0, count: out)
                for t in 0..<n {
                    let o = bin(t)
                    counts[o] += 1
                    for d in 0..<dims { reduced[o * dims + d] += values[t * dims + d] }
                }
                for o in 0..<out where counts[o] > 0 {
                    for d in 0..<dims { reduced[o * dims + d] /= Double(counts[o]) }
                }
                values = reduced
                n = out
            }
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
        case downsampleRate, resampledLength, offsetByFirstSample, zNormalizationFloor
        /// Version-1 models: a sample ratio, replaced by ``downsampleRate`` (see ``DTWModel/decode(_:)``).
        case downsampleFactor
    }

    /// Encodes the recipe (``downsampleRate`` omitted when off).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(downsampleRate, forKey: .downsampleRate)
        try c.encodeIfPresent(resampledLength, forKey: .resampledLength)
        try c.encode(offsetByFirstSample, forKey: .offsetByFirstSample)
        try c.encodeIfPresent(zNormalizationFloor, forKey: .zNormalizationFloor)
    }

    /// Decodes a recipe; missing keys are off. The version-1 `downsampleFactor` (samples) cannot be read
    /// without the series' rate: a factor other than 1 is an error naming the replacement.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let factor = try c.decodeIfPresent(Int.self, forKey: .downsampleFactor), factor != 1 {
            throw DecodingError.dataCorruptedError(
                forKey: .downsampleFactor, in: c,
                debugDescription: "downsampleFactor (a count of samples, model version 1) was replaced by downsampleRate in Hz; give downsampleRate = sampling rate / \(factor)")
        }
        self.init(
            downsampleRate: try c.decodeIfPresent(Double.self, forKey: .downsampleRate),
            resampledLength: try c.decodeIfPresent(Int.self, forKey: .resampledLength),
            offsetByFirstSample: try c.decode(.offsetByFirstSample, default: false),
            zNormalizationFloor: try c.decodeIfPresent(Double.self, forKey: .zNormalizationFloor)
        )
    }
}
