import ArgumentParser

/// `gesturelab bench`: speed measurements (build with `-c release` for meaningful numbers).
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the speed of recognizers, DTW, dataset loading, experiment plans, endless streams and the live path.",
        discussion: """
            Numbers are meaningful only from a release build.
            Example:
              swift build -c release && .build/release/gesturelab bench recognizers \\
                --seconds 200
            """,
        subcommands: [BenchRecognizers.self, BenchDTW.self, BenchFind.self, BenchMiniRocketStream.self, BenchDatasets.self, BenchPlan.self, BenchRidge.self, BenchTransform.self, BenchSoak.self, BenchLive.self]
    )
}
