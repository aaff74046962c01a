import ArgumentParser
import GestureData
import GestureEval
import Foundation

/// `I/N` (shard I of N, 0-based) or `auto/N` (I from `SLURM_ARRAY_TASK_ID`, else `JOB_COMPLETION_INDEX`).
struct ShardOption: ExpressibleByArgument {
    /// The shard, `nil` for `auto`.
    var index: Int?
    /// The number of shards.
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), count >= 1 else { return nil }
        if parts[0] == "auto" {
            index = nil
        } else {
            guard let i = Int(parts[0]), (0..<count).contains(i) else { return nil }
            index = i
        }
        self.count = count
    }

    /// The shard index: given, or read from the job scheduler's environment.
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int {
        if let index { return index }
        for name in ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"] {
            guard let text = environment[name] else { continue }
            guard let i = Int(text), (0..<count).contains(i) else {
                throw ValidationError("--shard auto/\(count): \(name)=\(text) is not a shard index in 0…\(count - 1)")
            }
            return i
        }
        throw ValidationError("--shard auto/\(count) needs SLURM_ARRAY_TASK_ID (a Slurm job array) or JOB_COMPLETION_INDEX (a Kubernetes indexed job)")
    }
}

extension ShardOption {
    /// `arguments` without `--shard` and `--out`, and without the options that change how it runs but not what
    /// it computes (`--quiet`, `--threads`): the unsharded command line, to which `gesturelab merge` adds its
    /// own `--out`.
    static func unsharded(_ arguments: [String]) -> [String] {
        var out: [String] = [], skip = false
        for a in arguments {
            if skip { skip = false; continue }
            if ["--shard", "--out", "--threads"].contains(a) { skip = true; continue }
            if a == "--quiet" || ["--shard=", "--out=", "--threads="].contains(where: { a.hasPrefix($0) }) { continue }
            out.append(a)
        }
        return out
    }

    /// Writes a shard's `part` to `folder/part.json` atomically (a killed shard leaves no half-written part)
    /// and returns the file's URL.
    static func write(_ part: some Encodable, to folder: String) throws -> URL {
        let url = URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(ExperimentShard.fileName)
        try AtomicFile.write(try ReportFolder.encoder.encode(part) + Data("\n".utf8), to: url, createFolders: true)
        return url
    }
}
