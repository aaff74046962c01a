/// What replacing one recording's annotations with another set changes: annotations added, moved (same label,
/// overlapping in time, other start or end) and removed, so an import can say what it did per recording.
package struct AnnotationChanges: Hashable, Sendable {
    /// Annotations in the new set with no counterpart in the old one.
    package var added: [Annotation] = []
    /// Pairs (old, new) of one label that overlap in time but differ in start or end.
    package var moved: [Moved] = []
    /// Annotations of the old set with no counterpart in the new one.
    package var removed: [Annotation] = []
    /// Annotations identical (start, end and label) in both sets.
    package var unchanged = 0

    /// One annotation whose times changed.
    package struct Moved: Hashable, Sendable {
        /// Before, seconds.
        package var old: Annotation
        /// After, seconds.
        package var new: Annotation

        /// Creates a move from `old` to `new`.
        package init(old: Annotation, new: Annotation) {
            self.old = old
            self.new = new
        }
    }

    /// Whether the two sets are equal as multisets.
    package var isEmpty: Bool { added.isEmpty && moved.isEmpty && removed.isEmpty }

    /// Compares `old` with `new`: identical annotations first, then, of one label, the pairs that overlap most
    /// (greedily) count as moved; the rest are added or removed. O((n + m)² log(n + m)) for n old and m new
    /// annotations, fine for the tens a recording holds.
    package init(old: [Annotation], new: [Annotation]) {
        var oldLeft = old, newLeft: [Annotation] = []
        for a in new {
            if let i = oldLeft.firstIndex(of: a) { oldLeft.remove(at: i); unchanged += 1 } else { newLeft.append(a) }
        }
        var pairs: [(overlap: Double, old: Int, new: Int)] = []
        for (i, o) in oldLeft.enumerated() {
            for (j, n) in newLeft.enumerated() where o.label == n.label {
                let overlap = min(o.end, n.end) - max(o.start, n.start)
                // Instants (start = end) on the same spot overlap by 0; anything apart does not overlap.
                if overlap >= 0 { pairs.append((overlap, i, j)) }
            }
        }
        pairs.sort { ($0.overlap, $1.old, $1.new) > ($1.overlap, $0.old, $0.new) }
        var usedOld = Set<Int>(), usedNew = Set<Int>()
        for p in pairs where !usedOld.contains(p.old) && !usedNew.contains(p.new) {
            usedOld.insert(p.old)
            usedNew.insert(p.new)
            moved.append(Moved(old: oldLeft[p.old], new: newLeft[p.new]))
        }
        moved.sort { ($0.new.start, $0.new.end) < ($1.new.start, $1.new.end) }
        added = newLeft.indices.filter { !usedNew.contains($0) }.map { newLeft[$0] }
        removed = oldLeft.indices.filter { !usedOld.contains($0) }.map { oldLeft[$0] }
    }

    /// One line: counts, then each change as `label start…end s` (moves as `old → new`).
    package var summary: String {
        func span(_ a: Annotation) -> String { "\(a.start)…\(a.end) s" }
        var parts = ["\(added.count) added, \(moved.count) moved, \(removed.count) removed, \(unchanged) unchanged"]
        if !added.isEmpty { parts.append("added " + added.map { "\($0.label) \(span($0))" }.joined(separator: ", ")) }
        if !moved.isEmpty { parts.append("moved " + moved.map { "\($0.new.label) \(span($0.old)) → \(span($0.new))" }.joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("removed " + removed.map { "\($0.label) \(span($0))" }.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }
}
