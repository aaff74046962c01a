import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// Augmented copies move the device frame, the amplitude and the time the way stated, and are seeded.
@Suite struct TrainingAugmentationTests {
    /// 6 s at 50 Hz: a device tilted on its side, swinging (user acceleration and rotation), with a magnetometer,
    /// an attitude and one annotation.
    static let recording: Recording = {
        let tilt = Quaternion(angle: 0.7, axis: Vector3(1, 0.3, 0))
        let samples = (0..<300).map { i -> MotionSample in
            let t = Double(i) / 50
            let gravity = tilt.conjugate.rotate(Vector3(0, 0, -1))
            let user = Vector3(0.3 * sin(2 * .pi * t), 0.1 * cos(3 * t), 0)
            return MotionSample(timestamp: t, acceleration: gravity + user, rotationRate: Vector3(0.5 * sin(t), 1.2 * cos(2 * t), 0.2),
                                attitude: tilt, magneticField: tilt.conjugate.rotate(Vector3(20, 0, -40)))
        }
        return Recording(id: "swing", subject: "s1", samples: samples, annotations: [Annotation(start: 2, end: 3, label: "swing")])
    }()

    static func vectors(_ r: Recording, _ channels: [Channel]) -> [Vector3] {
        let c = channels.map { r.column($0)! }
        return (0..<r.count).map { Vector3(c[0][$0], c[1][$0], c[2][$0]) }
    }

    /// A rotation about gravity alone keeps every vector's length and its component along gravity, and the attitude
    /// still maps the device's gravity to the reference's.
    @Test func rotationAboutGravityKeepsLengthsAndTheVertical() throws {
        let settings = TrainingAugmentation(copies: 1, rotation: 180, tilt: 0, scale: 1...1, warp: 1...1, seed: 9)
        let copy = try #require(settings.augmentedCopies(of: [Self.recording]).first)
        #expect(copy.id == "swing~aug1" && copy.subject == "s1" && copy.timestamps == Self.recording.timestamps)
        let down = Self.vectors(Self.recording, Channel.acceleration).reduce(Vector3.zero, +).normalized!
        var moved = false
        for channels in [Channel.acceleration, Channel.rotationRate, Channel.magneticField] {
            for (a, b) in zip(Self.vectors(Self.recording, channels), Self.vectors(copy, channels)) {
                #expect(abs(a.length - b.length) < 1e-9)
                #expect(abs(a.dot(down) - b.dot(down)) < 1e-9)
                if (a - b).length > 1e-3 { moved = true }
            }
        }
        #expect(moved, "a rotation was drawn")
        for (s, t) in zip(Array(copy.samples), Array(Self.recording.samples)) {
            #expect((s.attitude!.rotate(s.magneticField!) - t.attitude!.rotate(t.magneticField!)).length < 1e-9)
        }
    }

    /// Amplitude and time: acceleration less gravity scales by amplitude / warp², rotation by amplitude / warp; times
    /// and annotations stretch by the warp.
    @Test func amplitudeAndWarpScaleTheMotion() throws {
        let settings = TrainingAugmentation(copies: 1, rotation: 0, tilt: 0, scale: 1.5...1.5, warp: 2...2, seed: 1)
        let copy = settings.augmented(Self.recording, copy: 1)
        #expect(copy.timestamps.last == Self.recording.timestamps.last! * 2)
        #expect(copy.annotations == [Annotation(start: 4, end: 6, label: "swing")])
        for (a, b) in zip(Self.vectors(Self.recording, Channel.rotationRate), Self.vectors(copy, Channel.rotationRate)) {
            #expect((a * 0.75 - b).length < 1e-12)
        }
        var splitter = GravitySplitter(overwrite: true)
        for (s, t) in zip(Array(Self.recording.samples), Array(copy.samples)) {
            let g = splitter.split(s).gravity!
            #expect(((s.acceleration - g) * (1.5 / 4) - (t.acceleration - g)).length < 1e-12)
        }
    }

    /// The same seed gives the same copies; another seed others; no copies by default.
    @Test func copiesAreSeeded() throws {
        let settings = TrainingAugmentation(copies: 2, seed: 4)
        let a = settings.augmentedCopies(of: [Self.recording]), b = settings.augmentedCopies(of: [Self.recording])
        #expect(a == b && a.count == 2 && a[0] != a[1])
        var other = settings
        other.seed = 5
        #expect(other.augmentedCopies(of: [Self.recording]) != a)
        #expect(TrainingAugmentation().augmentedCopies(of: [Self.recording]).isEmpty)
    }
}
