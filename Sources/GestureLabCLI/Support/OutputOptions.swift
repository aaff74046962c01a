import ArgumentParser

/// Where a run's results go (compare, evaluate, sweep): JSON on standard output instead of tables, and a
/// report folder.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print the result as JSON on standard output instead of tables.")
    var json = false

    @Option(help: "Write a report folder here (results.json, CSV tables, summary.md, SVG plots).")
    var out: String?
}
