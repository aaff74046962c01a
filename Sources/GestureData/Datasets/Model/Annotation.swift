import GestureKit

/// A labelled interval of a recording; everything not annotated is background ("null").
public struct Annotation: Hashable, Codable, Sendable {
    /// Start, seconds on the recording's clock.
    public var start: Double
    /// End, seconds on the recording's clock (≥ start).
    public var end: Double
    /// The gesture class, for example `"shake"`.
    public var label: String

    /// Creates an annotation; times in seconds.
    public init(start: Double, end: Double, label: String) {
        self.start = start
        self.end = end
        self.label = label
    }

    /// The length, seconds.
    public var duration: Double { end - start }

    /// The annotation as GestureKit's spotters read a gesture (the same label and times, seconds).
    package var span: GestureSpan { GestureSpan(label: label, start: start, end: end) }

    /// The header line of an annotation file (times in seconds, then the label), which `AnnotationFile` reads and
    /// writes; here so a reading error can quote it without the `Model` room knowing the `Manifest` room.
    package static let fileHeader = "start,end,label"
}
