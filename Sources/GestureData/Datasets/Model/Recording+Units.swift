import GestureKit

extension Recording {
    /// The columns of the other sensor units `samples` carry (``GestureKit/MotionSample/units``), named
    /// `<channel>@<placement>`: each unit's samples as ``init(id:subject:session:samples:annotations:)`` makes
    /// columns of them, NaN where the unit is absent (its gap). Placements in order of first appearance (alphabetical
    /// within one sample); empty when no sample carries another unit.
    ///
    /// - Complexity: O(samples × units × channels).
    static func unitColumns(of samples: [MotionSample]) -> [(Channel, [Double])] {
        guard samples.contains(where: { $0.units != nil }) else { return [] }
        var placements: [String] = []
        for s in samples {
            for p in (s.units?.keys.sorted() ?? []) where !placements.contains(p) { placements.append(p) }
        }
        var out: [(Channel, [Double])] = []
        for p in placements {
            let readings = samples.map { $0.units?[p] }
            // The unit's own samples carry no units of theirs, so this does not recurse further.
            let own = Recording(id: p, samples: readings.compactMap { $0 })
            for (name, column) in zip(own.channelNames, own.columns) {
                guard let placed = name.motion?.placed(at: p) else { continue }
                var k = 0, full: [Double] = []
                full.reserveCapacity(readings.count)
                for r in readings {
                    if r == nil { full.append(.nan) } else { full.append(column[k]); k += 1 }
                }
                out.append((Channel(placed), full))
            }
        }
        return out
    }
}
