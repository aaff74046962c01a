import Foundation
import GestureKit

/// The eight shapes drawn in the air for template matching, in the spirit of the uWave gesture
/// vocabulary: circles, strokes, polygons and letters drawn in the device's x–y plane.
///
/// Raw values are the annotation labels.
package enum ShapeGesture: String, CaseIterable, Codable, Sendable {
    /// A circle drawn clockwise as seen from the screen side.
    case circleClockwise = "circle-cw"
    /// A circle drawn counter-clockwise.
    case circleCounterclockwise = "circle-ccw"
    /// A square: right, up, left, down.
    case square
    /// A triangle: right, up-left, down-left.
    case triangle
    /// The letter Z: right, down-left diagonal, right.
    case letterZ = "letter-z"
    /// The letter V: down-right, up-right.
    case letterV = "letter-v"
    /// One stroke to the right.
    case lineRight = "line-right"
    /// One stroke upward.
    case lineUp = "line-up"

    /// The corners of a polyline shape in unit coordinates (x right, y up), or `nil` for circles.
    var corners: [SIMD2<Double>]? {
        switch self {
        case .circleClockwise, .circleCounterclockwise: nil
        case .square: [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]
        case .triangle: [[0, 0], [1, 0], [0.5, 0.866], [0, 0]]
        case .letterZ: [[0, 1], [1, 1], [0, 0], [1, 0]]
        case .letterV: [[0, 1], [0.5, 0], [1, 1]]
        case .lineRight: [[0, 0], [1, 0]]
        case .lineUp: [[0, 0], [0, 1]]
        }
    }

    /// The pen position, in units of the shape's size, at time fraction `s` in [0, 1].
    ///
    /// Each stroke follows a minimum-jerk profile (the hand stops at corners, as people do), with
    /// time shared in proportion to the square root of stroke length; a circle is one stroke.
    func position(at s: Double) -> SIMD2<Double> {
        let s = min(1, max(0, s))
        guard let (corners, ends) = Self.polylines[self] else {
            let phase = 2 * Double.pi * MotionProfile.minimumJerk(s)
            let sign: Double = self == .circleClockwise ? -1 : 1
            return 0.5 * SIMD2(sin(sign * phase), -cos(phase))
        }
        var start = 0.0
        for (i, end) in ends.enumerated() {
            if s <= end || i == ends.count - 1 {
                let u = MotionProfile.minimumJerk((s - start) / (end - start))
                return corners[i] + (corners[i + 1] - corners[i]) * u
            }
            start = end
        }
        return corners[corners.count - 1]
    }

    /// For each polyline shape, its corners and the time fraction at which each stroke ends;
    /// computed once so sampling allocates nothing.
    private static let polylines: [ShapeGesture: (corners: [SIMD2<Double>], ends: [Double])] = {
        var table: [ShapeGesture: (corners: [SIMD2<Double>], ends: [Double])] = [:]
        for shape in ShapeGesture.allCases {
            guard let corners = shape.corners else { continue }
            let weights = zip(corners, corners.dropFirst()).map { a, b in ((b - a) * (b - a)).sum().squareRoot().squareRoot() }
            let total = weights.reduce(0, +)
            var sum = 0.0
            table[shape] = (corners, weights.map { sum += $0 / total; return sum })
        }
        return table
    }()
}
