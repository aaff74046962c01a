import Foundation

/// Small multivariate series in the UEA / sktime `.ts` format, for tests of `ts:` data.
public enum UEAFixture {
    /// Example `index` of class `a` (phase-shifted sines) or `b` (faster cosines, scaled per dimension):
    /// 3 dimensions, 18 to 26 samples depending on `index` (variable length).
    public static func example(_ label: String, _ index: Int) -> (label: String, dimensions: [[Double]]) {
        let n = 18 + (index * 5) % 9
        return (label, (0..<3).map { d in
            (0..<n).map { t in
                let u = Double(t) / Double(n - 1)
                return label == "a" ? sin(2 * .pi * u + 0.4 * Double(index * d)) : cos(3 * .pi * u) * Double(d + 1) / 2 + 0.05 * Double(index)
            }
        })
    }

    /// Writes `examples` as a `.ts` file (classes a and b, unequal lengths allowed) and returns its URL.
    public static func write(_ examples: [(label: String, dimensions: [[Double]])], to url: URL) throws -> URL {
        var text = "@problemName tiny\n@timeStamps false\n@univariate false\n@dimensions 3\n@equalLength false\n@classLabel true a b\n@data\n"
        for e in examples {
            text += e.dimensions.map { $0.map { String($0) }.joined(separator: ",") }.joined(separator: ":") + ":\(e.label)\n"
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
