import ArgumentParser
import Foundation

extension GestureLab {
    /// Runs the command line with GestureLab's exit conventions:
    /// - help and version print on standard output and exit 0;
    /// - usage errors (unknown flags, missing or invalid arguments, `ValidationError`) print the
    ///   message and usage on standard error and exit **2**;
    /// - any other failure prints one line, `error: …`, on standard error and exits **1**
    ///   (see ``CommandLineError/describe(_:)``).
    package static func main() {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            Foundation.exit(status(for: error).rawValue)
        }
        do {
            try command.run()
        } catch {
            Foundation.exit(status(for: error, in: type(of: command)).rawValue)
        }
        Self.exit()
    }

    /// The command line as typed, the program named `gesturelab` whatever its path: what report folders
    /// record so a run can be repeated.
    static var invocation: [String] { ["gesturelab"] + CommandLine.arguments.dropFirst() }

    /// Prints what `error` calls for and returns the exit status. A `ValidationError` thrown while
    /// `command` runs shows that command's usage, as one thrown while parsing does (not the root's).
    private static func status(for error: any Error, in command: (any ParsableCommand.Type)? = nil) -> ExitCode {
        if let exit = error as? ExitCode { return exit }
        let code = exitCode(for: error)
        if code == .success {
            print(fullMessage(for: error))
            return .success
        }
        if code == .validationFailure, let command, let validation = error as? ValidationError {
            let usage = usageString(for: command)
            let name = usage.split(separator: " ").prefix { $0.first?.isLetter == true }.joined(separator: " ")
            CommandLineError.printLine("Error: \(validation.message)\nUsage: \(usage)\n  See '\(name) --help' for more information.")
            return ExitCode(2)
        }
        if code == .validationFailure {
            CommandLineError.printLine(fullMessage(for: error))
            return ExitCode(2)
        }
        CommandLineError.printLine("error: " + CommandLineError.describe(error))
        return .failure
    }
}
