/// The moving standard deviation of several channels at once, over a window of seconds: a motion-intensity
/// envelope (high while the arm strokes, low while it glides or rests).
///
/// Each ``update(_:)`` takes one sample's values, one per channel, and replaces each by the population
/// standard deviation of that channel over the last ``count`` samples, the new one included (fewer at the
/// stream's start). The window is given in seconds and turned into samples at the stream's rate, so the same
/// motion at 25, 50 or 100 Hz gives the same envelope.
///
/// Running sums make each update O(channels); they are recomputed from the window once per window length,
/// so rounding cannot drift on an endless stream and a given sequence of samples always gives the same values.
///
/// - Complexity: O(channels) amortised per update, memory O(count × channels). The window grows with the first
///   `count` samples (a window of hours, as a malformed model file may ask for, costs memory only as a stream fills
///   it); after that, and after ``reset()``, no update allocates.
public struct MovingDeviation: Sendable {
    /// The window, samples.
    public let count: Int
    /// The number of channels.
    public let channels: Int
    /// The last `count` samples, sample-major, as a ring (shorter while the first window fills).
    private var window: [Double]
    private var sums: [Double], squares: [Double]
    /// Samples in the window, the slot the next sample takes, updates since the sums were last recomputed.
    private var filled = 0, next = 0, sinceRecomputed = 0

    /// A window of `seconds` at `samplingRate` Hz (at least one sample) over `channels` channels.
    public init(seconds: Double, samplingRate: Double, channels: Int) throws(ConfigurationError) {
        try ConfigurationError.requirePositive(seconds, "movingDeviation")
        try ConfigurationError.requirePositive(samplingRate, "samplingRate")
        guard channels >= 1 else { throw ConfigurationError(key: "channels", "at least one channel is needed") }
        count = max(1, Int((seconds * samplingRate).rounded()))
        self.channels = channels
        window = []
        sums = [Double](repeating: 0, count: channels)
        squares = sums
    }

    /// Replaces each of `values` (one per channel) by its channel's standard deviation over the window ending
    /// with it, in the channel's unit.
    public mutating func update(_ values: inout [Double]) {
        precondition(values.count == channels, "one value per channel")
        let slot = next * channels
        for c in 0..<channels {
            if filled == count {
                let old = window[slot + c]
                sums[c] -= old
                squares[c] -= old * old
            }
            let x = values[c]
            // Until the first window is full, the slot is the end of the storage.
            if slot + c < window.count { window[slot + c] = x } else { window.append(x) }
            sums[c] += x
            squares[c] += x * x
        }
        if filled < count { filled += 1 }
        next = next + 1 == count ? 0 : next + 1
        sinceRecomputed += 1
        if sinceRecomputed == count { recomputeSums() }
        let n = Double(filled)
        for c in 0..<channels {
            let mean = sums[c] / n
            values[c] = max(squares[c] / n - mean * mean, 0).squareRoot()
        }
    }

    /// The envelope of a whole series, `columns[c][t]` for channel c: what ``update(_:)`` gives sample by sample
    /// from a fresh state. O(samples × channels).
    package static func apply(seconds: Double, samplingRate: Double, to columns: [[Double]]) throws(ConfigurationError) -> [[Double]] {
        var envelope = try MovingDeviation(seconds: seconds, samplingRate: samplingRate, channels: columns.count)
        var out = columns
        var values = [Double](repeating: 0, count: columns.count)
        for t in 0..<(columns.first?.count ?? 0) {
            for c in columns.indices { values[c] = columns[c][t] }
            envelope.update(&values)
            for c in columns.indices { out[c][t] = values[c] }
        }
        return out
    }

    /// Forgets every sample seen.
    public mutating func reset() {
        filled = 0
        next = 0
        sinceRecomputed = 0
        for c in 0..<channels { sums[c] = 0; squares[c] = 0 }
    }

    private mutating func recomputeSums() {
        sinceRecomputed = 0
        for c in 0..<channels { sums[c] = 0; squares[c] = 0 }
        for t in 0..<filled {
            for c in 0..<channels {
                let x = window[t * channels + c]
                sums[c] += x
                squares[c] += x * x
            }
        }
    }
}
