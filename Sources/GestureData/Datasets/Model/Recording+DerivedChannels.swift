import GestureKit

extension Recording {
    /// The recording with the columns of `channels` that it lacks but that its samples give, derived as a detecting
    /// ``GestureKit/Pipeline`` derives them (``GestureKit/Pipeline/prepare(for:)``), over the whole recording:
    /// gravity and user acceleration from total acceleration by a ``GestureKit/GravitySplitter``; vector magnitudes
    /// (`accel.magnitude`, `mag.magnitude`, …); the orientation-free channels (`headingChange`, `tilt`, …) by a
    /// ``GestureKit/PhysicalChannelEstimator`` with its default settings, fed the samples as recorded. A trainer or a
    /// search (`find`) that reads the columns then reads the signal the deployed recognizer sees. A channel the
    /// samples cannot give (`gyro.x` without gyroscope columns, `magneticHeadingChange` without a magnetometer) stays
    /// missing, for the caller to report.
    ///
    /// - Complexity: O(samples × channels) when a column is derived, O(channels) otherwise.
    public func derivingChannels(_ channels: [MotionChannel]) -> Recording {
        let hasAcceleration = has(Channel.acceleration)
        var missing = channels.filter { c in
            !c.isArchiveDimension && column(Channel(c)) == nil && (hasAcceleration || !c.comesFromAcceleration)
        }
        guard !missing.isEmpty else { return self }
        // The orientation-free channels travel together on a sample (``GestureKit/MotionSample/physical``): one asked
        // for brings the others the samples give, so that ``samples`` carries them to a spotter's resampler.
        if missing.contains(where: \.isDerivableByPhysicalEstimation) {
            missing += MotionChannel.physical.filter { c in column(Channel(c)) == nil && !missing.contains(c) }
        }
        let split = missing.contains(where: \.isDerivableByGravitySplit)
        var splitter = GravitySplitter()
        // As Pipeline.prepare adds it: default settings, fed the samples before any split it adds.
        var physical: PhysicalChannelEstimator? = nil
        if missing.contains(where: \.isDerivableByPhysicalEstimation) { physical = try! PhysicalChannelEstimator() }
        var derived = [[Double]](repeating: [], count: missing.count)
        // Samples a stage passes over (a repeated or non-finite sample, before its first estimate) hold the latest
        // value, the first ones the first value: one odd row must not cost a whole channel.
        var given = [Int](repeating: 0, count: missing.count)
        for sample in samples {
            var s = split ? splitter.split(sample) : sample
            if physical != nil { s.physical = physical!.estimate(sample).physical }
            for (i, c) in missing.enumerated() {
                if let v = c.value(in: s), v.isFinite {
                    if given[i] == 0, !derived[i].isEmpty { derived[i] = [Double](repeating: v, count: derived[i].count) }
                    derived[i].append(v)
                    given[i] += 1
                } else {
                    derived[i].append(derived[i].last ?? .nan)
                }
            }
        }
        var copy = self
        // A channel the samples never give stays missing.
        for (i, c) in missing.enumerated() where given[i] > 0 { copy.setColumn(Channel(c), derived[i]) }
        return copy
    }
}
