import Foundation

/// One labelled example of a segment dataset: a class label and one or more equally long dimensions.
public struct LabelledSeries: Hashable, Sendable {
    /// The class label as written in the file.
    public var label: String
    /// The values, `dimensions[d][t]`.
    public var dimensions: [[Double]]

    /// Creates an example.
    public init(label: String, dimensions: [[Double]]) {
        self.label = label
        self.dimensions = dimensions
    }

    /// The number of time steps.
    public var length: Int { dimensions.first?.count ?? 0 }
}
