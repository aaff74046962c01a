#if canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// A unit quaternion describing an attitude: the rotation that takes vectors in the device
/// frame to the reference frame (`v_reference = q · v_device · q⁻¹`).
///
/// Hamilton convention, scalar first. With the identity attitude a phone lies face up with
/// its top toward the reference y axis, and gravity reads (0, 0, −1) g in the device frame.
/// Every operation is O(1) and allocation-free.
public struct Quaternion: Hashable, Codable, Sendable {
    /// The scalar part, cos(θ/2) for a rotation by θ.
    public var w: Double
    /// The x component of the vector part.
    public var x: Double
    /// The y component of the vector part.
    public var y: Double
    /// The z component of the vector part.
    public var z: Double

    /// Creates a quaternion from its components, scalar first. Not normalised.
    @inlinable
    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    /// The identity rotation.
    public static let identity = Quaternion(w: 1, x: 0, y: 0, z: 0)

    /// The rotation by `angle` radians about `axis` (right-hand rule). The axis need not be unit length;
    /// a zero axis gives the identity.
    public init(angle: Double, axis: Vector3) {
        guard let unit = axis.normalized else {
            self = .identity
            return
        }
        let half = angle / 2
        let s = sin(half)
        self.init(w: cos(half), x: unit.x * s, y: unit.y * s, z: unit.z * s)
    }

    /// The Hamilton product `self · other`: first rotate by `other`, then by `self`.
    @inlinable
    public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        Quaternion(
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w
        )
    }

    /// The conjugate; for a unit quaternion, the inverse rotation.
    @inlinable
    public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

    /// The squared norm.
    @inlinable
    public var normSquared: Double { w * w + x * x + y * y + z * z }

    /// The multiplicative inverse, or `nil` for the zero quaternion.
    public var inverse: Quaternion? {
        let n = normSquared
        guard n > 0, n.isFinite else { return nil }
        return Quaternion(w: w / n, x: -x / n, y: -y / n, z: -z / n)
    }

    /// The quaternion scaled to unit norm, or `nil` when its norm is zero or not finite.
    public var normalized: Quaternion? {
        let n = normSquared.squareRoot()
        guard n > 0, n.isFinite else { return nil }
        return Quaternion(w: w / n, x: x / n, y: y / n, z: z / n)
    }

    /// Whether all four components are finite.
    @inlinable
    public var isFinite: Bool { w.isFinite && x.isFinite && y.isFinite && z.isFinite }

    /// The attitude relative to `reference`: `reference⁻¹ · self`, the rotation from the reference
    /// attitude to this one expressed in the reference device frame. This is the
    /// "multiply by the inverse of the reference attitude" of CoreMotion.
    @inlinable
    public func relative(to reference: Quaternion) -> Quaternion {
        reference.conjugate * self
    }

    /// The rotation angle in radians, in [0, π]. Sign of the quaternion does not matter
    /// (q and −q are the same rotation).
    public var angle: Double {
        let v = (x * x + y * y + z * z).squareRoot()
        return 2 * atan2(v, abs(w))
    }

    /// Rotates `v` (device frame) into the reference frame.
    public func rotate(_ v: Vector3) -> Vector3 {
        let m = rotationMatrix
        return m * v
    }

    /// The rotation matrix of this (unit) quaternion, mapping device-frame to reference-frame coordinates.
    public var rotationMatrix: RotationMatrix {
        let xx = x * x, yy = y * y, zz = z * z
        let xy = x * y, xz = x * z, yz = y * z
        let wx = w * x, wy = w * y, wz = w * z
        return RotationMatrix(
            m11: 1 - 2 * (yy + zz), m12: 2 * (xy - wz), m13: 2 * (xz + wy),
            m21: 2 * (xy + wz), m22: 1 - 2 * (xx + zz), m23: 2 * (yz - wx),
            m31: 2 * (xz - wy), m32: 2 * (yz + wx), m33: 1 - 2 * (xx + yy)
        )
    }

    /// Gravity in the device frame, in g, for this attitude (reference gravity is (0, 0, −1)).
    public var gravity: Vector3 {
        rotationMatrix.transposed * Vector3(0, 0, -1)
    }

    /// The Euler angles of this attitude in the CoreMotion convention (see ``EulerAngles``).
    public var eulerAngles: EulerAngles { rotationMatrix.eulerAngles }

    /// Creates the attitude with the given Euler angles: `R = Rz(yaw) · Rx(pitch) · Ry(roll)`.
    public init(_ angles: EulerAngles) {
        let qz = Quaternion(angle: angles.yaw, axis: Vector3(0, 0, 1))
        let qx = Quaternion(angle: angles.pitch, axis: Vector3(1, 0, 0))
        let qy = Quaternion(angle: angles.roll, axis: Vector3(0, 1, 0))
        self = qz * qx * qy
    }

    /// Spherical linear interpolation between `a` (t = 0) and `b` (t = 1) along the shorter arc.
    package static func slerp(_ a: Quaternion, _ b: Quaternion, t: Double) -> Quaternion {
        var b = b
        var d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z
        if d < 0 {
            b = Quaternion(w: -b.w, x: -b.x, y: -b.y, z: -b.z)
            d = -d
        }
        let s0: Double, s1: Double
        if d > 0.9995 {
            // Nearly parallel: linear interpolation avoids dividing by sin(θ) ≈ 0.
            s0 = 1 - t
            s1 = t
        } else {
            let theta = acos(d)
            let st = sin(theta)
            s0 = sin((1 - t) * theta) / st
            s1 = sin(t * theta) / st
        }
        let q = Quaternion(w: s0 * a.w + s1 * b.w, x: s0 * a.x + s1 * b.x, y: s0 * a.y + s1 * b.y, z: s0 * a.z + s1 * b.z)
        return q.normalized ?? a
    }
}
