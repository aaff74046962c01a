import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// A failure a command reports in its own words (exit status 1).
struct CommandLineError: Error, CustomStringConvertible {
    /// The one-line message.
    var description: String

    init(_ message: String) {
        description = message
    }

    /// One line that says what went wrong and where: `file:line: field: message` for data files,
    /// the key for configurations, the statistic for statistics.
    static func describe(_ error: any Error) -> String {
        let text: String
        switch error {
        case let error as DataFileError: text = error.description
        case let error as ConfigurationError: text = "invalid configuration: \(error.description)"
        case let error as StatisticsError: text = error.description
        case let error as RecognizerRegistry.Error: text = error.description
        case let error as CommandLineError: text = error.description
        case let error as CocoaError: text = error.localizedDescription
        default: text = String(describing: error)
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: "; ")
    }

    /// Writes `text` and a line break to standard error.
    static func printLine(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Writes what reading a dataset inferred (``GestureEval/ReadingReport/notes``) as `note: …` on standard error.
    static func printNote(_ text: String) {
        printLine("note: \(text)")
    }
}
