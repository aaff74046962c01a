import Foundation
import GestureKit
import Testing

@Suite struct QuaternionTests {
    @Test func quarterTurnAboutZMapsXToY() {
        let q = Quaternion(angle: .pi / 2, axis: Vector3(0, 0, 1))
        let v = q.rotate(Vector3(1, 0, 0))
        #expect(abs(v.x) < 1e-12 && abs(v.y - 1) < 1e-12 && abs(v.z) < 1e-12)
        #expect(abs(q.angle - .pi / 2) < 1e-12)
    }

    @Test func identityAttitudeReadsGravityDown() {
        #expect(Quaternion.identity.gravity == Vector3(0, 0, -1))
    }
}
