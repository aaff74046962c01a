import ArgumentParser
import Foundation
import GestureEval

/// `gesturelab datasets inspect`: counts, timing, channels and classes.
struct DatasetsInspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show recordings, subjects, sessions, duration, rate and jitter, channels, classes and annotation coverage.",
        discussion: """
            Example:
              gesturelab datasets inspect ts:../shared/datasets/UWaveGestureLibrary/UWaveGestureLibrary_TRAIN.ts --json
            """
    )

    @OptionGroup var source: DatasetSourceOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let loaded = try source.load()
        let summary = DatasetSummary(loaded.dataset)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
        } else {
            print(summary.text)
            if !loaded.problems.isEmpty {
                print("reading problems: \(loaded.problems.count) (run `gesturelab datasets validate` for the list)")
            }
        }
    }
}
