import GestureKit

extension Recording {
    /// The recording with the columns of `channels` that it lacks but that its samples give, derived as a detecting
    /// ``GestureKit/Pipeline`` derives them (``GestureKit/Pipeline/prepare(for:)``), over the whole recording:
    /// gravity and user acceleration from total acceleration by a ``GestureKit/GravitySplitter``; vector magnitudes
    /// (`accel.magnitude`, `mag.magnitude`, …); the orientation-free channels (`headingChange`, `tilt`, …) by a
    /// ``GestureKit/PhysicalChannelEstimator`` with its default settings, fed the samples as recorded. A trainer or a
    /// search (`find`) that reads the columns then reads the signal the deployed recognizer sees. A channel the
    /// samples cannot give (`gyro.x` without gyroscope columns, `magneticHeadingChange` without a magnetometer) stays
    /// missing, for the caller to report. A placed channel (`accel.magnitude@lowerarm`) is derived from its unit's
    /// columns the same way, its unit's gaps (NaN) holding the unit's last value.
    ///
    /// - Complexity: O(samples × channels) when a column is derived, O(channels) otherwise.
    public func derivingChannels(_ channels: [MotionChannel]) -> Recording {
        func hasAcceleration(_ c: MotionChannel) -> Bool {
            has(c.placement.map { p in MotionChannel.acceleration.map { Channel($0.placed(at: p)!) } } ?? Channel.acceleration)
        }
        // Another unit's column with a NaN (its gap) is derived again, holding as below.
        var missing = channels.filter { c in
            !c.isArchiveDimension && (hasAcceleration(c) || !c.comesFromAcceleration)
                && (column(Channel(c)).map { c.placement != nil && $0.contains(where: \.isNaN) } ?? true)
        }
        guard !missing.isEmpty else { return self }
        // The orientation-free channels travel together on a sample (``GestureKit/MotionSample/physical``): one asked
        // for brings the others the samples give, so that ``samples`` carries them to a spotter's resampler.
        // Per placement: another unit's reading carries its own (`verticalAcceleration@lowerarm` brings `tilt@lowerarm`, …).
        for placement in Set(missing.filter(\.isDerivableByPhysicalEstimation).map(\.placement)) {
            let kinds = MotionChannel.physical.compactMap { c in placement.map { c.placed(at: $0) } ?? c }
            missing += kinds.filter { c in column(Channel(c)) == nil && !missing.contains(c) }
        }
        let split = missing.contains(where: \.isDerivableByGravitySplit)
        var splitter = GravitySplitter()
        // As Pipeline.prepare adds it: default settings, fed the samples before any split it adds.
        var physical: PhysicalChannelEstimator? = nil
        if missing.contains(where: \.isDerivableByPhysicalEstimation) { physical = try! PhysicalChannelEstimator() }
        var derived = [[Double]](repeating: [], count: missing.count)
        // Samples a stage passes over (a repeated or non-finite sample, before its first estimate) hold the latest
        // value, the first ones the first value: one odd row must not cost a whole channel. So do the samples where
        // another unit is absent (its gap) for that unit's channels.
        var given = [Int](repeating: 0, count: missing.count)
        for sample in samples {
            var s = split ? splitter.split(sample) : sample
            if physical != nil {
                let estimated = physical!.estimate(sample)
                s.physical = estimated.physical
                // Each other unit's orientation-free channels, by its own estimator.
                if sample.units != nil { s.units = estimated.units }
            }
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
