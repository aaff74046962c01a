import GestureKit

/// One continuous recording: timestamps and channels stored column by column (one contiguous
/// array per channel), already converted to seconds, g, rad/s, radians and the CoreMotion convention.
public struct Recording: Hashable, Sendable {
    /// Identifier, unique within its dataset (usually the file name without extension).
    public var id: String
    /// Who performed it; splits group by this.
    public var subject: String
    /// Which session (day, device, sitting) it belongs to.
    public var session: String
    /// Sample times, seconds, strictly increasing in a valid recording.
    public var timestamps: [Double]
    /// Channel names in file order.
    public private(set) var channelNames: [Channel]
    /// Channel values, `columns[i]` for `channelNames[i]`, each as long as `timestamps`.
    public private(set) var columns: [[Double]]
    /// Labelled intervals, sorted by start.
    public var annotations: [Annotation]

    /// Creates a recording. Every column must have one value per timestamp.
    public init(
        id: String,
        subject: String = "unknown",
        session: String = "unknown",
        timestamps: [Double],
        channels: [(Channel, [Double])],
        annotations: [Annotation] = []
    ) {
        precondition(channels.allSatisfy { $0.1.count == timestamps.count }, "every channel needs one value per timestamp")
        self.id = id
        self.subject = subject
        self.session = session
        self.timestamps = timestamps
        channelNames = channels.map(\.0)
        columns = channels.map(\.1)
        self.annotations = annotations.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// Creates a recording of `samples` (in time order): acceleration always; rotation rate, attitude, gravity,
    /// user acceleration, magnetic field, pressure and each orientation-free quantity (``GestureKit/PhysicalQuantities``)
    /// when every sample carries them; the other sensor units' columns as ``unitColumns(of:)`` gives them. O(samples).
    public init(id: String, subject: String = "unknown", session: String = "unknown", samples: [MotionSample],
                annotations: [Annotation] = []) {
        func columns(_ names: [Channel], _ values: (MotionSample) -> [Double]?) -> [(Channel, [Double])] {
            var out = names.map { ($0, [Double]()) }
            for s in samples {
                guard let v = values(s) else { return [] }
                for i in out.indices { out[i].1.append(v[i]) }
            }
            return out
        }
        func vector(_ v: Vector3?) -> [Double]? { v.map { [$0.x, $0.y, $0.z] } }
        var channels = columns(Channel.acceleration) { vector($0.acceleration) }
            + columns(Channel.rotationRate) { vector($0.rotationRate) }
            + columns(Channel.attitude) { s in s.attitude.map { [$0.w, $0.x, $0.y, $0.z] } }
            + columns(Channel.gravity) { vector($0.gravity) }
            + columns(Channel.userAcceleration) { vector($0.userAcceleration) }
            + columns(Channel.magneticField) { vector($0.magneticField) }
            + columns([Channel.pressure]) { $0.pressure.map { [$0] } }
        // What a PhysicalChannelEstimator stage derived, so training reads the stage as configured.
        for kind in PhysicalQuantities.Kind.allCases {
            channels += columns([Channel(rawValue: kind.rawValue)]) { s in s.physical?[kind].map { [$0] } }
        }
        channels += Self.unitColumns(of: samples)
        self.init(id: id, subject: subject, session: session, timestamps: samples.map(\.timestamp), channels: channels, annotations: annotations)
    }

    /// The recording as `stages` hand it on, sample by sample as a ``GestureKit/Pipeline`` runs them (samples
    /// the pipeline's validator skips are dropped); annotations, subject and session stay. Itself without stages.
    ///
    /// - Throws: ``GestureKit/ConfigurationError`` for a stage out of range.
    /// - Complexity: O(samples × stages).
    package func staged(through stages: [StageSpecification]) throws(ConfigurationError) -> Recording {
        guard !stages.isEmpty else { return self }
        var pipeline = Pipeline(stages: try StageSpecification.makeStages(stages), recognizers: [])
        return Recording(id: id, subject: subject, session: session, samples: pipeline.stageOutput(samples), annotations: annotations)
    }

    /// The number of samples.
    public var count: Int { timestamps.count }

    /// The duration from first to last sample, seconds (0 for fewer than two samples).
    public var duration: Double { count < 2 ? 0 : timestamps[count - 1] - timestamps[0] }

    /// The column of `channel`, or `nil` when the recording does not have it.
    public func column(_ channel: Channel) -> [Double]? {
        channelNames.firstIndex(of: channel).map { columns[$0] }
    }

    /// Whether the recording has every channel in `channels`.
    package func has(_ channels: [Channel]) -> Bool { channels.allSatisfy(channelNames.contains) }

    /// Adds or replaces a channel.
    package mutating func setColumn(_ channel: Channel, _ values: [Double]) {
        precondition(values.count == timestamps.count, "a channel needs one value per timestamp")
        if let i = channelNames.firstIndex(of: channel) {
            columns[i] = values
        } else {
            channelNames.append(channel)
            columns.append(values)
        }
    }

    /// Removes a channel if present.
    package mutating func removeColumn(_ channel: Channel) {
        guard let i = channelNames.firstIndex(of: channel) else { return }
        channelNames.remove(at: i)
        columns.remove(at: i)
    }

    /// The recording as motion samples, in order: what a recognizer is fed.
    ///
    /// Acceleration axes the recording lacks read 0; optional channels are filled only when all
    /// of their components are present. Placed columns (`accel.x@lowerarm`) become the other units' readings
    /// (``GestureKit/MotionSample/units``), by the same rules; a unit with a NaN at a sample is absent from it (its gap),
    /// and the primary unit's sample stays.
    public var samples: MotionSamples { MotionSamples(self) }

    /// The samples in `[start, end]` seconds as a new recording with the annotations that overlap it.
    public func slice(from start: Double, to end: Double) -> Recording {
        let lo = timestamps.firstIndex { $0 >= start } ?? count
        let hi = (timestamps.lastIndex { $0 <= end }).map { $0 + 1 } ?? 0
        let range = lo..<max(lo, hi)
        return Recording(
            id: id, subject: subject, session: session,
            timestamps: Array(timestamps[range]),
            channels: zip(channelNames, columns).map { ($0, Array($1[range])) },
            annotations: annotations.filter { $0.end >= start && $0.start <= end }
        )
    }
}

/// A recording read sample by sample, without copying its columns.
public struct MotionSamples: RandomAccessCollection, Sendable {
    private let timestamps: [Double]
    private let acceleration: [[Double]?]
    private let rotationRate: [[Double]]?
    private let attitude: [[Double]]?
    private let gravity: [[Double]]?
    private let userAcceleration: [[Double]]?
    private let magneticField: [[Double]]?
    private let pressure: [Double]?
    /// The orientation-free columns by ``GestureKit/PhysicalQuantities/Kind``, when the recording has them (derived
    /// by ``Recording/derivingChannels(_:)``); `nil` unless the four that every sample gives are there.
    private let physical: [PhysicalQuantities.Kind: [Double]]?
    /// The other sensor units, by placement in column order: each unit's motion columns (`accel.x@lowerarm`) read
    /// as a recording of their own.
    private let units: [(placement: String, samples: MotionSamples)]

    init(_ recording: Recording) {
        func group(_ channels: [Channel]) -> [[Double]]? {
            let cols = channels.compactMap(recording.column)
            return cols.count == channels.count ? cols : nil
        }
        timestamps = recording.timestamps
        acceleration = Channel.acceleration.map(recording.column)
        rotationRate = group(Channel.rotationRate)
        attitude = group(Channel.attitude)
        gravity = group(Channel.gravity)
        userAcceleration = group(Channel.userAcceleration)
        magneticField = group(Channel.magneticField)
        pressure = recording.column(.pressure)
        var physical: [PhysicalQuantities.Kind: [Double]] = [:]
        for kind in PhysicalQuantities.Kind.allCases {
            if let column = recording.column(Channel(rawValue: kind.rawValue)) { physical[kind] = column }
        }
        let required: [PhysicalQuantities.Kind] = [.verticalAcceleration, .horizontalAcceleration, .tilt, .stillness]
        self.physical = required.allSatisfy { physical[$0] != nil } ? physical : nil
        var placed: [String: [(Channel, [Double])]] = [:], order: [String] = []
        for (name, column) in zip(recording.channelNames, recording.columns) {
            guard let placement = name.placement, let motion = name.motion else { continue }
            if placed[placement] == nil { order.append(placement) }
            placed[placement, default: []].append((Channel(motion.unplaced), column))
        }
        units = order.map { p in (p, MotionSamples(Recording(id: p, timestamps: recording.timestamps, channels: placed[p]!))) }
    }

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of samples.
    public var endIndex: Int { timestamps.count }

    /// Sample `i` assembled from the columns. O(channels).
    public subscript(i: Int) -> MotionSample {
        func vector(_ cols: [[Double]]?) -> Vector3? {
            guard let cols else { return nil }
            return Vector3(cols[0][i], cols[1][i], cols[2][i])
        }
        var sample = MotionSample(
            timestamp: timestamps[i],
            acceleration: Vector3(acceleration[0]?[i] ?? 0, acceleration[1]?[i] ?? 0, acceleration[2]?[i] ?? 0),
            rotationRate: vector(rotationRate),
            attitude: attitude.map { Quaternion(w: $0[0][i], x: $0[1][i], y: $0[2][i], z: $0[3][i]) },
            gravity: vector(gravity),
            userAcceleration: vector(userAcceleration),
            magneticField: vector(magneticField),
            pressure: pressure?[i]
        )
        if let p = physical {
            sample.physical = PhysicalQuantities(
                verticalAcceleration: p[.verticalAcceleration]![i], horizontalAcceleration: p[.horizontalAcceleration]![i],
                tilt: p[.tilt]![i], yawRate: p[.yawRate]?[i], headingChange: p[.headingChange]?[i],
                magneticHeadingChange: p[.magneticHeadingChange]?[i], pressureChange: p[.pressureChange]?[i],
                stillness: p[.stillness]![i], strokePeriod: p[.strokePeriod]?[i] ?? 0,
                rhythmRegularity: p[.rhythmRegularity]?[i] ?? 0)
        }
        if !units.isEmpty {
            var present: [String: MotionSample] = [:]
            // A NaN in any of a unit's columns is its gap here: absent, never the primary unit's gap.
            for (placement, samples) in units where samples[i].isFinite { present[placement] = samples[i] }
            sample.units = present
        }
        return sample
    }
}
