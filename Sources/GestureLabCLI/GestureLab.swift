import ArgumentParser
import GestureEval
import GestureKit

/// The `gesturelab` command: train, evaluate and compare gesture recognizers.
///
/// The executable's `main.swift` calls ``main()``; tests parse arguments in process with
/// `GestureLab.parseAsRoot(_:)`.
package struct GestureLab: ParsableCommand {
    /// The command's name, help, version and subcommands.
    package static let configuration = CommandConfiguration(
        commandName: "gesturelab",
        abstract: "Train, evaluate and compare motion-gesture recognizers.",
        discussion: """
            Recordings are in seconds and g (rad/s, radians), CoreMotion axis convention.
            Examples:
              gesturelab compare configs/experiments/default.yaml --out reports/default \\
                --notebook
              gesturelab detect --recognizer shake --input recording.csv --json
              gesturelab datasets inspect datasets/default
            """,
        version: GestureLabVersion.current,
        subcommands: [Demo.self, Detect.self, Find.self, Record.self, Train.self, Adapt.self, Evaluate.self, Compare.self, Cache.self, Merge.self, Sweep.self, Datasets.self, Export.self, Bench.self]
    )

    /// The root command has no options of its own; it only dispatches to a subcommand.
    package init() {}
}
