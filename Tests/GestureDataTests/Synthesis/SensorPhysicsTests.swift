import Foundation
import GestureData
import GestureKit
import Testing

@Suite struct SensorPhysicsTests {
    private func record(_ motion: @escaping (Double) -> MotionState, model: SensorModel = .ideal, rate: Double = 50) -> Recording {
        model.record(id: "r", duration: 2, rate: rate, seed: 1, motion: motion)
    }

    private func vectors(_ r: Recording, _ channels: [Channel]) -> [Vector3] {
        let c = channels.map { r.column($0)! }
        return (0..<r.count).map { Vector3(c[0][$0], c[1][$0], c[2][$0]) }
    }

    @Test func faceUpAtRestReadsMinusOneG() {
        let r = record { _ in MotionState(attitude: .identity) }
        for a in vectors(r, Channel.acceleration) {
            #expect(abs(a.x) < 1e-12 && abs(a.y) < 1e-12 && abs(a.z + 1) < 1e-12)
        }
        #expect(vectors(r, Channel.rotationRate).allSatisfy { $0.length < 1e-12 })
    }

    @Test func atRestInAnyAttitudeTheAccelerometerReadsOneGOfGravity() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<20 {
            let q = Quaternion(angle: rng.uniform(0...3), axis: Vector3(rng.gaussian(), rng.gaussian(), rng.gaussian()))
            let r = record({ _ in MotionState(attitude: q) }, rate: 25)
            for (a, g) in zip(vectors(r, Channel.acceleration), vectors(r, Channel.gravity)) {
                #expect(abs(a.length - 1) < 1e-12)
                #expect((a - q.gravity).length < 1e-12 && (g - q.gravity).length < 1e-12)
            }
        }
    }

    @Test func aConstantRotationGivesItsRateOnTheGyroscope() {
        // 1.3 rad/s about a fixed, oblique body axis, from an arbitrary starting attitude.
        let axis = Vector3(1, -2, 0.5).normalized!
        let start = Quaternion(angle: 0.7, axis: Vector3(0, 1, 1))
        let r = record { t in MotionState(attitude: start * Quaternion(angle: 1.3 * t, axis: axis)) }
        for w in vectors(r, Channel.rotationRate) {
            #expect((w - axis * 1.3).length < 1e-9)
        }
        // Yaw at 2 rad/s while face up reads on z only.
        let yaw = record { t in MotionState(attitude: Quaternion(angle: 2 * t, axis: Vector3(0, 0, 1))) }
        for w in vectors(yaw, Channel.rotationRate) {
            #expect(abs(w.z - 2) < 1e-9 && abs(w.x) < 1e-9 && abs(w.y) < 1e-9)
        }
    }

    @Test func accelerationIsGravityPlusUserAccelerationInTheDeviceFrame() {
        // Tipping over about x while accelerated along reference y.
        let r = record { t in
            MotionState(attitude: Quaternion(angle: 0.8 * t, axis: Vector3(1, 0, 0)), userAcceleration: Vector3(0, 0.4 * sin(3 * t), 0))
        }
        let accel = vectors(r, Channel.acceleration), gravity = vectors(r, Channel.gravity), user = vectors(r, Channel.userAcceleration)
        for i in 0..<r.count {
            #expect((accel[i] - (gravity[i] + user[i])).length < 1e-12)
            let q = Quaternion(angle: 0.8 * r.timestamps[i], axis: Vector3(1, 0, 0))
            // The user acceleration seen by the device is the reference one rotated into its frame.
            let expected = q.rotationMatrix.transposed * Vector3(0, 0.4 * sin(3 * r.timestamps[i]), 0)
            #expect((user[i] - expected).length < 1e-12)
        }
    }

    @Test func liftingAPhoneMakesItReadHeavierAndFreeFallReadsZero() {
        // Physically accelerated upward at 0.5 g: CoreMotion reads (0, 0, −1.5).
        let up = SensorPhysics.userAcceleration(physical: Vector3(0, 0, 0.5 * SensorPhysics.standardGravity))
        let lifted = SensorPhysics.deviceFrame(MotionState(attitude: .identity, userAcceleration: up))
        #expect(abs(lifted.acceleration.z + 1.5) < 1e-12)
        let fall = SensorPhysics.userAcceleration(physical: Vector3(0, 0, -SensorPhysics.standardGravity))
        #expect(SensorPhysics.deviceFrame(MotionState(attitude: .identity, userAcceleration: fall)).acceleration.length < 1e-12)
    }

    @Test func noiseBiasJitterAndDropsAreAsConfigured() {
        let model = SensorModel(accelerometerNoise: 0.02, accelerometerBias: 0, gyroscopeNoise: 0.01, gyroscopeBias: 0,
                                timestampJitter: 0.002, dropProbability: 0.1, valueDecimals: nil, timestampDecimals: nil)
        let r = model.record(id: "r", duration: 200, rate: 50, seed: 9) { _ in MotionState(attitude: .identity) }
        func rms(_ values: [Double]) -> Double {
            let squares: Double = values.reduce(0) { $0 + $1 * $1 }
            return (squares / Double(values.count)).squareRoot()
        }
        #expect(abs(rms(r.column(.accelX)!) - 0.02) < 0.001)
        #expect(abs(rms(r.column(.gyroZ)!) - 0.01) < 0.0005)
        let kept = Double(r.count) / 10_000
        #expect(abs(kept - 0.9) < 0.01)
        #expect(zip(r.timestamps, r.timestamps.dropFirst()).allSatisfy { $0 < $1 })
        let offsets = r.timestamps.map { $0 * 50 - ($0 * 50).rounded() }
        #expect(offsets.contains { abs($0) > 0.01 })
        #expect(offsets.allSatisfy { abs($0) <= 0.25 + 1e-9 })
        // Every row still satisfies accel = gravity + user.
        let z = r.column(.accelZ)!, gz2 = r.column(.gravityZ)!, uz = r.column(.userZ)!
        #expect((0..<r.count).allSatisfy { abs(z[$0] - gz2[$0] - uz[$0]) < 1e-12 })
    }
}
