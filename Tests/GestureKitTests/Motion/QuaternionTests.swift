import Foundation
import GestureKit
import Testing

func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool { abs(a - b) <= tolerance }
func near(_ a: Vector3, _ b: Vector3, _ tolerance: Double = 1e-12) -> Bool { (a - b).length <= tolerance }

@Suite struct QuaternionTests {
    @Test func quarterTurnAboutZMapsXToY() {
        let q = Quaternion(angle: .pi / 2, axis: Vector3(0, 0, 1))
        #expect(near(q.rotate(Vector3(1, 0, 0)), Vector3(0, 1, 0)))
        #expect(near(q.angle, .pi / 2))
    }

    @Test func productComposesRotations() {
        // Rotate x about z by 90° (→ y), then about x by 90° (→ z).
        let aboutZ = Quaternion(angle: .pi / 2, axis: Vector3(0, 0, 1))
        let aboutX = Quaternion(angle: .pi / 2, axis: Vector3(1, 0, 0))
        #expect(near((aboutX * aboutZ).rotate(Vector3(1, 0, 0)), Vector3(0, 0, 1)))
    }

    @Test func conjugateAndInverseUndoTheRotation() throws {
        let q = Quaternion(angle: 1.1, axis: Vector3(1, -2, 0.5))
        let back = q.conjugate * q
        #expect(near(back.w, 1) && near(back.x, 0) && near(back.y, 0) && near(back.z, 0))
        let scaled = Quaternion(w: 2 * q.w, x: 2 * q.x, y: 2 * q.y, z: 2 * q.z)
        let inv = try #require(scaled.inverse)
        let one = scaled * inv
        #expect(near(one.w, 1) && near(one.x, 0))
        #expect(Quaternion(w: 0, x: 0, y: 0, z: 0).inverse == nil)
    }

    @Test func relativeAttitudeRecoversTheChange() {
        let reference = Quaternion(angle: 0.7, axis: Vector3(0, 1, 1))
        let change = Quaternion(angle: 0.4, axis: Vector3(1, 0, 0))
        let current = reference * change
        let relative = current.relative(to: reference)
        #expect(near(relative.w, change.w) && near(relative.x, change.x) && near(relative.y, change.y) && near(relative.z, change.z))
        #expect(near(relative.angle, 0.4))
        // q and −q are the same rotation.
        #expect(near(Quaternion(w: -change.w, x: -change.x, y: -change.y, z: -change.z).angle, 0.4))
    }

    @Test func rotationMatrixIsOrthonormal() {
        let m = Quaternion(angle: 2.3, axis: Vector3(0.3, 0.1, -0.9)).rotationMatrix
        let columns = [Vector3(m.m11, m.m21, m.m31), Vector3(m.m12, m.m22, m.m32), Vector3(m.m13, m.m23, m.m33)]
        for i in 0..<3 {
            for j in 0..<3 { #expect(near(columns[i].dot(columns[j]), i == j ? 1 : 0)) }
        }
        #expect(near(columns[0].cross(columns[1]), columns[2]))
    }

    @Test func slerpHalfwayIsHalfTheAngle() {
        let a = Quaternion.identity
        let b = Quaternion(angle: 1.2, axis: Vector3(0, 0, 1))
        let mid = Quaternion.slerp(a, b, t: 0.5)
        #expect(near(mid.angle, 0.6))
    }
}

@Suite struct EulerAngleTests {
    /// The documented poses: upright pitch +90°, on the right edge roll +90°.
    @Test func handCheckedPoses() {
        #expect(near(Quaternion.identity.gravity, Vector3(0, 0, -1)))
        let upright = Quaternion(EulerAngles(pitch: .pi / 2, roll: 0, yaw: 0))
        #expect(near(upright.gravity, Vector3(0, -1, 0)))
        let rightEdge = Quaternion(EulerAngles(pitch: 0, roll: .pi / 2, yaw: 0))
        #expect(near(rightEdge.gravity, Vector3(1, 0, 0)))
        let faceDown = Quaternion(EulerAngles(pitch: 0, roll: .pi, yaw: 0))
        #expect(near(faceDown.gravity, Vector3(0, 0, 1)))
        // Yaw turns about the vertical: the device's top (+y) swings toward −x (counter-clockwise from above).
        let yawed = Quaternion(EulerAngles(pitch: 0, roll: 0, yaw: .pi / 2))
        #expect(near(yawed.rotate(Vector3(0, 1, 0)), Vector3(-1, 0, 0)))
    }

    @Test func roundTripAwayFromGimbalLock() {
        var state: UInt64 = 12345
        func uniform(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + (range.upperBound - range.lowerBound) * Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<200 {
            let angles = EulerAngles(pitch: uniform(-1.5...1.5), roll: uniform(-3.1...3.1), yaw: uniform(-3.1...3.1))
            let back = Quaternion(angles).eulerAngles
            #expect(near(back.pitch, angles.pitch, 1e-9) && near(back.roll, angles.roll, 1e-9) && near(back.yaw, angles.yaw, 1e-9))
        }
    }

    /// At pitch ±90° only yaw ± roll is defined; the extraction puts it all in yaw and the
    /// rebuilt attitude is the same rotation.
    @Test(arguments: [Double.pi / 2, -Double.pi / 2])
    func gimbalLock(pitch: Double) {
        let original = Quaternion(EulerAngles(pitch: pitch, roll: 0.3, yaw: 0.2))
        let angles = original.eulerAngles
        #expect(near(angles.pitch, pitch, 1e-7))
        #expect(angles.roll == 0)
        #expect(near(angles.yaw, pitch > 0 ? 0.5 : -0.1, 1e-7))
        let rebuilt = Quaternion(angles)
        #expect(near(rebuilt.relative(to: original).angle, 0, 1e-6))
    }

    @Test func rootSumSquare() {
        #expect(near(EulerAngles(pitch: 3, roll: 4, yaw: 0).rootSumSquare, 5))
    }
}
