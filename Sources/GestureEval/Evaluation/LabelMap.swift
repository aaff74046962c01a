/// Renames annotation labels before they are judged, so that annotations a dataset splits finely can be
/// matched by a recognizer that reports one class: `{"fall_*": fall}` makes `fall_F01` … `fall_F08` all `fall`.
///
/// Keys are glob patterns (`*` any run of characters, `?` one character, anything else literal, case-sensitive).
/// A label matching no pattern is kept. When several patterns match, an exact (wildcard-free) key wins,
/// then the longest pattern, then the alphabetically first, so the result never depends on map order.
public struct LabelMap: Codable, Hashable, Sendable {
    /// Pattern → new label.
    package var rules: [String: String]

    /// A map of `rules`; empty: every label is kept.
    public init(_ rules: [String: String] = [:]) { self.rules = rules }

    /// Whether no label is renamed.
    package var isEmpty: Bool { rules.isEmpty }

    /// The label `label` is judged as. O(rules × label length²) worst case.
    package func apply(_ label: String) -> String {
        if let exact = rules[label] { return exact }
        let best = rules.keys.filter { Self.matches($0, label) }.min { a, b in a.count != b.count ? a.count > b.count : a < b }
        return best.map { rules[$0]! } ?? label
    }

    /// This map with `other`'s rules added (`other` wins for the same pattern).
    package func merging(_ other: LabelMap) -> LabelMap {
        LabelMap(rules.merging(other.rules) { $1 })
    }

    /// Whether `label` matches the glob `pattern` (`*`, `?`). Iterative with one backtrack point, O(n·m).
    package static func matches(_ pattern: String, _ label: String) -> Bool {
        let p = Array(pattern), s = Array(label)
        var i = 0, j = 0, star = -1, mark = 0
        while j < s.count {
            if i < p.count, p[i] == "?" || p[i] == s[j] {
                i += 1; j += 1
            } else if i < p.count, p[i] == "*" {
                star = i; mark = j; i += 1
            } else if star >= 0 {
                i = star + 1; mark += 1; j = mark
            } else {
                return false
            }
        }
        while i < p.count, p[i] == "*" { i += 1 }
        return i == p.count
    }

    /// Decodes a `{pattern: label}` map.
    public init(from decoder: any Decoder) throws {
        rules = try decoder.singleValueContainer().decode([String: String].self)
    }

    /// Encodes the map.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rules)
    }
}
