import ArgumentParser
import Foundation
import GestureEval

/// `gesturelab datasets validate`: every problem with file, line and field.
struct DatasetsValidate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "List every problem with file, line and field; exit status 1 when there are errors.",
        discussion: """
            Checks non-numeric values, NaN/inf, values outside the manifest's valid ranges, unsorted or
            duplicate timestamps, gaps (warnings), empty and one-sample recordings, and annotations that
            are inverted, outside their recording, overlapping or use an unknown label.
            Example:
              gesturelab datasets validate datasets/default
            """
    )

    @OptionGroup var source: DatasetSourceOptions

    @Option(help: "A gap is an interval longer than this many nominal sample periods.")
    var gapFactor: Double = 3

    func run() throws {
        let loaded = try source.load()
        let problems = DatasetValidator(gapFactor: gapFactor).validate(loaded)
        for problem in problems { print(problem) }
        for line in loaded.report.lines { print("reading: \(line)") }
        let errors = problems.filter { $0.severity == .error }.count
        var counts: [DatasetProblem.Kind: Int] = [:]
        for p in problems { counts[p.kind, default: 0] += 1 }
        let byKind = DatasetProblem.Kind.allCases.compactMap { k in counts[k].map { "\(k.rawValue) \($0)" } }
        print("\(loaded.dataset.recordings.count) recordings: \(errors) errors, \(problems.count - errors) warnings"
              + (byKind.isEmpty ? "" : " (\(byKind.joined(separator: ", ")))"))
        if errors > 0 { throw ExitCode(1) }
    }
}
