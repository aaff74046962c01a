import Foundation
import GestureKit
import Testing

@Suite struct RotationMatrixTests {
    /// R = Rz(yaw) · Rx(pitch) · Ry(roll), multiplied out here from the elementary rotations.
    static func matrix(pitch: Double, roll: Double, yaw: Double) -> RotationMatrix {
        func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
            (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
        }
        let rz = [[cos(yaw), -sin(yaw), 0], [sin(yaw), cos(yaw), 0], [0, 0, 1]]
        let rx = [[1, 0, 0], [0, cos(pitch), -sin(pitch)], [0, sin(pitch), cos(pitch)]]
        let ry = [[cos(roll), 0, sin(roll)], [0, 1, 0], [-sin(roll), 0, cos(roll)]]
        let m = product(product(rz, rx), ry)
        return RotationMatrix(m11: m[0][0], m12: m[0][1], m13: m[0][2], m21: m[1][0], m22: m[1][1], m23: m[1][2],
                              m31: m[2][0], m32: m[2][1], m33: m[2][2])
    }

    @Test(arguments: [(0.3, -0.7, 1.2), (-1.2, 2.5, -3.0), (0, 0, 0), (1.0, 0.1, -0.2)])
    func eulerAnglesRecoverTheAnglesTheMatrixWasBuiltFrom(pitch: Double, roll: Double, yaw: Double) {
        let angles = Self.matrix(pitch: pitch, roll: roll, yaw: yaw).eulerAngles
        #expect(abs(angles.pitch - pitch) < 1e-12 && abs(angles.roll - roll) < 1e-12 && abs(angles.yaw - yaw) < 1e-12)
    }

    @Test func gimbalLockPutsTheVerticalTurnIntoYaw() {
        // At pitch π/2, roll and yaw turn about the same axis: only their sum is defined.
        let angles = Self.matrix(pitch: .pi / 2, roll: 0.4, yaw: 0.5).eulerAngles
        #expect(abs(angles.pitch - .pi / 2) < 1e-9 && angles.roll == 0)
        #expect(abs(angles.yaw - 0.9) < 1e-9)
    }

    @Test func theTransposeUndoesTheRotationAndTheProductMatchesAQuaternion() {
        let m = Self.matrix(pitch: 0.3, roll: -0.7, yaw: 1.2)
        let v = Vector3(0.2, -1.5, 0.8)
        #expect(((m.transposed * (m * v)) - v).length < 1e-12)
        #expect(abs((m * v).length - v.length) < 1e-12)
        // A quarter turn about z as a matrix and as a quaternion move x to y alike.
        let q = Quaternion(angle: .pi / 2, axis: Vector3(0, 0, 1))
        #expect((q.rotationMatrix * Vector3(1, 0, 0) - Vector3(0, 1, 0)).length < 1e-12)
        #expect((Self.matrix(pitch: 0, roll: 0, yaw: .pi / 2) * Vector3(1, 0, 0) - Vector3(0, 1, 0)).length < 1e-12)
        #expect(RotationMatrix.identity * v == v)
    }
}
