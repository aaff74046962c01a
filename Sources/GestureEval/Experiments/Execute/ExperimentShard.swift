import Foundation
import GestureKit
import GestureData

/// The results of one shard of an experiment's units (`gesturelab compare EXPERIMENT --shard I/N`), as
/// written to `part.json`, and the merge of all shards into the results one machine would have produced.
///
/// A part records what it was computed from (the experiment file's and every dataset's digest, the seed and
/// the program version), so `gesturelab merge` refuses parts that do not belong together.
package struct ExperimentShard: Codable, Sendable {
    /// The command whose work is sharded (`compare`, or `evaluate` on a dataset).
    package var command: String
    /// The unsharded command line that gives the same report, without its `--out` (which `merge` adds).
    package var arguments: [String]
    /// The experiment file as given on the command line (`compare`); `nil` when the experiment came from
    /// command-line options (`evaluate`), which ``experiment`` then holds.
    package var experimentFile: String?
    /// The experiment as run.
    package var experiment: Experiment
    /// FNV-1a 64 of the experiment file's bytes, or of the experiment's JSON when there is no file; hexadecimal.
    package var experimentDigest: String
    /// Per dataset key: ``Dataset/digest``.
    package var datasetDigests: [String: String]
    /// The experiment's seed.
    package var seed: UInt64
    /// ``GestureLabVersion/current`` of the program that ran it.
    package var packageVersion: String
    /// This shard (0-based) and the number of shards.
    package var shard: Int, shards: Int
    /// The units of this shard, in plan order.
    package var results: [ExperimentExecutor.UnitResult]

    /// The file name of a part in its folder.
    package static let fileName = "part.json"

    /// FNV-1a 64 of `bytes`, as 16 hexadecimal digits. O(bytes).
    package static func digest(_ bytes: some Sequence<UInt8>) -> String {
        var hasher = FNV1a64()
        hasher.add(bytes)
        return hasher.hex
    }

    /// Runs shard `index` of `count` of `runner`'s plan for `command` (`arguments`: its unsharded command line
    /// without `--out`); `file` is the experiment file, if any (read for its digest).
    package static func run(_ runner: ExperimentRunner, command: String, arguments: [String], file: String?, shard index: Int, of count: Int,
                           cache: UnitCache? = nil, progress: (@Sendable (ExperimentPlan.RunProgress) -> Void)? = nil) throws(ExperimentError) -> ExperimentShard {
        let results = try ExperimentExecutor(runner).run(runner.plan, units: runner.plan.shard(index, of: count), cache: cache, progress: progress)
        return ExperimentShard(command: command, arguments: arguments, experimentFile: file, experiment: runner.experiment,
                               experimentDigest: try experimentDigest(file: file, runner.experiment), datasetDigests: runner.datasets.mapValues(\.digest),
                               seed: runner.experiment.seed, packageVersion: GestureLabVersion.current, shard: index, shards: count, results: results)
    }

    /// The digest of the experiment file, or of `experiment`'s JSON without one.
    static func experimentDigest(file: String?, _ experiment: Experiment) throws(ExperimentError) -> String {
        guard let file else {
            do { return digest(try ReportFolder.encoder.encode(experiment)) } catch { throw ExperimentError("cannot encode the experiment: \(error)") }
        }
        guard let data = FileManager.default.contents(atPath: file) else { throw ExperimentError("\(file): cannot read the experiment file") }
        return digest(data)
    }

    /// The experiment the parts ran: the experiment file read again (when there is one), else the one they hold.
    package static func experiment(of parts: [ExperimentShard], trainers: TrainerRegistry) throws(DataFileError) -> Experiment {
        guard let first = parts.first else { throw DataFileError(file: "merge", "no parts to merge") }
        guard let file = first.experimentFile else { return first.experiment }
        return try Experiment(contentsOf: URL(fileURLWithPath: file), trainers: trainers)
    }

    /// The unit results of every part, checked to belong to `runner`'s experiment and to cover each of its
    /// units exactly once, with the judged test recordings given back from the folds `runner` judged
    /// (``ExperimentRunner/judged``) and the events matched to them once (``ExperimentExecutor/UnitResult/judge(_:matching:)``);
    /// in plan order.
    /// - Throws: naming what differs (experiment file, dataset, seed, version, shard count) or the missing and
    ///   repeated units, with the commands that produce the missing ones.
    package static func merge(_ parts: [ExperimentShard], runner: ExperimentRunner) throws(ExperimentError) -> [ExperimentExecutor.UnitResult] {
        guard let first = parts.first else { throw ExperimentError("no parts to merge") }
        let digest = try experimentDigest(file: first.experimentFile, first.experimentFile == nil ? first.experiment : runner.experiment)
        for p in parts {
            let name = "part \(p.shard)/\(p.shards)"
            guard p.command == first.command, p.arguments == first.arguments else {
                throw ExperimentError("\(name) is a part of `\(p.arguments.joined(separator: " "))`, not of `\(first.arguments.joined(separator: " "))`")
            }
            guard p.experimentFile == first.experimentFile, p.experimentDigest == digest else {
                let what = first.experimentFile.map { "\($0) now has digest \(digest)" } ?? "the first part's has digest \(digest)"
                throw ExperimentError("\(name) was run on another experiment file (\(p.experimentFile ?? "from the command line"), digest \(p.experimentDigest)); \(what)")
            }
            guard p.seed == runner.experiment.seed else { throw ExperimentError("\(name) was run with seed \(p.seed), the experiment has \(runner.experiment.seed)") }
            guard p.packageVersion == GestureLabVersion.current else {
                throw ExperimentError("\(name) was run by gesturelab \(p.packageVersion), this is \(GestureLabVersion.current)")
            }
            guard p.shards == first.shards else { throw ExperimentError("\(name) belongs to a split into \(p.shards) shards, part \(first.shard)/\(first.shards) to \(first.shards)") }
            for (key, d) in p.datasetDigests.sorted(by: { $0.key < $1.key }) where runner.datasets[key]?.digest != d {
                throw ExperimentError(dataset: key, "\(name) was run on other data (digest \(d), now \(runner.datasets[key]?.digest ?? "not loaded"))")
            }
        }
        var byUnit: [Int: ExperimentExecutor.UnitResult] = [:], repeated: [Int] = []
        for p in parts {
            for r in p.results {
                if byUnit[r.unit.index] != nil { repeated.append(r.unit.index) }
                byUnit[r.unit.index] = r
            }
        }
        if !repeated.isEmpty { throw ExperimentError("units \(repeated.sorted().map(String.init).joined(separator: ", ")) appear in more than one part") }
        let plan = runner.plan
        let missing = plan.units.filter { byUnit[$0.index] == nil || byUnit[$0.index]!.unit != $0 }
        if !missing.isEmpty {
            let shards = (0..<first.shards).filter { i in plan.shard(i, of: first.shards).contains { u in missing.contains { $0.index == u.index } } }
            let commands = shards.map { (first.arguments + ["--shard", "\($0)/\(first.shards)", "--out", "PART-\($0)"]).joined(separator: " ") }
            throw ExperimentError("\(missing.count) of \(plan.units.count) units are missing (units \(missing.prefix(10).map { String($0.index) }.joined(separator: ", "))\(missing.count > 10 ? ", …" : "")); run: " + commands.joined(separator: "; "))
        }
        return plan.units.map { unit in
            var result = byUnit[unit.index]!
            result.judge(runner.judged.test(unit.entry, dataset: unit.dataset, fold: unit.fold), matching: runner.experiment.eventMatching)
            return result
        }
    }
}

extension Dataset {
    /// FNV-1a 64 over every recording's id, subject, session, timestamps, channel values and annotations, as
    /// 16 hexadecimal digits: equal data give equal digests on every machine. O(samples).
    package var digest: String {
        var hasher = FNV1a64()
        func add(_ s: String) { hasher.add(s.utf8); hasher.add(CollectionOfOne(0)) }
        func add(_ x: Double) { withUnsafeBytes(of: x.bitPattern.littleEndian) { hasher.add($0) } }
        add(name)
        for r in recordings {
            add(r.id); add(r.subject); add(r.session)
            r.timestamps.forEach(add)
            for channel in r.channelNames {
                add(channel.rawValue)
                r.column(channel)?.forEach(add)
            }
            for a in r.annotations { add(a.start); add(a.end); add(a.label) }
        }
        return hasher.hex
    }
}
