import GestureKit
import Testing

@Suite struct Vector3Tests {
    @Test func arithmeticAndProducts() {
        let a = Vector3(1, 2, 3), b = Vector3(-2, 0.5, 4)
        #expect(a + b == Vector3(-1, 2.5, 7))
        #expect(a - b == Vector3(3, 1.5, -1))
        #expect(a * 2 == Vector3(2, 4, 6))
        #expect(a.dot(b) == 11)
        #expect(Vector3(1, 0, 0).cross(Vector3(0, 1, 0)) == Vector3(0, 0, 1))
        #expect(Vector3(3, 4, 0).length == 5)
    }

    @Test func dominantAxisAndSubscript() {
        var v = Vector3(0.2, -0.9, 0.5)
        #expect(v.dominantAxis == .y)
        v[.z] = 2
        #expect(v.dominantAxis == .z && v.z == 2)
    }

    @Test func nonFiniteAndZeroVectors() {
        #expect(!Vector3(.nan, 0, 0).isFinite)
        #expect(Vector3.zero.normalized == nil)
        #expect(Vector3(.infinity, 0, 0).normalized == nil)
    }
}
