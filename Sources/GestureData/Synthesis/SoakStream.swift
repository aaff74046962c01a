import GestureKit

/// An endless raw sensor stream for soak tests: ``BenchmarkStream``'s gestures (accelerometer and gyroscope
/// only, so a fusion stage has work) repeated with ever-growing timestamps, and every `burstInterval` samples
/// one burst of what real sensors send, in turn:
/// - 20 samples whose values are NaN or infinite,
/// - a gap: the clock jumps 3 s ahead,
/// - a clock jump back: 20 samples stamped 100 s in the past, then the clock resumes,
/// - 20 samples that repeat the previous timestamp.
///
/// Deterministic for a seed. O(1) per sample after the O(`cycle`) repeating part is generated.
package struct SoakStream: MotionSource, Sendable {
    /// What kind of burst ``next()`` is in, counted in ``bursts``.
    package enum Burst: String, CaseIterable, Sendable {
        case nonFinite = "non-finite values"
        case gap = "gap (3 s ahead)"
        case clockJumpBack = "clock jump back (100 s)"
        case duplicate = "duplicate times"
    }

    /// Samples between bursts.
    package let burstInterval: Int
    /// Samples produced so far.
    package private(set) var produced = 0
    /// Bursts injected so far, by kind.
    package private(set) var bursts: [Burst: Int] = [:]

    private let cycle: [MotionSample]
    private let period: Double
    private var offset = 0.0          // added to the cycle's times: whole cycles plus injected gaps
    private var position = 0
    private var lastTime = -Double.infinity
    private var burst: (kind: Burst, left: Int)?
    private static let burstLength = 20

    /// A stream at `rate` Hz whose repeating part is `cycleSeconds` long, with a burst every `burstInterval`
    /// samples (at least 100).
    package init(rate: Double = 100, cycleSeconds: Double = 200, burstInterval: Int = 1_000_000, seed: UInt64 = 1) {
        cycle = BenchmarkStream.samples(seconds: cycleSeconds, rate: rate, seed: seed).map {
            MotionSample(timestamp: $0.timestamp, acceleration: $0.acceleration, rotationRate: $0.rotationRate)
        }
        period = Double(cycle.count) / rate
        self.burstInterval = max(100, burstInterval)
    }

    /// The next sample; never `nil`.
    package mutating func next() -> MotionSample? {
        produced += 1
        if burst == nil, produced % burstInterval == 0 {
            let kind = Burst.allCases[(produced / burstInterval - 1) % Burst.allCases.count]
            bursts[kind, default: 0] += 1
            if kind == .gap {
                offset += 3
            } else {
                burst = (kind, Self.burstLength)
            }
        }
        var sample = cycle[position]
        sample.timestamp += offset
        position += 1
        if position == cycle.count {
            position = 0
            offset += period
        }
        if let (kind, left) = burst {
            burst = left > 1 ? (kind, left - 1) : nil
            switch kind {
            case .nonFinite:
                sample.acceleration.x = left.isMultiple(of: 2) ? .nan : .infinity
            case .clockJumpBack:
                sample.timestamp -= 100
                return sample       // the clock resumes after the burst: lastTime stays
            case .duplicate:
                sample.timestamp = lastTime
                return sample
            case .gap:
                break
            }
        }
        lastTime = sample.timestamp
        return sample
    }
}
