/// The times of a spotter's latest samples by sample index: what dates a candidate that a spotter finds in sample
/// indices (a SPRING match, a MiniRocket window).
///
/// A spotter sizes it from its own bound on how far back a candidate can start when it is found, so a lookup
/// never falls outside it; one that does is a broken bound and stops the program rather than misdate an event.
///
/// - Complexity: O(1) per sample and lookup; O(capacity) memory, no allocation once full.
package struct SampleTimes: Sendable {
    private var ring: RingBuffer<Double>
    /// Samples recorded since the start or the last ``reset()``; the latest has index `count − 1`.
    package private(set) var count = 0

    /// Times of the latest `capacity` samples.
    package init(capacity: Int) {
        ring = RingBuffer(capacity: capacity)
    }

    /// The most samples whose times are kept.
    package var capacity: Int { ring.capacity }

    /// Records the next sample's time, seconds.
    package mutating func record(_ timestamp: Double) {
        ring.append(timestamp)
        count += 1
    }

    /// The latest sample's time, seconds (0 before any).
    package var now: Double { ring.isEmpty ? 0 : ring[ring.count - 1] }

    /// The time of sample `index`, seconds, which must be one of the latest ``capacity`` samples.
    package func time(of index: Int) -> Double {
        let oldest = count - ring.count
        precondition(index >= oldest && index < count, "sample \(index) is outside the kept times \(oldest)..<\(count)")
        return ring[index - oldest]
    }

    /// Forgets every time.
    package mutating func reset() {
        ring.removeAll()
        count = 0
    }
}
