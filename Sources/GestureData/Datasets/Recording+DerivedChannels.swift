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
        let missing = channels.filter { c in
            !c.isArchiveDimension && column(Channel(c)) == nil && (hasAcceleration || !c.comesFromAcceleration)
        }
        guard !missing.isEmpty else { return self }
        let split = missing.contains(where: \.isDerivableByGravitySplit)
        var splitter = GravitySplitter()
        // As Pipeline.prepare adds it: default settings, fed the samples before any split it adds.
        var physical: PhysicalChannelEstimator? = nil
        if missing.contains(where: \.isDerivableByPhysicalEstimation) { physical = try! PhysicalChannelEstimator() }
        var derived = [[Double]](repeating: [], count: missing.count)
        var complete = [Bool](repeating: true, count: missing.count)
        for sample in samples {
            var s = split ? splitter.split(sample) : sample
            if physical != nil { s.physical = physical!.estimate(sample).physical }
            for (i, c) in missing.enumerated() where complete[i] {
                if let v = c.value(in: s) { derived[i].append(v) } else { complete[i] = false }
            }
        }
        var copy = self
        for (i, c) in missing.enumerated() where complete[i] { copy.setColumn(Channel(c), derived[i]) }
        return copy
    }
}
