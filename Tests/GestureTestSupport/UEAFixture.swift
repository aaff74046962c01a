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

    /// The `tiny` problem split in two files in `root` (created if needed): `tiny_TRAIN.ts` with `trainingPairs`
    /// examples of each class (b three indices ahead), `tiny_TEST.ts` with examples 7…14 of each (b one ahead).
    public static func tinySplit(in root: URL, trainingPairs: Int) throws -> (train: URL, test: URL) {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let train = try write((0..<trainingPairs).flatMap { [example("a", $0), example("b", $0 + 3)] },
                              to: root.appendingPathComponent("tiny_TRAIN.ts"))
        let test = try write((7..<15).flatMap { [example("a", $0), example("b", $0 + 1)] }, to: root.appendingPathComponent("tiny_TEST.ts"))
        return (train, test)
    }
}
