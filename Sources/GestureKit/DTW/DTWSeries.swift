/// Why a series cannot be compared by dynamic time warping.
public enum DTWError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The series has no samples.
    case empty(what: String)
    /// A value is NaN or infinite.
    case nonFinite(what: String, index: Int, dimension: Int)
    /// The dimensions of a series have different lengths, or two series have different numbers of dimensions.
    case dimensionMismatch(what: String, expected: Int, got: Int)
    /// A setting is out of range.
    case invalidSetting(key: String, String)

    /// A one-line, human-readable account.
    public var description: String {
        switch self {
        case let .empty(what): "\(what): the series is empty (at least one sample is needed)"
        case let .nonFinite(what, index, dimension): "\(what): non-finite value at sample \(index), dimension \(dimension)"
        case let .dimensionMismatch(what, expected, got): "\(what): expected \(expected), got \(got)"
        case let .invalidSetting(key, message): "\(key): \(message)"
        }
    }
}

/// A finite, non-empty time series of one or more dimensions stored contiguously, time-major:
/// `values[t * dimensions + d]`.
///
/// Construction validates once (no NaN or infinity, at least one sample, equal dimension lengths),
/// so the distance kernels never need to check and can never return a silent NaN.
public struct DTWSeries: Hashable, Sendable, Codable {
    /// The number of time steps.
    public let length: Int
    /// The number of values per time step (1 for a univariate series).
    public let dimensions: Int
    /// The values, time-major: `values[t * dimensions + d]`.
    public let values: [Double]

    /// A univariate series. O(n).
    public init(_ values: [Double], name: String = "series") throws(DTWError) {
        try self.init(interleaved: values, dimensions: 1, name: name)
    }

    /// A series from one array per dimension, `dimensions[d][t]` (the layout of ``LabelledSeries``-style readers). O(n·d).
    public init(dimensions columns: [[Double]], name: String = "series") throws(DTWError) {
        guard let first = columns.first else { throw .empty(what: name) }
        var interleaved = [Double](repeating: 0, count: first.count * columns.count)
        for (d, column) in columns.enumerated() {
            guard column.count == first.count else {
                throw .dimensionMismatch(what: "\(name): length of dimension \(d)", expected: first.count, got: column.count)
            }
            for t in 0..<column.count { interleaved[t * columns.count + d] = column[t] }
        }
        try self.init(interleaved: interleaved, dimensions: columns.count, name: name)
    }

    /// A series from time-major values, `dimensions` per time step. O(n·d).
    public init(interleaved values: [Double], dimensions: Int, name: String = "series") throws(DTWError) {
        guard dimensions > 0 else { throw .invalidSetting(key: "dimensions", "must be at least 1, got \(dimensions)") }
        guard !values.isEmpty else { throw .empty(what: name) }
        guard values.count % dimensions == 0 else {
            throw .dimensionMismatch(what: "\(name): value count, a multiple of \(dimensions)", expected: values.count - values.count % dimensions, got: values.count)
        }
        if let bad = values.firstIndex(where: { !$0.isFinite }) {
            throw .nonFinite(what: name, index: bad / dimensions, dimension: bad % dimensions)
        }
        self.values = values
        self.dimensions = dimensions
        self.length = values.count / dimensions
    }

    /// The value at time step `t`, dimension `d`.
    public subscript(t: Int, d: Int) -> Double { values[t * dimensions + d] }

    /// One dimension as its own array. O(n).
    package func dimension(_ d: Int) -> [Double] {
        (0..<length).map { values[$0 * dimensions + d] }
    }

    private enum CodingKeys: String, CodingKey { case dimensions, values }

    /// Decodes a series, validated as construction is (a NaN or a ragged dimension is a decoding error).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let dimensions = try c.decode(Int.self, forKey: .dimensions)
        let values = try c.decode([Double].self, forKey: .values)
        do {
            try self.init(interleaved: values, dimensions: dimensions, name: "template")
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .values, in: c, debugDescription: error.description)
        }
    }

    /// Encodes the dimension count and the interleaved values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(dimensions, forKey: .dimensions)
        try c.encode(values, forKey: .values)
    }
}
