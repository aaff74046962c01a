import Foundation

/// One shard of a threshold sweep's values (`gesturelab sweep … --shard I/N`), as written to `part.json`, and
/// the merge of all shards into the sweep one machine would have run.
///
/// Shard I takes the values at positions I, I + N, I + 2N, …: every value costs one pass over the recordings,
/// so the shards are balanced. Each value's point is computed alone, so merged points equal unsharded ones.
package struct SweepShard: Codable, Sendable {
    /// Always `sweep` (tells `gesturelab merge` which kind of part it reads).
    package var command = "sweep"
    /// The unsharded command line, without `--out`.
    package var arguments: [String]
    /// ``Dataset/digest`` of the dataset swept.
    package var datasetDigest: String
    /// ``GestureLabVersion/current`` of the program that ran it.
    package var packageVersion: String
    /// This shard (0-based) and the number of shards.
    package var shard: Int, shards: Int
    /// Positions of this shard's values among all the sweep's values, and how many values there are in all.
    package var positions: [Int], valueCount: Int
    /// The sweep's description with this shard's points, in the order of ``positions``.
    package var report: SweepReport
    /// The entry's name (titles the plot; `results.json` does not hold it).
    package var name: String

    /// The positions of shard `index` of `count` among `values` values. O(values / count).
    package static func positions(_ index: Int, of count: Int, values: Int) -> [Int] {
        Array(stride(from: index, to: values, by: count))
    }

    /// Creates a part.
    package init(arguments: [String], datasetDigest: String, shard: Int, shards: Int, positions: [Int], valueCount: Int, report: SweepReport) {
        self.arguments = arguments
        self.datasetDigest = datasetDigest
        packageVersion = GestureLabVersion.current
        self.shard = shard
        self.shards = shards
        self.positions = positions
        self.valueCount = valueCount
        self.report = report
        name = report.name
    }

    /// The sweep of all parts, its points in value order.
    /// - Throws: when the parts come from different command lines, data, versions or shard counts, or a value
    ///   is missing (with the commands that compute it) or computed twice.
    package static func merge(_ parts: [SweepShard]) throws(ExperimentError) -> SweepReport {
        guard let first = parts.first else { throw ExperimentError("no parts to merge") }
        for p in parts {
            let name = "part \(p.shard)/\(p.shards)"
            guard p.arguments == first.arguments else {
                throw ExperimentError("\(name) is a part of `\(p.arguments.joined(separator: " "))`, not of `\(first.arguments.joined(separator: " "))`")
            }
            guard p.datasetDigest == first.datasetDigest else { throw ExperimentError("\(name) was run on other data (digest \(p.datasetDigest), not \(first.datasetDigest))") }
            guard p.packageVersion == GestureLabVersion.current else { throw ExperimentError("\(name) was run by gesturelab \(p.packageVersion), this is \(GestureLabVersion.current)") }
            guard p.shards == first.shards, p.valueCount == first.valueCount else { throw ExperimentError("\(name) belongs to a split into \(p.shards) shards, not \(first.shards)") }
        }
        var byPosition: [Int: ThresholdSweep.Point] = [:]
        for p in parts {
            for (position, point) in zip(p.positions, p.report.points) {
                guard byPosition.updateValue(point, forKey: position) == nil else { throw ExperimentError("value \(position + 1) appears in more than one part") }
            }
        }
        let missing = (0..<first.valueCount).filter { byPosition[$0] == nil }
        if !missing.isEmpty {
            let shards = Set(missing.map { $0 % first.shards }).sorted()
            let commands = shards.map { (first.arguments + ["--shard", "\($0)/\(first.shards)", "--out", "PART-\($0)"]).joined(separator: " ") }
            throw ExperimentError("\(missing.count) of \(first.valueCount) values are missing; run: " + commands.joined(separator: "; "))
        }
        var report = first.report
        report.name = first.name
        report.points = (0..<first.valueCount).map { byPosition[$0]! }
        return report
    }
}
