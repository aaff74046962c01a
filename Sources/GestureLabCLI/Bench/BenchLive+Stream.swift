import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit
import Synchronization

extension BenchLive {
    /// The stream at `rate` Hz, `seconds` long, as the live path sees it: shakes only, 1 s apart over a gentle
    /// background, from an ideal clock (no jitter, no lost samples), accelerometer and gyroscope only, values in
    /// float32 and times on the 2⁻³² s grid of OSC time tags (sample i at ``tag(sampleIndex:rate:)``).
    static func stream(rate: Double, seconds: Double, seed: UInt64) throws -> [MotionSample] {
        let spec = SyntheticDatasetSpec(seed: seed, name: "bench-live", subjects: 1, sessionsPerSubject: 1, recordingDuration: seconds,
                                        samplingRate: rate, sensor: SensorModel(timestampJitter: 0, dropProbability: 0),
                                        gestures: [.shake], minimumGap: 1, maximumGap: 1)
        let recording = try SyntheticDatasetGenerator.generate(spec).recordings[0]
        func float32(_ v: Vector3) -> Vector3 { Vector3(Double(Float(v.x)), Double(Float(v.y)), Double(Float(v.z))) }
        return recording.samples.indices.map { i in
            let s = recording.samples[i]
            return MotionSample(timestamp: Double(tag(sampleIndex: i, rate: rate) - tagOrigin) / 4_294_967_296,
                                acceleration: float32(s.acceleration), rotationRate: s.rotationRate.map(float32))
        }
    }

    /// The time tag of the first sample: any but 1 ("immediately"); the source counts times from the first tag.
    static let tagOrigin: UInt64 = 3_913_056_000 << 32   // 2024-01-01 in NTP seconds

    /// The time tag of sample `i` at `rate` Hz: i / rate seconds after ``tagOrigin``, to 2⁻³² s.
    static func tag(sampleIndex i: Int, rate: Double) -> UInt64 {
        tagOrigin + UInt64((Double(i) / rate * 4_294_967_296).rounded())
    }

    /// A sample as GyrOSC sends it: a bundle with time tag `tag` holding /gyrosc/gyro (rad/s) and /gyrosc/accel (g).
    static func bundle(_ sample: MotionSample, tag: UInt64) -> OSCPacket {
        func floats(_ v: Vector3) -> [OSCMessage.Argument] { [.float32(Float(v.x)), .float32(Float(v.y)), .float32(Float(v.z))] }
        return .bundle(timeTag: tag, elements: [.message(OSCMessage("/gyrosc/gyro", floats(sample.rotationRate ?? .zero))),
                                                .message(OSCMessage("/gyrosc/accel", floats(sample.acceleration)))])
    }

    static func format(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
}
