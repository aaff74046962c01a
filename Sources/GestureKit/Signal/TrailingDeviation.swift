/// The population standard deviation of a scalar stream over the samples of the last `window` seconds, on the
/// samples' clock (unlike ``MovingDeviation``, whose window is a count of samples at a known rate).
///
/// Running sums make each update O(1) amortised; they are recomputed from the window once per window's worth
/// of updates, so rounding cannot drift on an endless stream.
///
/// - Complexity: O(1) amortised per update; storage grows up to `capacity` samples, then no update allocates.
struct TrailingDeviation: Sendable {
    /// The window, seconds: samples in `(t − window, t]` count at time `t`.
    let window: Double
    private var entries: RingBuffer<Entry>
    private var sum = 0.0, squares = 0.0
    private var sinceRecomputed = 0

    private struct Entry: Sendable {
        var time: Double
        var value: Double
    }

    /// A window of `window` seconds holding at most `capacity` samples.
    init(window: Double, capacity: Int) {
        self.window = window
        entries = RingBuffer(capacity: capacity)
    }

    /// Adds `value` at `time` (later than every earlier one) and returns the deviation over the window ending
    /// with it, in the value's unit.
    mutating func update(_ value: Double, at time: Double) -> Double {
        if let dropped = entries.append(Entry(time: time, value: value)) { remove(dropped.value) }
        sum += value
        squares += value * value
        while entries.count > 1, entries[0].time <= time - window { remove(entries.removeFirst()!.value) }
        sinceRecomputed += 1
        if sinceRecomputed >= entries.count { recompute() }
        let n = Double(entries.count)
        let mean = sum / n
        return max(squares / n - mean * mean, 0).squareRoot()
    }

    /// Forgets every sample.
    mutating func reset() {
        entries.removeAll()
        sum = 0
        squares = 0
        sinceRecomputed = 0
    }

    private mutating func remove(_ value: Double) {
        sum -= value
        squares -= value * value
    }

    private mutating func recompute() {
        sinceRecomputed = 0
        sum = 0
        squares = 0
        for e in entries {
            sum += e.value
            squares += e.value * e.value
        }
    }
}
