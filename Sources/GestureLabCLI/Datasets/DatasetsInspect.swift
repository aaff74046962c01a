import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `gesturelab datasets inspect`: counts, timing, channels and classes.
struct DatasetsInspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show recordings, subjects, sessions, duration, rate and jitter, channels, classes and annotation coverage.",
        discussion: """
            Example:
              gesturelab datasets inspect \\
                ts:../shared/datasets/UWaveGestureLibrary/UWaveGestureLibrary_TRAIN.ts \\
                --json
            """
    )

    @OptionGroup var source: DatasetSourceOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        try source.refuseIgnoredRate()
        let loaded = try source.load()
        let summary = DatasetSummary(loaded.dataset)
        let problems = DatasetValidator().validate(loaded)
        let errors = problems.filter { $0.severity == .error }.count
        if json {
            struct Report: Encodable {
                var summary: DatasetSummary
                var errors: Int
                var warnings: Int
                var reading: ReadingReport
                func encode(to encoder: any Encoder) throws {
                    try summary.encode(to: encoder)
                    var c = encoder.container(keyedBy: Keys.self)
                    try c.encode(errors, forKey: .errors)
                    try c.encode(warnings, forKey: .warnings)
                    try c.encode(reading, forKey: .reading)
                }
                enum Keys: String, CodingKey { case errors, warnings, reading }
            }
            let encoder = ReportFolder.encoder
            let report = Report(summary: summary, errors: errors, warnings: problems.count - errors, reading: loaded.report)
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(summary.text)
            for line in loaded.report.lines { print("reading      \(line)") }
            print("problems     \(errors) errors, \(problems.count - errors) warnings"
                  + (problems.isEmpty ? "" : " (`gesturelab datasets validate` lists them)"))
        }
    }
}
