#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// A 3 × 3 rotation matrix, row-major, mapping device-frame to reference-frame coordinates.
public struct RotationMatrix: Hashable, Codable, Sendable {
    /// Row 1 of the matrix (unitless direction cosines).
    public var m11: Double, m12: Double, m13: Double
    /// Row 2 (unitless direction cosines).
    public var m21: Double, m22: Double, m23: Double
    /// Row 3 (unitless direction cosines).
    public var m31: Double, m32: Double, m33: Double

    /// Creates a matrix from its entries, row by row.
    public init(
        m11: Double, m12: Double, m13: Double,
        m21: Double, m22: Double, m23: Double,
        m31: Double, m32: Double, m33: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The identity matrix.
    public static let identity = RotationMatrix(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// The transpose; for a rotation, its inverse.
    public var transposed: RotationMatrix {
        RotationMatrix(m11: m11, m12: m21, m13: m31, m21: m12, m22: m22, m23: m32, m31: m13, m32: m23, m33: m33)
    }

    /// The matrix-vector product.
    public static func * (m: RotationMatrix, v: Vector3) -> Vector3 {
        Vector3(
            m.m11 * v.x + m.m12 * v.y + m.m13 * v.z,
            m.m21 * v.x + m.m22 * v.y + m.m23 * v.z,
            m.m31 * v.x + m.m32 * v.y + m.m33 * v.z
        )
    }

    /// The Euler angles for `R = Rz(yaw) · Rx(pitch) · Ry(roll)`.
    ///
    /// At pitch ±π/2 (gimbal lock) roll and yaw are not separable; roll is set to 0 and the
    /// whole rotation about the vertical goes to yaw.
    public var eulerAngles: EulerAngles {
        let sp = max(-1, min(1, m32))
        let pitch = asin(sp)
        // cos(pitch) below this is gimbal lock for double precision purposes.
        if abs(sp) > 1 - 1e-12 {
            return EulerAngles(pitch: pitch, roll: 0, yaw: atan2(m21, m11))
        }
        return EulerAngles(pitch: pitch, roll: atan2(-m31, m33), yaw: atan2(-m12, m22))
    }
}
