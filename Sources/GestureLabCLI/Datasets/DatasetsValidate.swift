import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab datasets validate`: every problem with file, line and field.
struct DatasetsValidate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "List every problem with file, line and field; exit status 1 when there are errors.",
        discussion: """
            Checks non-numeric values, NaN/inf, values outside the manifest's valid ranges, unsorted or \
            duplicate timestamps, gaps (warnings), empty and one-sample recordings, and annotations that \
            are inverted, outside their recording, overlapping or use an unknown label. \
            The first 20 problems are listed, then a count per kind for the rest; --all lists them all.
            Examples:
              gesturelab datasets validate datasets/default
              gesturelab datasets validate csv:recording.csv --all
            """
    )

    @OptionGroup var source: DatasetSourceOptions

    @Option(help: "A gap is an interval longer than this many median sample intervals (as datasets inspect counts them).")
    var gapFactor: Double = 3

    @Flag(help: "List every problem instead of the first \(Self.listed) and a count per kind for the rest.")
    var all = false

    /// Problems listed before the rest are only counted.
    static let listed = 20

    func run() throws {
        try source.refuseIgnoredRate()
        let loaded = try source.load(collectingProblems: true)
        let problems = DatasetValidator(gapFactor: gapFactor).validate(loaded)
        let shown = all ? problems[...] : problems.prefix(Self.listed)
        for problem in shown { print(problem) }
        if shown.count < problems.count {
            // A flood (a decimal-comma file fails on every line) is summarised, not printed.
            var rest: [DatasetProblem.Kind: Int] = [:]
            for p in problems.dropFirst(shown.count) { rest[p.kind, default: 0] += 1 }
            let kinds = DatasetProblem.Kind.allCases.compactMap { k in rest[k].map { "\(k.rawValue) \($0)" } }
            print("… and \(problems.count - shown.count) more (\(kinds.joined(separator: ", "))); --all lists them")
        }
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
