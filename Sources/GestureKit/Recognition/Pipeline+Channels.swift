extension Pipeline {
    /// A stage a pipeline added so that its recognizers get a channel the input lacks.
    public struct ChannelDerivation: Hashable, Sendable, CustomStringConvertible {
        /// The channels derived.
        public var channels: [MotionChannel]
        /// The recognizer that needs them.
        public var recognizer: String
        /// The stage added, as a short phrase.
        public var stage: String

        /// One line for a log: what was missing and what derives it.
        public var description: String {
            "\(recognizer) needs \(channels.map(\.rawValue).joined(separator: ", ")), which the input lacks: derived from total acceleration by \(stage)"
        }
    }

    /// Checks that every ``ChannelRequiring`` stage and recognizer gets its channels from `sample` (the stream's
    /// first, as the stages before it would pass it on) and, for a recognizer, adds the stage that derives a missing one: a ``GravitySplitter``
    /// for user acceleration or gravity on a total-acceleration-only stream, an ``AttitudeEstimator`` for
    /// attitude (with the gyroscope when the stream has one, else tilt from the accelerometer alone), a
    /// ``PhysicalChannelEstimator`` for the orientation-free channels (``MotionChannel/physical``). Every
    /// recognizer is checked, also after one that cannot be served, so the others still get their derivations.
    /// Returns what was added (empty: nothing was missing). Idempotent: a second call finds nothing missing.
    ///
    /// ``process(_:into:)`` calls it on the first sample of each stream when the app has not, deriving what it
    /// can; only a channel no stage can derive (rotation rate, archive columns) then leaves that recognizer
    /// silent, with the error kept in ``channelError``. Call it yourself to get that error thrown.
    ///
    /// - Throws: ``MissingChannelError`` naming the first channel that cannot be derived, and the fix, after
    ///   every recognizer was checked and every derivable channel derived.
    /// - Complexity: O(stages + channels); runs `sample` through copies of the stages.
    @discardableResult
    public mutating func prepare(for sample: MotionSample) throws(MissingChannelError) -> [ChannelDerivation] {
        channelsChecked = true
        channelError = nil
        var derived: [ChannelDerivation] = []
        var splitterAdded = false, estimatorAdded = false, physicalAdded = false
        // A stage that reads a channel (a physical stage whose rhythm was trained on |ω|) is never fed a substitute.
        for index in stages.indices {
            guard let needs = stages[index] as? any ChannelRequiring, !needs.requiredChannels.isEmpty else { continue }
            let seen = Self.probe(sample, through: Array(stages[..<index]))
            if let lacking = needs.requiredChannels.first(where: { c in seen.allSatisfy { !c.isGiven(by: $0) } }) {
                channelError = MissingChannelError(channel: lacking, recognizer: "the \(type(of: stages[index])) stage")
                break
            }
        }
        for recognizer in recognizers {
            guard let needs = recognizer as? any ChannelRequiring else { continue }
            let name = (type(of: recognizer) as? any ConfigurableRecognizer.Type)?.identifier ?? "\(type(of: recognizer))"
            func missing() -> [MotionChannel] {
                let seen = Self.probe(sample, through: stages)
                return needs.requiredChannels.filter { c in seen.allSatisfy { !c.isGiven(by: $0) } }
            }
            var lacking = missing()
            guard !lacking.isEmpty else { continue }
            // Another unit the input never carries: no stage derives it from the primary unit.
            if let absent = lacking.first(where: { $0.placement != nil && sample.units == nil }) {
                if channelError == nil { channelError = MissingChannelError(channel: absent, recognizer: name) }
                continue
            }
            if !physicalAdded, lacking.contains(where: \.isDerivableByPhysicalEstimation) {
                // The default settings are in range.
                stages.append(try! PhysicalChannelEstimator())
                physicalAdded = true
                let now = missing()
                derived.append(ChannelDerivation(channels: lacking.filter { $0.isDerivableByPhysicalEstimation && !now.contains($0) }, recognizer: name,
                    stage: "the orientation-free channels (PhysicalChannelEstimator: gravity from the stream or a low-pass of acceleration, windows in seconds)"))
                lacking = now
                guard !lacking.isEmpty else { continue }
            }
            if let first = lacking.first(where: { !$0.isDerivableByGravitySplit && !$0.isDerivableByAttitudeEstimation }) {
                if channelError == nil { channelError = MissingChannelError(channel: first, recognizer: name) }
                continue
            }
            if !estimatorAdded, let first = lacking.first(where: \.isDerivableByAttitudeEstimation) {
                // Tilt needs a direction of gravity: a stream with neither acceleration nor rotation rate has none.
                guard sample.rotationRate != nil || sample.acceleration.length > 0.1 else {
                    if channelError == nil { channelError = MissingChannelError(channel: first, recognizer: name) }
                    continue
                }
                // The default settings are in range.
                var estimator = try! AttitudeEstimator()
                estimator.tiltsWithoutRotationRate = sample.rotationRate == nil
                stages.append(estimator)
                estimatorAdded = true
                derived.append(ChannelDerivation(channels: lacking.filter(\.isDerivableByAttitudeEstimation), recognizer: name,
                    stage: sample.rotationRate == nil
                        ? "attitude estimation from the accelerometer alone (AttitudeEstimator: tilt only; no gyroscope, so turns about gravity are not seen)"
                        : "attitude estimation with the gyroscope (AttitudeEstimator, x-io Fusion's gains)"))
                lacking = missing()
                guard !lacking.isEmpty else { continue }
            }
            if !splitterAdded, lacking.contains(where: \.isDerivableByGravitySplit) {
                let splitter = GravitySplitter()
                stages.append(splitter)
                splitterAdded = true
                derived.append(ChannelDerivation(channels: lacking, recognizer: name,
                    stage: "a gravity split (GravitySplitter: gravity = low-pass of acceleration, time constant \(Self.seconds(splitter)) s)"))
            }
        }
        derivations += derived
        if let channelError { throw channelError }
        return derived
    }

    /// `sample` as the stages would hand it on (on copies, so the pipeline's state is untouched).
    private static func probe(_ sample: MotionSample, through stages: [any SignalStage]) -> [MotionSample] {
        var current = [sample], next: [MotionSample] = []
        for var stage in stages {
            next.removeAll()
            for s in current { stage.process(s, into: &next) }
            swap(&current, &next)
        }
        return current.isEmpty ? [sample] : current
    }

    /// The splitter's smoothing in words.
    private static func seconds(_ splitter: GravitySplitter) -> String {
        switch splitter.lowPass.smoothing {
        case let .timeConstant(t): "\((t * 1000).rounded() / 1000)"
        case let .perSample(f): "of per-sample factor \(f), not a fixed number of"
        }
    }
}
