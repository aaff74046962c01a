import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab datasets synth`: generate a synthetic dataset in the project's format.
struct DatasetsSynth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Generate a labelled synthetic dataset (SyntheticDatasetGenerator) in the project's format.",
        discussion: """
            The same seed and spec give the same files, byte for byte. Without --spec the shipped \
            defaults are used: continuous (6 subjects × 2 sessions × 40 s at 50 Hz with shakes, slaps, \
            movements, flips and shapes between background activity) or, with --kind segments, one \
            recording per drawn shape (6 subjects × 8 shapes × 2 repetitions). A spec file (YAML) names \
            only what it changes (keys of SyntheticDatasetSpec: subjects, recordingDuration, \
            samplingRate, gestures, sensor, minimumGap and maximumGap in s, and \
            minimumGestureDuration and maximumGestureDuration in s, which make each gesture a bout of \
            repetitions annotated as one event, ...); --seed and --kind override it.
            Example (how the shipped datasets are regenerated):
              rm -rf datasets/default datasets/default-shapes
              gesturelab datasets synth --seed 20251121 --out datasets/default
              gesturelab datasets synth --seed 20251121 --kind segments --out \\
                datasets/default-shapes
            """
    )

    @Option(help: "Seed of every random choice (an unsigned 64-bit integer).")
    var seed: UInt64

    @Option(help: "The folder to write (created if needed).")
    var out: String

    @Option(help: "A SyntheticDatasetSpec file (YAML or JSON); missing keys take the defaults.")
    var spec: String?

    @Option(help: "continuous (long recordings, sparse annotations) or segments (one shape per recording).")
    var kind: Dataset.Kind?

    @Flag(help: "Write into a folder that is not empty (files of the same name are replaced, others are left).")
    var force = false

    func run() throws {
        var spec = try loadSpec()
        spec.seed = seed
        let url = URL(fileURLWithPath: out, isDirectory: true)
        if !force, let contents = try? FileManager.default.contentsOfDirectory(atPath: url.path), !contents.isEmpty {
            throw CommandLineError("\(out) is not empty; choose another folder or pass --force")
        }
        let dataset = try SyntheticDatasetGenerator.generate(spec)
        let manifest = try DatasetWriter.write(dataset, to: url)
        let annotations = dataset.recordings.reduce(0) { $0 + $1.annotations.count }
        print("wrote \(manifest.recordings.count) \(spec.kind.rawValue) recordings with \(annotations) annotations "
              + "(\(manifest.classes?.count ?? 0) classes, seed \(seed)) to \(out)")
    }

    /// The spec file's contents, or the shipped default for the kind asked for; `--kind` applied.
    private func loadSpec() throws -> SyntheticDatasetSpec {
        guard let spec else {
            return kind == .segments ? SyntheticDatasetGenerator.defaultSegmentSpec : SyntheticDatasetGenerator.defaultSpec
        }
        var decoded = try SyntheticDatasetSpec(contentsOf: URL(fileURLWithPath: spec))
        if let kind { decoded.kind = kind }
        return decoded
    }
}

extension Dataset.Kind: ExpressibleByArgument {}
