/// A three-component vector in a right-handed frame.
///
/// Units depend on use: acceleration in g, rotation rate in rad/s.
/// Every operation is O(1) and allocation-free.
public struct Vector3: Hashable, Codable, Sendable {
    /// The x component (device frame: toward the right edge of a phone in portrait).
    public var x: Double
    /// The y component (device frame: toward the top of a phone in portrait).
    public var y: Double
    /// The z component (device frame: out of the screen).
    public var z: Double

    /// Creates a vector from its components.
    @inlinable
    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Creates a vector from labelled components.
    @inlinable
    public init(x: Double, y: Double, z: Double) {
        self.init(x, y, z)
    }

    /// The zero vector.
    public static let zero = Vector3(0, 0, 0)

    /// The component along `axis`.
    @inlinable
    public subscript(axis: Axis) -> Double {
        get {
            switch axis {
            case .x: x
            case .y: y
            case .z: z
            }
        }
        set {
            switch axis {
            case .x: x = newValue
            case .y: y = newValue
            case .z: z = newValue
            }
        }
    }

    /// The Euclidean length, in the vector's own unit.
    @inlinable
    public var length: Double { (x * x + y * y + z * z).squareRoot() }

    /// The squared Euclidean length; cheaper than ``length`` when only comparing.
    @inlinable
    public var lengthSquared: Double { x * x + y * y + z * z }

    /// Whether all three components are finite (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// The vector scaled to unit length, or `nil` when its length is zero or not finite.
    @inlinable
    public var normalized: Vector3? {
        let l = length
        guard l > 0, l.isFinite else { return nil }
        return self / l
    }

    /// The dot product.
    @inlinable
    public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    /// The cross product (right-handed).
    @inlinable
    public func cross(_ other: Vector3) -> Vector3 {
        Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    /// The axis with the largest absolute component; ties go to the earlier axis (x, then y, then z).
    @inlinable
    public var dominantAxis: Axis {
        let ax = abs(x), ay = abs(y), az = abs(z)
        if ax >= ay && ax >= az { return .x }
        return ay >= az ? .y : .z
    }

    /// Component-wise sum.
    @inlinable public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inlinable public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inlinable public static prefix func - (a: Vector3) -> Vector3 { Vector3(-a.x, -a.y, -a.z) }
    @inlinable public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    @inlinable public static func * (s: Double, a: Vector3) -> Vector3 { a * s }
    @inlinable public static func / (a: Vector3, s: Double) -> Vector3 { Vector3(a.x / s, a.y / s, a.z / s) }
    @inlinable public static func += (a: inout Vector3, b: Vector3) { a = a + b }
    @inlinable public static func -= (a: inout Vector3, b: Vector3) { a = a - b }
}

/// A device axis.
public enum Axis: String, CaseIterable, Codable, Sendable {
    case x, y, z
}
