import GestureData
import GestureKit

/// Independent checks of what the synthetic annotations claim, written from the source documents'
/// rules rather than from the generator's parameters.
enum SyntheticAnnotationCheck {
    static func user(_ r: Recording, in range: ClosedRange<Double>) -> [(t: Double, v: Vector3)] {
        let x = r.column(.userX)!, y = r.column(.userY)!, z = r.column(.userZ)!
        return r.timestamps.indices.filter { range.contains(r.timestamps[$0]) }.map { (r.timestamps[$0], Vector3(x[$0], y[$0], z[$0])) }
    }

    static func attitudes(_ r: Recording, in range: ClosedRange<Double>) -> [Quaternion] {
        let c = Channel.attitude.map { r.column($0)! }
        return r.timestamps.indices.filter { range.contains(r.timestamps[$0]) }.map { Quaternion(w: c[0][$0], x: c[1][$0], y: c[2][$0], z: c[3][$0]) }
    }

    /// The shake rule: on whichever of x and y is stronger in a sample, a reading of at least
    /// 0.75 g opposite in sign to the previous move on that axis starts a move; readings of the
    /// same sign continue it. Returns, per axis, the number of alternating moves and the
    /// strongest reading among them.
    static func shakeMoves(_ user: [Vector3]) -> [(moves: Int, largest: Double)] {
        var moves = [0, 0], largest = [0.0, 0.0], lastSign = [0.0, 0.0]
        for v in user {
            let axis = abs(v.x) >= abs(v.y) ? 0 : 1
            let value = axis == 0 ? v.x : v.y
            guard abs(value) >= 0.75 else { continue }
            if value * lastSign[axis] <= 0 {
                moves[axis] += 1
                lastSign[axis] = value < 0 ? -1 : 1
            }
            largest[axis] = max(largest[axis], abs(value))
        }
        return [(moves[0], largest[0]), (moves[1], largest[1])]
    }

    /// The strongest component's magnitude.
    static func peak(_ v: Vector3) -> Double { abs(v[v.dominantAxis]) }

    static func isShake(_ user: [Vector3]) -> Bool {
        shakeMoves(user).contains { $0.moves >= 3 && $0.largest >= 1.25 }
    }

    /// The largest rotation, radians, of any attitude from the first.
    static func largestRotation(_ attitudes: [Quaternion]) -> Double {
        guard let first = attitudes.first else { return 0 }
        return attitudes.map { $0.relative(to: first).angle }.max()!
    }

    /// The background intervals of a recording: the complement of its annotations.
    static func background(_ r: Recording) -> [ClosedRange<Double>] {
        var intervals: [ClosedRange<Double>] = []
        var start = r.timestamps.first!
        for a in r.annotations {
            if a.start > start { intervals.append(start...a.start) }
            start = max(start, a.end)
        }
        if r.timestamps.last! > start { intervals.append(start...r.timestamps.last!) }
        // Exclude the samples on the boundaries, which belong to the gestures.
        return intervals.compactMap { $0.upperBound - $0.lowerBound > 0.1 ? ($0.lowerBound + 0.001)...($0.upperBound - 0.001) : nil }
    }
}
