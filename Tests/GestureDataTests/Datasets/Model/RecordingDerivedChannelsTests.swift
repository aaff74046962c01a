import Foundation
import GestureData
import GestureKit
import Testing

/// A recording gains the columns a pipeline would derive, and only those its samples can give.
@Suite struct RecordingDerivedChannelsTests {
    @Test func derivesWhatTheSamplesGiveAndLeavesTheRestMissing() throws {
        let times = (0..<250).map { Double($0) / 50 }
        // Lying flat and turning about the vertical at 0.5 rad/s from 1 s to 4 s: 1.5 rad of heading.
        let recording = Recording(id: "turn", timestamps: times, channels: [
            (.accelX, times.map { _ in 0 }), (.accelY, times.map { _ in 0 }), (.accelZ, times.map { _ in -1 }),
            (.gyroX, times.map { _ in 0 }), (.gyroY, times.map { _ in 0 }), (.gyroZ, times.map { $0 >= 1 && $0 < 4 ? 0.5 : 0 }),
        ])
        let names = ["headingChange", "stillness", "user.z", "magneticHeadingChange", "mag.magnitude"]
        let derived = recording.derivingChannels(names.map { MotionChannel(rawValue: $0)! })
        let heading = try #require(derived.column("headingChange"))
        #expect(abs(heading[240] - 1.5) < 0.02)
        #expect(derived.column("stillness")?.allSatisfy { $0 < 1e-12 } == true)
        #expect(derived.column("user.z")?.allSatisfy { abs($0) < 1e-12 } == true)
        #expect(derived.column("magneticHeadingChange") == nil && derived.column("mag.magnitude") == nil)
        // Nothing to derive: the same recording.
        #expect(derived.derivingChannels([MotionChannel(rawValue: "headingChange")!]) == derived)
    }

    /// The derived orientation-free columns reach the recording's samples (as a spotter's trainer reads them), also
    /// when one alone was asked for; a repeated timestamp, which the stage passes over, holds the latest value
    /// instead of costing the whole channel.
    @Test func derivedPhysicalChannelsReachTheSamples() throws {
        var times = (0..<250).map { Double($0) / 50 }
        times[100] = times[99]
        let recording = Recording(id: "turn", timestamps: times, channels: [
            (.accelX, times.map { _ in 0 }), (.accelY, times.map { _ in 0 }), (.accelZ, times.map { _ in -1 }),
            (.gyroX, times.map { _ in 0 }), (.gyroY, times.map { _ in 0 }), (.gyroZ, times.map { $0 >= 1 && $0 < 4 ? 0.5 : 0 }),
        ])
        let derived = recording.derivingChannels([MotionChannel(rawValue: "yawRate")!])
        let yaw = try #require(derived.column("yawRate"))
        #expect(yaw.allSatisfy(\.isFinite) && yaw[100] == yaw[99])
        #expect(derived.column("verticalAcceleration") != nil, "the channels a sample carries together")
        let samples = derived.samples
        for k in [0, 60, 100, 200] { #expect(samples[k].physical?.yawRate == yaw[k]) }
        #expect(abs((samples[150].physical?.yawRate ?? 0) - 0.5) < 0.05)
    }

    /// A recording staged through a configured `physical` stage keeps what that stage derived, so training reads the
    /// stage's windows rather than the defaults a pipeline would add.
    @Test func stagedPhysicalChannelsAreKept() throws {
        let times = (0..<250).map { Double($0) / 50 }
        let recording = Recording(id: "turn", timestamps: times, channels: [
            (.accelX, times.map { _ in 0 }), (.accelY, times.map { _ in 0 }), (.accelZ, times.map { _ in -1 }),
            (.gyroX, times.map { _ in 0 }), (.gyroY, times.map { _ in 0 }), (.gyroZ, times.map { $0 >= 1 && $0 < 4 ? 0.5 : 0 }),
        ])
        let staged = try recording.staged(through: [.physical(.init(headingWindow: 1))])
        let heading = MotionChannel(rawValue: "headingChange")!
        #expect(staged.derivingChannels([heading]) == staged)
        let windowed = try #require(staged.column("headingChange")), defaults = try #require(recording.derivingChannels([heading]).column("headingChange"))
        // At 4.98 s the 1 s window holds only the turn's last 20 ms; the default 4 s window still holds all of it.
        #expect(abs(windowed[249]) < 0.02 && abs(defaults[249] - 1.5) < 0.02)
        #expect(staged.column("magneticHeadingChange") == nil && staged.column("tilt")?.count == 250)
    }
}
