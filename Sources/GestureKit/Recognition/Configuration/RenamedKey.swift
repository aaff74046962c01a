/// A key an older file wrote that is still read under a new name: what a tool reading the file
/// reports as deprecated, so the file can be brought up to date.
package struct RenamedKey: Hashable, Sendable, CustomStringConvertible {
    /// The old key path as the file spells it (`preprocessing.downsampleFactor`).
    package var old: String
    /// The key path it is read as now (`preprocessing.downsampleRate`).
    package var new: String
    /// How the value is converted, when it is not copied as is (units stated).
    package var conversion: String?

    /// `old` is read as `new`, converting as `conversion` says.
    package init(_ old: String, _ new: String, conversion: String? = nil) {
        self.old = old
        self.new = new
        self.conversion = conversion
    }

    /// "`old` is now `new` (conversion)".
    package var description: String {
        "'\(old)' is now '\(new)'" + (conversion.map { " (\($0))" } ?? "")
    }
}
