import GestureKit

extension PhysicalPlausibility {
    /// The length, s, of the windows over which acceleration in motion is averaged (``MotionMeans``): gravity keeps each
    /// second's mean vector near 1 g unless the device turns a whole turn within it, while acceleration without gravity
    /// (its integral is a change of velocity, which a hand undoes) averages out.
    package static let motionWindowSeconds = 1.0
    /// The share of the mean |a| that the median of the windows' mean vectors stays under in acceleration without gravity
    /// (0.15 for a hand moving a phone); total acceleration keeps it near 1 (0.66 for a swimmer's watch turning every way).
    package static let gravityFreeWindowShare = 0.3
    /// The least number of ``motionWindowSeconds`` windows for that verdict.
    static let motionWindows = 5

    /// Acceleration of a device in motion judged for gravity, as it arrives: the mean vector and mean |a| over all
    /// samples, and the mean vector of each ``motionWindowSeconds`` window. Memory: one number a window.
    /// O(1) per sample.
    package struct MotionMeans: Sendable {
        private var sum = Vector3.zero, magnitudes = 0.0
        /// Finite samples added.
        package private(set) var count = 0
        private var first = Double.nan, window = Vector3.zero, windowCount = 0, windowStart = Double.nan
        /// |mean vector| of each ``motionWindowSeconds`` window that closed (g as read).
        private var windowMeans: [Double] = []
        /// The ``motionWindowSeconds`` windows closed so far.
        package var closedWindows: Int { windowMeans.count }

        package init() {}

        /// Seconds from the first sample added to the last.
        package private(set) var seconds = 0.0

        /// Adds a sample; one whose acceleration or time is not finite is passed over.
        package mutating func add(time: Double, acceleration: Vector3) {
            guard acceleration.isFinite, time.isFinite else { return }
            if count == 0 { first = time }
            if windowCount == 0 { windowStart = time }
            sum += acceleration
            magnitudes += acceleration.length
            count += 1
            seconds = time - first
            window += acceleration
            windowCount += 1
            if time - windowStart >= PhysicalPlausibility.motionWindowSeconds {
                windowMeans.append((window / Double(windowCount)).length)
                window = .zero
                windowCount = 0
            }
        }

        /// The mean |a| (g as read) of acceleration that holds no gravity by its motion, else `nil`: it moves about no
        /// mean (its mean vector under a quarter of its mean |a|) and either its mean |a| is under 1 g (by Jensen's
        /// inequality total acceleration averages at least about 1 g however the device turns) or the median of its
        /// windows' mean vectors is under ``gravityFreeWindowShare`` of its mean |a| (gravity keeps each second's mean
        /// near 1 g). O(windows log windows).
        package var withoutGravity: Double? {
            guard count > 0 else { return nil }
            let mean = magnitudes / Double(count)
            guard mean > 0, (sum / Double(count)).length < 0.25 * mean else { return nil }
            if mean < PhysicalPlausibility.restingBand.lowerBound { return mean }
            guard windowMeans.count >= PhysicalPlausibility.motionWindows, let median = SampleStatistics.median(windowMeans),
                  median < PhysicalPlausibility.gravityFreeWindowShare * mean else { return nil }
            return mean
        }
    }

    /// The mean |a| (g as read) of a whole recording's acceleration that holds no gravity by its motion
    /// (``MotionMeans/withoutGravity``), when it lasts ``motionWindows`` windows and no still window of it has gravity
    /// (``StillWindows``); else `nil`. O(samples).
    package static func movesWithoutGravity(times: [Double], x: [Double], y: [Double], z: [Double]) -> Double? {
        var means = MotionMeans(), windows = StillWindows()
        for i in 0..<min(times.count, x.count, y.count, z.count) {
            let a = Vector3(x[i], y[i], z[i])
            means.add(time: times[i], acceleration: a)
            windows.add(time: times[i], acceleration: a, rotationRate: nil)
        }
        guard windows.withGravity == 0, means.seconds >= Double(motionWindows) * motionWindowSeconds else { return nil }
        return means.withoutGravity
    }
}
