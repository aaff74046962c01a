import ArgumentParser
import Foundation

extension GestureLab {
    /// Runs the command line with GestureLab's exit conventions:
    /// - help and version print on standard output and exit 0;
    /// - usage errors (unknown flags, missing or invalid arguments, `ValidationError`) print the
    ///   message and usage on standard error and exit **2**;
    /// - any other failure prints one line, `error: …`, on standard error and exits **1**
    ///   (see ``CommandLineError/describe(_:)``).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            Foundation.exit(status(for: error).rawValue)
        }
        Self.exit()
    }

    /// Prints what `error` calls for and returns the exit status.
    private static func status(for error: any Error) -> ExitCode {
        if let exit = error as? ExitCode { return exit }
        let code = exitCode(for: error)
        if code == .success {
            print(fullMessage(for: error))
            return .success
        }
        if code == .validationFailure {
            CommandLineError.printLine(fullMessage(for: error))
            return ExitCode(2)
        }
        CommandLineError.printLine("error: " + CommandLineError.describe(error))
        return .failure
    }
}
