import ArgumentParser
import GestureData

/// What a recognizer's events are judged against (train, evaluate, sweep): the annotation labels and how
/// far outside an annotation a detection still counts.
struct JudgingOptions: ParsableArguments {
    @Option(name: .customLong("labels"), parsing: .upToNextOption,
            help: "Annotation labels judged, separated by spaces or commas (`slap-*` matches a prefix); default: all.")
    var labelArguments: [String] = []

    /// The labels of `--labels`, whether given as `a b`, `a,b` or both (as `record` takes them).
    var labels: [String] { Self.labelList(labelArguments) }

    /// Label names from `--labels` arguments split at commas, blanks dropped: the one reading of `--labels`
    /// in every command.
    static func labelList(_ arguments: [String]) -> [String] {
        arguments.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Flag(help: "Append the reported direction to each event's label (peak-direction on slap-<direction> annotations).")
    var directionInLabel = false

    @Option(help: "Matching tolerance before an annotation's start and after its end, seconds.")
    var tolerance: Double = 0.5

    func validate() throws {
        guard tolerance >= 0, tolerance.isFinite else { throw ValidationError("--tolerance must be a number of seconds ≥ 0") }
    }
}
