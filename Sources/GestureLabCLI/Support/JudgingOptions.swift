import ArgumentParser

/// What a recognizer's events are judged against (train, evaluate, sweep): the annotation labels and how
/// far outside an annotation a detection still counts.
struct JudgingOptions: ParsableArguments {
    @Option(parsing: .upToNextOption, help: "Annotation labels judged (`slap-*` matches a prefix); default: all.")
    var labels: [String] = []

    @Flag(help: "Append the reported direction to each event's label (peak-direction on slap-<direction> annotations).")
    var directionInLabel = false

    @Option(help: "Matching tolerance before an annotation's start and after its end, seconds.")
    var tolerance: Double = 0.5

    func validate() throws {
        guard tolerance >= 0, tolerance.isFinite else { throw ValidationError("--tolerance must be a number of seconds ≥ 0") }
    }
}
