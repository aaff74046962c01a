import Foundation

extension Experiment {
    /// Values a parameter search tries: a list, or `{from, to, step}` (inclusive).
    public struct ParameterRange: Codable, Hashable, Sendable {
        /// The values, in the order tried, in the parameter's own units (seconds, g, rad/s, radians).
        public var values: [Double]

        /// The given values.
        public init(values: [Double]) { self.values = values }

        private enum Keys: String, CodingKey { case from, to, step }

        /// Decodes a list of numbers or `{from, to, step}`.
        public init(from decoder: any Decoder) throws {
            if let list = try? decoder.singleValueContainer().decode([Double].self) {
                values = list
                return
            }
            let c = try decoder.container(keyedBy: Keys.self)
            let from = try c.decode(Double.self, forKey: .from), to = try c.decode(Double.self, forKey: .to)
            let step = try c.decode(Double.self, forKey: .step)
            values = try Self.grid(from: from, to: to, step: step, codingPath: c.codingPath)
        }

        /// `from`, `from + step`, … up to `to` (inclusive, with a tolerance of step/1000). O(values).
        public static func grid(from: Double, to: Double, step: Double, codingPath: [any CodingKey] = []) throws -> [Double] {
            guard from.isFinite, to.isFinite, step.isFinite, step > 0, to >= from, (to - from) / step <= 10_000 else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "needs finite from ≤ to and 0 < step, at most 10000 values"))
            }
            let n = Int(((to - from) / step + 1e-3).rounded(.down))
            // Rounded to 12 significant digits, so 0.1 + 2 × 0.2 reads 0.5, not 0.5000000000000001.
            return (0...n).map { i in
                let v = from + Double(i) * step
                guard v != 0 else { return 0 }
                let scale = pow(10, 11 - floor(log10(abs(v))))
                return (v * scale).rounded() / scale
            }
        }

        /// Encodes the list.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(values)
        }
    }
}
