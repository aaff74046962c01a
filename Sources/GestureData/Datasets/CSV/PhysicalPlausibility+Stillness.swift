import GestureKit

extension PhysicalPlausibility {
    /// The rotation rate, rad/s, across gravity that no still stretch holds: turning at it for ``stillWindowSeconds``
    /// turns gravity by 0.25 rad (14°), moving the acceleration vector by 0.25 g, about 0.07 g RMS, more than
    /// ``stillSpread`` lets a still window move. Degrees per second, or a zero point nobody removed, read as rad/s
    /// hold it while the device lies still.
    package static let stillRotationRate = 1.0
    /// The shortest still window, s (and at least ``windowLength`` samples), so that the test holds at any rate.
    package static let stillWindowSeconds = 0.25
    /// Still windows turning across gravity needed for the verdict (at least 1 s of stillness), and at least half of
    /// the still windows with gravity: an odd window (a shake that happens to cancel) decides nothing.
    package static let turningWindows = 4
    /// Still windows near 0 g needed for a stream's verdict that its acceleration holds no gravity (at least 2 s),
    /// and more than twice as many as those with gravity.
    package static let gravityFreeWindows = 8

    /// Acceleration and rotation rate judged together, window by window, as they arrive: a still window is one whose
    /// acceleration vector stays within ``stillSpread`` (RMS) of its mean over at least ``stillWindowSeconds`` and
    /// ``windowLength`` samples. Still windows with gravity (mean within ``plausibleRest``) whose mean rotation rate
    /// across that gravity is ``stillRotationRate`` or more are impossible; still windows near 0 g hold no gravity.
    /// The mean rotation rate, not its magnitude, so that a vibrating device (rates that swing both ways) is not
    /// taken for a turning one. Memory: one window. O(1) per sample, amortized.
    package struct StillWindows: Sendable {
        /// Still windows whose acceleration has gravity.
        package private(set) var withGravity = 0
        /// The mean rotation rate of each still window with gravity that turned across it at ``stillRotationRate``
        /// or more.
        package private(set) var turning: [Vector3] = []
        /// The mean |a| of each still window below ``gravityFreeRest``.
        package private(set) var nearZero: [Double] = []
        private var accelerations: [Vector3] = []
        private var rateSum = Vector3.zero, rates = 0
        private var start = 0.0

        package init() {}

        /// Adds a sample; a sample whose acceleration is not finite is passed over.
        package mutating func add(time: Double, acceleration: Vector3, rotationRate: Vector3?) {
            guard acceleration.isFinite else { return }
            if accelerations.isEmpty { start = time }
            accelerations.append(acceleration)
            if let rotationRate, rotationRate.isFinite {
                rateSum += rotationRate
                rates += 1
            }
            let span = time - start
            if accelerations.count >= PhysicalPlausibility.windowLength && (span >= PhysicalPlausibility.stillWindowSeconds || !span.isFinite)
                || accelerations.count >= 4096 {
                close()
            }
        }

        private mutating func close() {
            defer {
                accelerations.removeAll(keepingCapacity: true)
                rateSum = .zero
                rates = 0
            }
            let n = Double(accelerations.count)
            let mean = accelerations.reduce(Vector3.zero, +) / n
            guard accelerations.contains(where: { $0 != .zero }),
                  PhysicalPlausibility.spread(accelerations[...]) <= PhysicalPlausibility.stillSpread else { return }
            let magnitude = accelerations.reduce(0.0) { $0 + $1.length } / n
            if magnitude < PhysicalPlausibility.gravityFreeRest {
                nearZero.append(magnitude)
            } else if PhysicalPlausibility.plausibleRest.contains(mean.length), let down = mean.normalized {
                withGravity += 1
                // Most of the window's samples must carry a rotation rate for its mean to speak.
                guard rates * 2 >= accelerations.count else { return }
                let rate = rateSum / Double(rates)
                if rate.cross(down).length >= PhysicalPlausibility.stillRotationRate { turning.append(rate) }
            }
        }

        /// The rotation rate held across gravity while still (the median over the turning windows of the rate across
        /// gravity) and the median rotation rate of those windows per axis (a zero point, if that is what it is), once
        /// ``turningWindows`` windows turned and they are at least half of the still windows with gravity; else `nil`.
        package var rotationWhileStill: (rate: Double, atRest: Vector3)? {
            guard turning.count >= PhysicalPlausibility.turningWindows, turning.count * 2 >= withGravity else { return nil }
            let rate = SampleStatistics.median(turning.map(\.length)) ?? 0
            func median(_ axis: Axis) -> Double { SampleStatistics.median(turning.map { $0[axis] }) ?? 0 }
            return (rate, Vector3(median(.x), median(.y), median(.z)))
        }

        /// The resting magnitude, g, of acceleration that holds no gravity: the median of the still windows near 0 g,
        /// once there are ``gravityFreeWindows`` of them and more than twice as many as still windows with gravity;
        /// else `nil`. A stream's verdict, made as it arrives (a whole file is judged by ``judgeRest(x:y:z:)``).
        package var restWithoutGravity: Double? {
            guard nearZero.count >= PhysicalPlausibility.gravityFreeWindows, nearZero.count > 2 * withGravity else { return nil }
            return SampleStatistics.median(nearZero)
        }
    }

    /// The rotation rate held across gravity while the acceleration stays still (``StillWindows``), in a whole
    /// recording given as columns (converted: g and rad/s), with the sample at which the verdict was reached: the
    /// same verdict a stream reaches (``Watch``). `nil` when it holds nowhere. O(samples).
    package static func rotationWhileStill(times: [Double], acceleration a: [[Double]],
                                           rotationRate w: [[Double]]) -> (rate: Double, atRest: Vector3, index: Int)? {
        let n = min(times.count, a[0].count, a[1].count, a[2].count, w[0].count, w[1].count, w[2].count)
        var windows = StillWindows()
        for i in 0..<n {
            let before = windows.turning.count
            windows.add(time: times[i], acceleration: Vector3(a[0][i], a[1][i], a[2][i]), rotationRate: Vector3(w[0][i], w[1][i], w[2][i]))
            if windows.turning.count != before, let found = windows.rotationWhileStill { return (found.rate, found.atRest, i) }
        }
        return nil
    }

    /// What physics finds wrong in a stream of samples as they arrive (``Watch``).
    package enum Finding: Equatable, Sendable {
        /// The rotation rate stayed above ``largestRotationRate`` for ``sustainedSamples`` samples, at `peak` rad/s.
        case rotationTooFast(peak: Double)
        /// The rotation rate held `rate` rad/s across gravity while the acceleration was still (``StillWindows``),
        /// reading `atRest` per axis there.
        case rotationWhileStill(rate: Double, atRest: Vector3)
        /// The acceleration rested at `magnitude` g: no gravity.
        case withoutGravity(magnitude: Double)
    }

    /// The checks a stream of samples gets while it arrives (a CSV on standard input, a file replayed by `detect`,
    /// lines from the network), with the thresholds a whole file gets: the rotation rate's sustained peak
    /// (``peakRate(x:y:z:)``), acceleration and rotation rate together (``StillWindows``), and rest near 0 g. It reports
    /// the first finding once, at the sample that completed it. Memory: one window. O(1) per sample, amortized.
    package struct Watch: Sendable {
        /// Whether the rest is judged (acceleration claimed as total; not user acceleration passed on alone).
        package var judgesRest: Bool
        /// Whether the rotation rate is judged (no unit was stated for it).
        package var judgesRotation: Bool
        private var windows = StillWindows()
        private var recent: [Double] = []
        private var reported = false
        private var sum = Vector3.zero, magnitudes = 0.0, count = 0, first = Double.nan

        /// Samples and seconds over which a stream that is never still is judged by its mean.
        static let samplesForMean = 256, secondsForMean = 5.0

        /// A watch judging what is asked.
        package init(judgesRest: Bool, judgesRotation: Bool) {
            self.judgesRest = judgesRest
            self.judgesRotation = judgesRotation
        }

        /// Adds a sample (converted: g and rad/s); returns the first finding, once, at the sample that completed it.
        package mutating func add(time: Double, acceleration: Vector3, rotationRate: Vector3?) -> Finding? {
            guard !reported else { return nil }
            if judgesRotation, let rotationRate {
                let m = rotationRate.length
                recent.append(m.isFinite ? m : 0)
                if recent.count > PhysicalPlausibility.sustainedSamples { recent.removeFirst() }
                if recent.count == PhysicalPlausibility.sustainedSamples, let low = recent.min(), low > PhysicalPlausibility.largestRotationRate {
                    reported = true
                    return .rotationTooFast(peak: low)
                }
            }
            let turning = windows.turning.count, still = windows.nearZero.count
            windows.add(time: time, acceleration: acceleration, rotationRate: judgesRotation ? rotationRate : nil)
            if windows.turning.count != turning, let found = windows.rotationWhileStill {
                reported = true
                return .rotationWhileStill(rate: found.rate, atRest: found.atRest)
            }
            if judgesRest, windows.nearZero.count != still, let rest = windows.restWithoutGravity {
                reported = true
                return .withoutGravity(magnitude: rest)
            }
            // Never still, as a hand-held device is not: acceleration without gravity moves about no mean
            // (``movesAboutNoMean(x:y:z:median:)``), judged once over the first seconds.
            if judgesRest, acceleration.isFinite {
                if count == 0 { first = time }
                sum += acceleration
                magnitudes += acceleration.length
                count += 1
                if count >= Self.samplesForMean, time - first >= Self.secondsForMean {
                    judgesRest = false
                    let mean = magnitudes / Double(count)
                    // In the world frame gravity is constant and the rest averages out, so by Jensen's inequality the
                    // mean |a| of total acceleration is at least about 1 g however the device turns; a swimmer's watch,
                    // turning every way, has a small mean vector but a mean |a| near 1 g, and is not judged.
                    if windows.withGravity == 0, mean > 0, mean < PhysicalPlausibility.restingBand.lowerBound,
                       (sum / Double(count)).length < 0.25 * mean {
                        reported = true
                        return .withoutGravity(magnitude: mean)
                    }
                }
            }
            return nil
        }
    }
}
