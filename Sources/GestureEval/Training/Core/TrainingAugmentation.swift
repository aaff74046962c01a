import Foundation
import GestureData
import GestureKit

/// Seeded copies of training recordings that vary the way new people vary: the device turned on the wrist (about
/// gravity) and tilted a little, a stronger or weaker performance, a faster or slower one. Stated in a trainer's
/// configuration and applied to the training recordings of each fold only, so nothing leaks into testing.
///
/// ```yaml
/// augmentation: {copies: 2, rotation: 180, tilt: 10, scale: [0.8, 1.2], warp: [0.9, 1.1], seed: 1}
/// ```
///
/// Each copy of a recording draws, from a generator seeded by ``seed``, the copy's number and the recording's id:
/// - a rotation of the device frame by an angle uniform in ±``rotation`` degrees about the recording's mean gravity
///   direction, then by an angle uniform in [0, ``tilt``] degrees about a random axis across it: every device-frame
///   vector (acceleration, rotation rate, gravity, user acceleration, magnetic field) turns with it, and the attitude
///   is re-expressed for the new frame;
/// - an amplitude factor uniform in ``scale``: acceleration less its gravity (a low-pass, as ``GestureKit/GravitySplitter``)
///   and the rotation rate are multiplied by it;
/// - a time factor uniform in ``warp``: times and annotations are stretched by it, so the rotation rate is divided
///   by it and acceleration less gravity by its square (the same path, traversed slower or faster).
///
/// Pressure is kept. The same seed gives the same copies, bit for bit.
package struct TrainingAugmentation: Codable, Hashable, Sendable {
    /// Copies made of each training recording (0: none).
    package var copies: Int
    /// Largest rotation about gravity, degrees.
    package var rotation: Double
    /// Largest tilt across gravity, degrees.
    package var tilt: Double
    /// The range of the amplitude factor (unitless).
    package var scale: ClosedRange<Double>
    /// The range of the time factor (unitless; above 1 slower).
    package var warp: ClosedRange<Double>
    /// The seed of every draw.
    package var seed: UInt64

    /// Creates settings; the defaults make no copies.
    package init(copies: Int = 0, rotation: Double = 180, tilt: Double = 10, scale: ClosedRange<Double> = 0.8...1.2,
                warp: ClosedRange<Double> = 0.9...1.1, seed: UInt64 = 0) {
        self.copies = copies
        self.rotation = rotation
        self.tilt = tilt
        self.scale = scale
        self.warp = warp
        self.seed = seed
    }

    private enum Keys: String, CodingKey { case copies, rotation, tilt, scale, warp, seed }

    /// Decodes the settings (a range as `[low, high]`); out-of-range values are errors naming the key.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let d = TrainingAugmentation()
        func range(_ key: Keys, _ fallback: ClosedRange<Double>) throws -> ClosedRange<Double> {
            guard let pair = try c.decodeIfPresent([Double].self, forKey: key) else { return fallback }
            guard pair.count == 2, pair[0] > 0, pair[0] <= pair[1], pair[1].isFinite else {
                throw ConfigurationError(key: "augmentation.\(key.rawValue)", "must be [low, high] with 0 < low ≤ high, got \(pair)")
            }
            return pair[0]...pair[1]
        }
        self.init(copies: try c.decodeIfPresent(Int.self, forKey: .copies) ?? d.copies,
                  rotation: try c.decodeIfPresent(Double.self, forKey: .rotation) ?? d.rotation,
                  tilt: try c.decodeIfPresent(Double.self, forKey: .tilt) ?? d.tilt,
                  scale: try range(.scale, d.scale), warp: try range(.warp, d.warp),
                  seed: try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? d.seed)
        guard (0...100).contains(copies) else { throw ConfigurationError(key: "augmentation.copies", "must be 0…100, got \(copies)") }
        guard (0...180).contains(rotation) else { throw ConfigurationError(key: "augmentation.rotation", "must be 0…180 degrees, got \(rotation)") }
        guard (0...90).contains(tilt) else { throw ConfigurationError(key: "augmentation.tilt", "must be 0…90 degrees, got \(tilt)") }
    }

    /// Encodes every setting, ranges as `[low, high]`.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(copies, forKey: .copies)
        try c.encode(rotation, forKey: .rotation)
        try c.encode(tilt, forKey: .tilt)
        try c.encode([scale.lowerBound, scale.upperBound], forKey: .scale)
        try c.encode([warp.lowerBound, warp.upperBound], forKey: .warp)
        try c.encode(seed, forKey: .seed)
    }

    /// The ``copies`` of every recording, recording by recording (ids `ID~aug1`, …; subject and session kept, so
    /// subject-aware cross-fitting keeps a subject's copies with it). O(samples × copies).
    package func augmentedCopies(of recordings: [Recording]) -> [Recording] {
        recordings.flatMap { r in (0..<copies).map { augmented(r, copy: $0 + 1) } }
    }

    /// Copy number `copy` of `recording`. O(samples).
    package func augmented(_ recording: Recording, copy: Int) -> Recording {
        var random = SplitMix64.stream(seed, UInt64(copy), Self.key(recording.id))
        let turn = random.uniform(-rotation...rotation) * .pi / 180
        let across = random.uniform(0...(2 * .pi))
        let lean = random.uniform(0...tilt) * .pi / 180
        let amplitude = random.uniform(scale)
        let stretch = random.uniform(warp)

        let samples = Array(recording.samples)
        let down = samples.reduce(Vector3.zero) { $0 + $1.acceleration }.normalized ?? Vector3(0, 0, -1)
        // Any unit vector across gravity, then turned by `across` about it: the tilt's axis.
        let side = (abs(down.x) < 0.9 ? Vector3(1, 0, 0) : Vector3(0, 1, 0)).cross(down).normalized!
        let tiltAxis = Quaternion(angle: across, axis: down).rotate(side)
        let frame = Quaternion(angle: lean, axis: tiltAxis) * Quaternion(angle: turn, axis: down)

        var splitter = GravitySplitter(overwrite: true)
        var columns: [Channel: [Double]] = [:]
        func put(_ channels: [Channel], _ v: Vector3) {
            columns[channels[0], default: []].append(v.x)
            columns[channels[1], default: []].append(v.y)
            columns[channels[2], default: []].append(v.z)
        }
        for s in samples {
            let g = splitter.split(s).gravity!
            let user = (s.acceleration - g) * (amplitude / (stretch * stretch))
            put(Channel.acceleration, frame.rotate(g + user))
            if let w = s.rotationRate { put(Channel.rotationRate, frame.rotate(w * (amplitude / stretch))) }
            if let v = s.gravity { put(Channel.gravity, frame.rotate(v)) }
            if let v = s.userAcceleration { put(Channel.userAcceleration, frame.rotate(v * (amplitude / (stretch * stretch)))) }
            if let v = s.magneticField { put(Channel.magneticField, frame.rotate(v)) }
            if let q = s.attitude {
                // Device → reference stays the same map of the world: the new frame is the old one turned by `frame`.
                let turned = q * frame.conjugate
                for (c, v) in zip(Channel.attitude, [turned.w, turned.x, turned.y, turned.z]) { columns[c, default: []].append(v) }
                let e = turned.eulerAngles
                for (c, v) in zip(Channel.eulerAngles, [e.roll, e.pitch, e.yaw]) { columns[c, default: []].append(v) }
            }
        }
        var result = recording
        result.id = "\(recording.id)~aug\(copy)"
        let origin = recording.timestamps.first ?? 0
        result.timestamps = recording.timestamps.map { origin + ($0 - origin) * stretch }
        result.annotations = recording.annotations.map {
            Annotation(start: origin + ($0.start - origin) * stretch, end: origin + ($0.end - origin) * stretch, label: $0.label)
        }
        for channel in recording.channelNames {
            if let values = columns[channel], values.count == recording.count { result.setColumn(channel, values) }
        }
        return result
    }

    /// A stable 64-bit key of a recording id (FNV-1a), so a copy's draws depend on the recording, not its position.
    static func key(_ id: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}
