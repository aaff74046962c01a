/// A manifest's column name, in which `*` stands for any run of characters (none included): `*_Accel_LN_X_CAL`
/// names Shimmer's column whatever the device's id before it, and `X*` both `X` and `X_ACCELERATION_…`. A name
/// without `*` is matched whole. Case is kept.
enum ColumnPattern {
    /// The indices of the header fields `name` matches: the field equal to it when there is one, else every field
    /// its wildcards match, in header order. O(header length × name length).
    static func indices(of name: String, in header: [String]) -> [Int] {
        if let exact = header.firstIndex(of: name) { return [exact] }
        guard name.contains("*") else { return [] }
        return header.indices.filter { matches(name, header[$0]) }
    }

    /// Whether `text` is `pattern` with each `*` replaced by some run of characters.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == text }
        guard text.hasPrefix(parts[0]), text.dropFirst(parts[0].count).hasSuffix(parts[parts.count - 1]),
              text.count >= parts[0].count + parts[parts.count - 1].count else { return false }
        var rest = text.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
