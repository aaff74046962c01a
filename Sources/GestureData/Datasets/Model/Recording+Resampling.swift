import GestureKit

extension Recording {
    /// What resampling did to a recording: how many samples went in and came out, and the gaps the grid
    /// restarted after instead of interpolating across.
    package struct Resampling: Hashable, Sendable {
        /// Samples read.
        package var samplesIn = 0
        /// Samples written.
        package var samplesOut = 0
        /// Intervals longer than the largest interpolated one, where the grid restarted.
        package var gaps = 0
        /// Channels dropped because the resampler carries no auxiliary columns.
        package var droppedChannels: [Channel] = []

        /// Counts of no recording.
        package init() {}

        /// Adds `other`'s counts.
        package mutating func merge(_ other: Resampling) {
            samplesIn += other.samplesIn
            samplesOut += other.samplesOut
            gaps += other.gaps
            for c in other.droppedChannels where !droppedChannels.contains(c) { droppedChannels.append(c) }
        }

        /// The method and the counts in words, for `datasets convert --rate`.
        package func description(rate: Double, gapFactor: Double) -> String {
            "resampled to \(SampleCSVFormat.format(rate)) Hz by linear interpolation (attitude by slerp) on a grid from each "
                + "recording's first sample; \(samplesIn) samples in, \(samplesOut) out; the grid restarts after each of \(gaps) gaps "
                + "(intervals over \(SampleCSVFormat.format(gapFactor)) median intervals), never interpolated across"
                + (droppedChannels.isEmpty ? "" : "; dropped \(droppedChannels.map(\.rawValue).joined(separator: ", ")) (not motion channels)")
        }
    }

    /// The recording on a grid at `rate` Hz by GestureKit's ``GestureKit/Resampler`` (linear, attitude by
    /// slerp), which restarts the grid at the first sample after any interval longer than `gapFactor` ×
    /// the recording's median interval: a gap is never interpolated across. Annotations stay in seconds.
    ///
    /// - Throws: ``GestureKit/ConfigurationError`` when `rate` is not a positive number.
    /// - Complexity: O(samples in + samples out).
    package func resampled(rate: Double, gapFactor: Double = Recording.gapFactor) throws(ConfigurationError) -> (Recording, Resampling) {
        var report = Resampling()
        report.samplesIn = count
        let maximumGap = gapFactor * (medianInterval ?? 1 / rate)
        report.gaps = gaps(gapFactor: gapFactor).count
        var resampler = try Resampler(rate: rate, maximumGap: maximumGap)
        var output: [MotionSample] = []
        output.reserveCapacity(Int(duration * rate) + report.gaps + 1)
        for sample in samples { resampler.process(sample, into: &output) }
        let motion = Set(Channel.acceleration + Channel.rotationRate + Channel.attitude + Channel.gravity + Channel.userAcceleration)
        report.droppedChannels = channelNames.filter { !motion.contains($0) }
        let result = Recording(id: id, subject: subject, session: session, samples: output, annotations: annotations)
        report.samplesOut = result.count
        return (result, report)
    }
}
