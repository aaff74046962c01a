import Foundation
import GestureEval
import Testing

@Suite struct BootstrapTests {
    private let values: [Double] = (0..<200).map { i in sin(Double(i) * 12.9898) * 43758.5453 }.map { $0 - $0.rounded(.down) }

    private func meanOf(_ idx: [Int]) -> Double { idx.reduce(0) { $0 + values[$1] } / Double(idx.count) }

    @Test func sameSeedSameIntervalOtherSeedOther() throws {
        let a = try Bootstrap.percentile(count: values.count, options: .init(replicates: 500, seed: 7), statistic: meanOf)
        let b = try Bootstrap.percentile(count: values.count, options: .init(replicates: 500, seed: 7), statistic: meanOf)
        let c = try Bootstrap.percentile(count: values.count, options: .init(replicates: 500, seed: 8), statistic: meanOf)
        #expect(a == b)
        #expect(a.interval != c.interval)
    }

    /// The percentile interval of a mean is close to the normal-theory interval ±1.96·s/√n.
    @Test func intervalOfMeanAgreesWithNormalTheory() throws {
        let estimate = try Bootstrap.percentile(count: values.count, options: .init(replicates: 4000, seed: 1), statistic: meanOf)
        let mean = try Descriptive.mean(values), se = try Descriptive.standardDeviation(values) / Double(values.count).squareRoot()
        let interval = try #require(estimate.interval)
        #expect(estimate.value == mean)
        #expect(abs(interval.lower - (mean - 1.96 * se)) < 0.15 * se)
        #expect(abs(interval.upper - (mean + 1.96 * se)) < 0.15 * se)
    }

    @Test func pairedF1DifferenceDetectsABetterMethod() throws {
        // Method A finds 9 of 10 gestures per recording with 1 false alarm; B finds 6 with 3.
        let a = Array(repeating: DetectionCounts(truePositives: 9, detections: 10, annotations: 10), count: 12)
        var b = Array(repeating: DetectionCounts(truePositives: 6, detections: 9, annotations: 10), count: 12)
        b[0] = DetectionCounts(truePositives: 10, detections: 10, annotations: 10)
        let comparison = try PairedBootstrapComparison(f1: a, b, options: .init(replicates: 1000, seed: 3))
        #expect(abs(comparison.difference.value - (2 * 108.0 / 240 - 2 * 76.0 / 229)) < 1e-12)
        #expect(try #require(comparison.difference.interval).lower > 0)
        #expect(comparison.pValue < 0.01)
        let same = try PairedBootstrapComparison(f1: a, a, options: .init(replicates: 200, seed: 3))
        #expect(same.difference.value == 0 && same.pValue == 1)
    }

    @Test func randomSourceIsSeeded() {
        let a = SeededRandom(seed: 42), b = SeededRandom(seed: 42)
        let xs = (0..<20).map { _ in a.index(below: 1000) }, ys = (0..<20).map { _ in b.index(below: 1000) }
        #expect(xs == ys && Set(xs).count > 10)
    }

    /// Issue 53: a cluster bootstrap draws whole clusters, so units that repeat inside a cluster (a subject's
    /// recording tested by several folds) add nothing; resampling the units one by one counts every copy and narrows
    /// the interval by about √copies.
    @Test func clusteredResamplesWholeClustersNotTheirUnits() throws {
        let clusters = (0..<8).map { c in Array(c * 5..<(c + 1) * 5) }
        func repeated(_ copies: Int) -> (values: [Double], clusters: [[Int]]) {
            var units: [Double] = [], groups: [[Int]] = []
            for cluster in clusters {
                groups.append(Array(units.count..<units.count + copies * cluster.count))
                for _ in 0..<copies { units += cluster.map { values[$0] } }
            }
            return (units, groups)
        }
        let options = BootstrapOptions(replicates: 1000, seed: 4)
        var widths: [Double] = [], unitWidths: [Double] = []
        for copies in [1, 4] {
            let (units, groups) = repeated(copies)
            let mean: ([Int]) -> Double = { idx in idx.reduce(0) { $0 + units[$1] } / Double(idx.count) }
            let estimate = try Bootstrap.clustered(groups, options: options, statistic: mean)
            let interval = try #require(estimate.interval)
            #expect(interval.method == "cluster-bootstrap-percentile")
            #expect(abs(estimate.value - mean(Array(units.indices))) < 1e-12)
            widths.append(interval.upper - interval.lower)
            let plain = try #require(try Bootstrap.percentile(count: units.count, options: options, statistic: mean).interval)
            unitWidths.append(plain.upper - plain.lower)
        }
        #expect(abs(widths[1] - widths[0]) < 1e-9, "the same clusters drawn: \(widths)")
        #expect(unitWidths[1] < 0.6 * unitWidths[0], "resampling units counts every copy: \(unitWidths)")
        // One cluster says nothing about the spread between clusters; none is an error.
        #expect(try Bootstrap.clustered([[0, 1, 2]], options: options) { idx in Double(idx.count) }.interval == nil)
        #expect(throws: StatisticsError.self) { try Bootstrap.clustered([], options: options) { _ in 0 } }
    }
}
