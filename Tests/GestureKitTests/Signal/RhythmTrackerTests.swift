import Foundation
import GestureKit
import Testing

/// The rhythm tracker against periodic motions with a known period, at several rates, through breaks and gaps.
@Suite struct RhythmTrackerTests {
    /// A stroke-like |ω|: one strong and one weaker pull per cycle of `period` seconds, rad/s.
    static func stroke(_ t: Double, period: Double) -> Double {
        let phase = 2 * Double.pi * t / period
        return 2 + 1.5 * sin(phase) + 0.6 * sin(2 * phase + 0.7)
    }

    /// The tracker's readings for `signal` sampled at `rate` Hz from 0 to `duration` s.
    static func readings(rate: Double, duration: Double, _ configuration: RhythmTracker.Configuration = .init(),
                         signal: (Double) -> Double) throws -> [(t: Double, reading: RhythmTracker.Reading)] {
        var tracker = try RhythmTracker(configuration: configuration)
        return (0..<Int((duration * rate).rounded())).map { i in
            let t = Double(i) / rate
            return (t, tracker.update(signal(t), at: t))
        }
    }

    /// A steady 1.4 s stroke gives its period within 0.05 s and a regularity above 0.95, the same at 25, 50 and
    /// 100 Hz (within 0.02 s): the bins are on the clock, not on the sample count.
    @Test func steadyStrokesGiveTheirPeriodAtEveryRate() throws {
        var periods: [Double] = []
        for rate in [25.0, 50, 100] {
            let last = try #require(try Self.readings(rate: rate, duration: 20) { Self.stroke($0, period: 1.4) }.last)
            #expect(abs(last.reading.period - 1.4) < 0.05, "at \(rate) Hz: \(last.reading)")
            #expect(last.reading.regularity > 0.95, "at \(rate) Hz: \(last.reading)")
            periods.append(last.reading.period)
        }
        #expect(periods.max()! - periods.min()! < 0.02)
    }

    /// Each period of the range is found, not a multiple of it (a 0.8 s rhythm also correlates at 1.6 and 2.4 s).
    @Test func theWholeCycleIsChosenNotItsMultiples() throws {
        for period in [0.6, 0.8, 1.1, 1.9, 2.6] {
            let last = try #require(try Self.readings(rate: 50, duration: 25) { Self.stroke($0, period: period) }.last)
            #expect(abs(last.reading.period - period) < 0.05 * period + 0.02, "period \(period): \(last.reading)")
        }
    }

    /// Strokes, a 6 s glide at the wall (smooth, no rhythm, seeded sensor noise), strokes again: the regularity
    /// falls below 0.5 within the glide and is back above 0.9 a window after the strokes resume.
    @Test func aBreakInTheStrokesLowersTheRegularity() throws {
        var random = SplitMix64(seed: 7)
        let noise = (0..<2000).map { _ in 0.05 * random.gaussian() }
        let rate = 50.0
        let series = try Self.readings(rate: rate, duration: 40) { t in
            let n = noise[Int(t * rate) % noise.count]
            if t >= 20 && t < 26 { return 0.4 + 0.3 * exp(-(t - 20)) + n }
            return Self.stroke(t, period: 1.3) + n
        }
        func reading(at t: Double) -> RhythmTracker.Reading { series[Int(t * rate)].reading }
        #expect(reading(at: 19.5).regularity > 0.9)
        let duringGlide = series.filter { $0.t > 23 && $0.t < 26.5 }.map(\.reading.regularity)
        #expect(duringGlide.min()! < 0.5, "lowest during the glide: \(duringGlide.min()!)")
        #expect(reading(at: 39.5).regularity > 0.9)
        #expect(abs(reading(at: 39.5).period - 1.3) < 0.05)
    }

    /// White noise and a constant have no rhythm to speak of.
    @Test func noiseAndStillnessHaveNoRhythm() throws {
        var random = SplitMix64(seed: 11)
        let noise = try Self.readings(rate: 50, duration: 30) { _ in 1 + random.gaussian() }
        let late = noise.filter { $0.t > 10 }.map(\.reading.regularity)
        #expect(late.reduce(0, +) / Double(late.count) < 0.3)
        let still = try #require(try Self.readings(rate: 50, duration: 15) { _ in 1 }.last)
        #expect(still.reading == RhythmTracker.Reading(period: 0, regularity: 0))
    }

    /// Until a window and the longest lag are seen the tracker reads 0; a gap longer than the longest period starts
    /// the history again (time on the clock, not in samples); odd samples are passed over without a trap.
    @Test func itWaitsForHistoryAndStartsAgainAfterAGap() throws {
        var tracker = try RhythmTracker()
        var t = 0.0
        var reading = RhythmTracker.Reading(period: 0, regularity: 0)
        while t < 8.9 {   // the window (6 s) and the longest period (3 s) are 9 s of bins
            reading = tracker.update(Self.stroke(t, period: 1), at: t)
            t += 0.02
        }
        #expect(reading.period == 0)
        while t < 15 {
            reading = tracker.update(Self.stroke(t, period: 1), at: t)
            t += 0.02
        }
        #expect(abs(reading.period - 1) < 0.05)
        _ = tracker.update(.nan, at: t)
        _ = tracker.update(1, at: .infinity)
        _ = tracker.update(1, at: t - 5)
        #expect(abs(tracker.update(Self.stroke(t, period: 1), at: t + 0.02).period - 1) < 0.05)
        reading = tracker.update(Self.stroke(t + 10, period: 1), at: t + 10)
        #expect(reading == RhythmTracker.Reading(period: 0, regularity: 0))
    }

    @Test func settingsOutOfRangeAreErrors() {
        #expect(throws: ConfigurationError.self) { try RhythmTracker(configuration: .init(window: 0)) }
        #expect(throws: ConfigurationError.self) { try RhythmTracker(configuration: .init(shortestPeriod: 2, longestPeriod: 2.1)) }
        #expect(throws: ConfigurationError.self) { try RhythmTracker(configuration: .init(rate: .nan)) }
    }
}
