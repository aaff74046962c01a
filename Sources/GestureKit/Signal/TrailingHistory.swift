/// The recent values of a stream with their times, to read the value a fixed number of seconds ago: the
/// reference of a change over a trailing window (tilt, heading change).
///
/// - Complexity: O(1) amortised per append and read; storage grows up to `capacity` entries, then no call allocates.
struct TrailingHistory: Sendable {
    /// How far back ``valueWindowAgo(at:)`` reads, seconds.
    let window: Double
    private var entries: RingBuffer<Entry>

    private struct Entry: Sendable {
        var time: Double
        var value: Vector3
    }

    /// A history reading `window` seconds back, holding at most `capacity` entries (the window at the
    /// fastest expected rate, plus the entry before it).
    init(window: Double, capacity: Int) {
        self.window = window
        entries = RingBuffer(capacity: capacity)
    }

    /// The newest value, if any.
    var newest: Vector3? { entries.last?.value }

    /// Adds the value at `time` (later than every earlier one).
    mutating func append(_ value: Vector3, at time: Double) {
        entries.append(Entry(time: time, value: value))
    }

    /// The value `window` seconds before `time`, interpolated linearly between the entries around it; the oldest
    /// value while the stream is younger than the window. Drops entries no later read needs. Needs one entry.
    mutating func valueWindowAgo(at time: Double) -> Vector3 {
        let target = time - window
        while entries.count >= 2, entries[1].time <= target { entries.removeFirst() }
        let a = entries[0]
        guard a.time < target, entries.count >= 2 else { return a.value }
        let b = entries[1]
        let f = (target - a.time) / (b.time - a.time)
        return a.value + (b.value - a.value) * f
    }

    /// Forgets every value.
    mutating func reset() {
        entries.removeAll()
    }
}
