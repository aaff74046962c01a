import ArgumentParser
@testable import GestureLabCLI
import Testing

// Expectations on arguments parsed in process, as `gesturelab` parses them: the parsed command's values, or the
// usage error it exits with. Here rather than in GestureTestSupport, which every test target links: these need
// ArgumentParser and GestureLabCLI (and through it GestureEval and GSL), which GestureKitTests and
// GestureDataTests must not carry.

/// Parses `arguments` as the command `C` on its own (its options, validated, no root command) and hands the value to
/// `check`; records an issue with the usage message when the arguments do not parse.
func expectParse<C: ParsableCommand>(_ type: C.Type, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation,
                                     _ check: (C) throws -> Void) rethrows {
    let parsed: C
    do {
        parsed = try C.parse(arguments)
    } catch {
        Issue.record("\(arguments) did not parse: \(C.message(for: error))", sourceLocation: sourceLocation)
        return
    }
    try check(parsed)
}

/// Parses `arguments` from the root `gesturelab` command, expects it to dispatch to the subcommand `C` and hands
/// the parsed subcommand to `check`; records an issue when the arguments do not parse or reach another command.
func expectParseCommand<C: ParsableCommand>(_ type: C.Type, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation,
                                            _ check: (C) throws -> Void) rethrows {
    let parsed: any ParsableCommand
    do {
        parsed = try GestureLab.parseAsRoot(arguments)
    } catch {
        Issue.record("\(arguments) did not parse: \(GestureLab.message(for: error))", sourceLocation: sourceLocation)
        return
    }
    guard let command = parsed as? C else {
        Issue.record("\(arguments) parsed as \(Swift.type(of: parsed)), not \(C.self)", sourceLocation: sourceLocation)
        return
    }
    try check(command)
}

/// Expects `arguments`, parsed from the root `gesturelab` command, to reach the subcommand `C`.
func expectParseCommand<C: ParsableCommand>(_ type: C.Type, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    expectParseCommand(type, arguments, sourceLocation: sourceLocation) { _ in }
}

/// The message `gesturelab` prints for a usage error of `arguments` (parsed with `C` as the root), expecting exit
/// status 2 (`validationFailure`); `nil` when the arguments parse and validate.
func usageError<C: ParsableCommand>(_ command: C.Type, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    do {
        _ = try C.parseAsRoot(arguments)
        return nil
    } catch {
        #expect(C.exitCode(for: error) == .validationFailure, "\(arguments): not a usage error", sourceLocation: sourceLocation)
        return C.message(for: error)
    }
}

/// Expects `arguments` to be a usage error of `command` (exit status 2) whose message contains `message`.
func expectUsageError<C: ParsableCommand>(_ command: C.Type, _ arguments: [String], _ message: String,
                                          sourceLocation: SourceLocation = #_sourceLocation) {
    let error = usageError(command, arguments, sourceLocation: sourceLocation)
    #expect(error?.contains(message) == true, "\(error ?? "parsed")", sourceLocation: sourceLocation)
}
