import Foundation
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

    /// The mean rotation rate, rad/s (8.6 °/s), across gravity over still stretches that the accelerometer does not
    /// see, beyond which the gyroscope is judged (``StillTurn``): a gyroscope in rad/s, even with its zero point left
    /// in (a few tenths of a °/s to 7 °/s: Gyronics' hand-held MPU units reach 0.13 rad/s over their rests), stays
    /// below it; degrees per second read as rad/s (0.31 °/s at rest read as 0.31 rad/s) do not.
    package static let stillTurnRate = 0.15
    /// The least angle, rad (29°), by which the gyroscope must turn gravity beyond the tilt the accelerometer sees
    /// over still stretches for the verdict (``StillTurn``).
    package static let stillTurnAngle = 0.5
    /// The least time, s, of still stretches with gravity behind a ``StillTurn`` verdict.
    package static let stillTurnSeconds = 2.0
    /// How far, rad (15°), gravity may lie from the z axis in a still window that lies level.
    package static let levelAngle = 15 * Double.pi / 180

    /// What the gyroscope integrates across gravity over still stretches against what the accelerometer sees there:
    /// the stretch that turned most beyond its tilt, and the mean rate of the excess over all still stretches.
    package struct StillTurn: Hashable, Sendable {
        /// The angle, rad, by which the rotation rate turns gravity over ``seconds`` (the length of the vector sum of
        /// each still window's rate across gravity times its length: what the accelerometer's direction would move).
        package var turned: Double
        /// The angle, rad, by which the accelerometer's direction of gravity moved over the same stretch.
        package var tilt: Double
        /// The length, s, of that still stretch.
        package var seconds: Double
        /// The turn beyond the tilt, rad/s, over all still stretches with gravity (at least ``stillTurnRate``).
        package var rate: Double
        /// The mean rotation rate per axis, rad/s, over the still stretches: a zero point, if that is what it is.
        package var atRest: Vector3
    }

    /// Acceleration and rotation rate judged together, window by window, as they arrive: a still window is one whose
    /// acceleration vector stays within ``stillSpread`` (RMS) of its mean over at least ``stillWindowSeconds`` and
    /// ``windowLength`` samples. Still windows with gravity (mean within ``plausibleRest``) whose mean rotation rate
    /// across that gravity is ``stillRotationRate`` or more are impossible; still windows near 0 g hold no gravity.
    /// The mean rotation rate, not its magnitude, so that a vibrating device (rates that swing both ways) is not
    /// taken for a turning one. Consecutive still windows with gravity make a still stretch, over which the rotation
    /// the gyroscope integrates across gravity is compared with the tilt the accelerometer sees (``turnWhileStill``):
    /// slow rotation that the accelerometer does not show is as impossible as fast. Memory: one window. O(1) per
    /// sample, amortized.
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
        private var start = 0.0, last = 0.0
        /// The window's rotation rates (for their median: a glitch row does not turn a stretch) and its longest step
        /// between times, s (a jump or a time going back makes it no part of a stretch).
        private var windowRates: [Vector3] = []
        private var longestStep = 0.0, backwards = false
        /// The still stretch under way: its first and last direction of gravity, the vector sum of its windows'
        /// rates across gravity times their lengths (rad), its length (s).
        private var stretch: (first: Vector3, last: Vector3, turned: Vector3, seconds: Double)?
        /// Over the still stretches that ended: the turn beyond the tilt (rad), their length (s), and the stretch
        /// that turned most beyond its tilt.
        private var excess = 0.0, stillSeconds = 0.0
        private var worst: (turned: Double, tilt: Double, seconds: Double)?
        /// Each still window's rotation rate times its length, summed (rad per axis).
        private var rateSeconds = Vector3.zero
        /// The still windows with gravity that lay level on z (gravity within ``levelAngle`` of the z axis), reading
        /// +1 g on z (`up`) or −1 g (`down`), and the sum of every such window's mean acceleration (g).
        package private(set) var levelOnZ = (up: 0, down: 0)
        package private(set) var restSum = Vector3.zero

        package init() {}

        /// Adds a sample; a sample whose acceleration is not finite is passed over.
        package mutating func add(time: Double, acceleration: Vector3, rotationRate: Vector3?) {
            guard acceleration.isFinite else { return }
            if accelerations.isEmpty {
                start = time
            } else {
                longestStep = max(longestStep, time - last)
                if !(time >= last) { backwards = true }
            }
            last = time
            accelerations.append(acceleration)
            if let rotationRate, rotationRate.isFinite {
                rateSum += rotationRate
                rates += 1
                windowRates.append(rotationRate)
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
                windowRates.removeAll(keepingCapacity: true)
                longestStep = 0
                backwards = false
            }
            let n = Double(accelerations.count)
            let mean = accelerations.reduce(Vector3.zero, +) / n
            guard accelerations.contains(where: { $0 != .zero }),
                  PhysicalPlausibility.spread(accelerations[...]) <= PhysicalPlausibility.stillSpread else { return endStretch() }
            let magnitude = accelerations.reduce(0.0) { $0 + $1.length } / n
            if magnitude < PhysicalPlausibility.gravityFreeRest {
                nearZero.append(magnitude)
                endStretch()
            } else if PhysicalPlausibility.plausibleRest.contains(mean.length), let down = mean.normalized {
                withGravity += 1
                restSum += mean
                if abs(down.z) >= cos(PhysicalPlausibility.levelAngle) {
                    if down.z > 0 { levelOnZ.up += 1 } else { levelOnZ.down += 1 }
                }
                // Most of the window's samples must carry a rotation rate for its mean to speak.
                guard rates * 2 >= accelerations.count else { return endStretch() }
                let rate = rateSum / Double(rates)
                if rate.cross(down).length >= PhysicalPlausibility.stillRotationRate { turning.append(rate) }
                // The window's samples cover as many intervals as there are samples.
                let seconds = (last - start) * n / max(1, n - 1)
                // Times that jump (a glitch row, rows from other times) say nothing of how long the window lasted.
                guard seconds.isFinite, seconds > 0, !backwards, longestStep <= 4 * (last - start) / max(1, n - 1) else { return endStretch() }
                func median(_ axis: Axis) -> Double { SampleStatistics.median(windowRates.map { $0[axis] }) ?? 0 }
                let typical = Vector3(median(.x), median(.y), median(.z))
                // Gravity, fixed in the world, moves in the device's frame as d × ω.
                var open = stretch ?? (down, down, .zero, 0)
                open.turned += down.cross(typical) * seconds
                open.last = down
                open.seconds += seconds
                stretch = open
                rateSeconds += typical * seconds
            } else {
                endStretch()
            }
        }

        /// The turn beyond the tilt, rad, of the still stretch under way (0 without one), with its turn and tilt.
        private var openExcess: (excess: Double, turned: Double, tilt: Double, seconds: Double)? {
            guard let stretch else { return nil }
            let turned = stretch.turned.length
            let tilt = acos(max(-1, min(1, stretch.first.dot(stretch.last))))
            return (max(0, turned - tilt), turned, tilt, stretch.seconds)
        }

        private mutating func endStretch() {
            guard let open = openExcess else { return }
            excess += open.excess
            stillSeconds += open.seconds
            if open.turned - open.tilt > (worst.map { $0.turned - $0.tilt } ?? -.infinity) { worst = (open.turned, open.tilt, open.seconds) }
            stretch = nil
        }

        /// The rotation the gyroscope integrates across gravity beyond the tilt the accelerometer sees, over the still
        /// stretches so far (the one under way included), once it is ``stillTurnAngle`` or more over at least
        /// ``stillTurnSeconds`` and ``stillTurnRate`` or more on average; else `nil`. The stretch named is the one
        /// that turned most beyond its tilt.
        package var turnWhileStill: StillTurn? {
            let open = openExcess
            let total = excess + (open?.excess ?? 0), seconds = stillSeconds + (open?.seconds ?? 0)
            guard seconds >= PhysicalPlausibility.stillTurnSeconds, total >= PhysicalPlausibility.stillTurnAngle,
                  total / seconds >= PhysicalPlausibility.stillTurnRate else { return nil }
            var chosen = worst
            if let open, open.turned - open.tilt > (worst.map { $0.turned - $0.tilt } ?? -.infinity) { chosen = (open.turned, open.tilt, open.seconds) }
            guard let chosen else { return nil }
            return StillTurn(turned: chosen.turned, tilt: chosen.tilt, seconds: chosen.seconds, rate: total / seconds, atRest: rateSeconds / seconds)
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

        /// The rotation-rate verdict reached by the window that just closed, given the counts of ``turning`` and
        /// ``withGravity`` before it: a rate held across gravity first, then a turn the accelerometer does not see.
        func finding(turningBefore turning: Int, stillBefore still: Int) -> Finding? {
            if self.turning.count != turning, let found = rotationWhileStill { return .rotationWhileStill(rate: found.rate, atRest: found.atRest) }
            if withGravity != still, let turn = turnWhileStill { return .turnWhileStill(turn) }
            return nil
        }

        /// The resting magnitude, g, of acceleration that holds no gravity: the median of the still windows near 0 g,
        /// once there are ``gravityFreeWindows`` of them and more than twice as many as still windows with gravity;
        /// else `nil`. A stream's verdict, made as it arrives (a whole file is judged by ``judgeRest(x:y:z:)``).
        package var restWithoutGravity: Double? {
            guard nearZero.count >= PhysicalPlausibility.gravityFreeWindows, nearZero.count > 2 * withGravity else { return nil }
            return SampleStatistics.median(nearZero)
        }
    }

    /// What the gyroscope of a whole recording given as columns (converted: g and rad/s) shows while the acceleration
    /// stays still (``StillWindows``): a rotation rate held across gravity (``Finding/rotationWhileStill(rate:atRest:)``)
    /// or a turn the accelerometer does not see (``Finding/turnWhileStill(_:)``), with the sample at which the verdict
    /// was reached: the same verdict a stream reaches (``Watch``). A turn is told over the whole recording (its worst
    /// still stretch and its mean rate), since the file is there. `nil` when neither holds. O(samples).
    package static func stillRotation(times: [Double], acceleration a: [[Double]], rotationRate w: [[Double]]) -> (finding: Finding, index: Int)? {
        let n = min(times.count, a[0].count, a[1].count, a[2].count, w[0].count, w[1].count, w[2].count)
        var windows = StillWindows()
        func add(_ i: Int) {
            windows.add(time: times[i], acceleration: Vector3(a[0][i], a[1][i], a[2][i]), rotationRate: Vector3(w[0][i], w[1][i], w[2][i]))
        }
        for i in 0..<n {
            let (turning, still) = (windows.turning.count, windows.withGravity)
            add(i)
            guard let finding = windows.finding(turningBefore: turning, stillBefore: still) else { continue }
            guard case .turnWhileStill = finding else { return (finding, i) }
            for k in (i + 1)..<n { add(k) }
            return (windows.turnWhileStill.map { .turnWhileStill($0) } ?? finding, i)
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
        /// Over still stretches the rotation rate turned gravity where the accelerometer saw it stay (``StillTurn``).
        case turnWhileStill(StillTurn)
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
        private var means = MotionMeans()

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
            let turning = windows.turning.count, still = windows.nearZero.count, withGravity = windows.withGravity
            windows.add(time: time, acceleration: acceleration, rotationRate: judgesRotation ? rotationRate : nil)
            if let finding = windows.finding(turningBefore: turning, stillBefore: withGravity) {
                reported = true
                return finding
            }
            if judgesRest, windows.nearZero.count != still, let rest = windows.restWithoutGravity {
                reported = true
                return .withoutGravity(magnitude: rest)
            }
            // Never still, as a hand-held device is not: acceleration without gravity moves about no mean and averages
            // out second by second (``MotionMeans``), judged once over the first seconds.
            if judgesRest {
                means.add(time: time, acceleration: acceleration)
                if means.count >= Self.samplesForMean, means.seconds >= Self.secondsForMean,
                   means.closedWindows >= PhysicalPlausibility.motionWindows {
                    judgesRest = false
                    if windows.withGravity == 0, let mean = means.withoutGravity {
                        reported = true
                        return .withoutGravity(magnitude: mean)
                    }
                }
            }
            return nil
        }
    }
}
