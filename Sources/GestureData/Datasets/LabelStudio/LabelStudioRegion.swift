import Foundation

/// One labelled time range of a Label Studio task, as its JSON holds it in an annotation's or prediction's
/// `result`: `{"id", "from_name", "to_name", "type": "timeserieslabels", "value": {"start", "end", "instant",
/// "timeserieslabels": [label]}}`, times in the units of the TimeSeries time column (seconds in GestureLab's
/// exports). Results of other types (a choice, a text area a project added) decode with `value` `nil`.
package struct LabelStudioRegion: Codable, Hashable, Sendable {
    /// The region's id within its annotation (Label Studio makes short random ones).
    package var id: String?
    /// The control tag's name (`label` in GestureLab's configuration).
    package var fromName: String
    /// The object tag's name (`ts`).
    package var toName: String
    /// The result type; GestureLab reads `timeserieslabels`.
    package var type: String
    /// Start, end and labels, for a `timeserieslabels` result.
    package var value: Value?

    /// A region's times and labels.
    package struct Value: Codable, Hashable, Sendable {
        /// Start, seconds.
        package var start: Double
        /// End, seconds.
        package var end: Double
        /// Whether it is a point in time (start = end).
        package var instant: Bool
        /// The labels; GestureLab writes one.
        package var timeserieslabels: [String]
    }

    /// The result type of a labelled time range.
    package static let timeSeriesLabels = "timeserieslabels"

    /// A region for `annotation`, drawn with GestureLab's configuration.
    package init(id: String, _ annotation: Annotation) {
        self.id = id
        fromName = LabelStudioExport.controlName
        toName = LabelStudioExport.objectName
        type = Self.timeSeriesLabels
        value = Value(start: annotation.start, end: annotation.end, instant: annotation.start == annotation.end,
                      timeserieslabels: [annotation.label])
    }

    /// In the order Label Studio writes them; the synthesized `encode(to:)` follows it.
    enum CodingKeys: String, CodingKey {
        case id
        case fromName = "from_name"
        case toName = "to_name"
        case type, value
    }

    enum ValueKeys: String, CodingKey { case start, end, instant, timeserieslabels }

    /// Thrown for a time range whose start or end is not a number: the project's TimeSeries had a `timeFormat`,
    /// so Label Studio wrote dates as text.
    package struct TextTime: Error, Sendable {
        /// The text found.
        package var text: String
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        fromName = try c.decodeIfPresent(String.self, forKey: .fromName) ?? ""
        toName = try c.decodeIfPresent(String.self, forKey: .toName) ?? ""
        type = try c.decode(String.self, forKey: .type)
        guard type == Self.timeSeriesLabels else { value = nil; return }
        let v = try c.nestedContainer(keyedBy: ValueKeys.self, forKey: .value)
        func time(_ key: ValueKeys) throws -> Double {
            if let number = try? v.decode(Double.self, forKey: key) { return number }
            throw TextTime(text: (try? v.decode(String.self, forKey: key)) ?? "")
        }
        let start = try time(.start), end = try time(.end)
        value = Value(start: start, end: end, instant: try v.decodeIfPresent(Bool.self, forKey: .instant) ?? (start == end),
                      timeserieslabels: try v.decodeIfPresent([String].self, forKey: .timeserieslabels) ?? [])
    }
}
