import Foundation
import Testing
import GestureTestSupport

/// The shape ARCHITECTURE.md promises a newcomer: small folders, short files and functions, registries passed in
/// rather than reached for, and shared training types that know no recognizer.
extension ArchitectureTests {
    /// Every Swift file under `Sources`, by path relative to the package root.
    static func allSources() throws -> [String: String] {
        var files: [String: String] = [:]
        for module in try FileManager.default.contentsOfDirectory(atPath: SharedData.packageRoot.appendingPathComponent("Sources").path) {
            files.merge(try sources(module)) { a, _ in a }
        }
        return files
    }

    /// No folder under `Sources` holds more than 20 Swift files directly: past that, it is split by concern.
    @Test func noFolderHoldsMoreThanTwentyFiles() throws {
        let files = try Self.allSources()
        #expect(files.count > 300)
        let byFolder = Dictionary(grouping: files.keys) { ($0 as NSString).deletingLastPathComponent }
        for (folder, members) in byFolder {
            #expect(members.count <= 20, "\(folder) holds \(members.count) Swift files; split it by concern")
        }
    }

    /// No source file is longer than 400 lines: a longer one is split into `Type+Topic.swift` extensions.
    @Test func noFileIsLongerThanFourHundredLines() throws {
        for (path, text) in try Self.allSources() {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            #expect(lines <= 400, "\(path) has \(lines) lines")
        }
    }

    /// No function or initializer is longer than 120 lines, unless a comment just above it says why it stays whole
    /// (the DTW kernels, whose loops must stay together): the comment says "over 120 lines on purpose" (or "stay
    /// together", "kept whole") and why.
    @Test func noFunctionIsLongerThanOneHundredTwentyLines() throws {
        var measured = 0
        for (path, text) in try Self.allSources() {
            for function in Self.functions(in: text) {
                measured += 1
                guard function.lines > 120 else { continue }
                #expect(function.explained, "\(path):\(function.line) \(function.name) has \(function.lines) lines")
            }
        }
        #expect(measured > 1000)
    }

    /// The checker finds a long function, measures it to its closing brace (braces in strings and comments aside), and
    /// takes a comment above it as the reason it stays whole.
    @Test func theFunctionCheckerMeasuresBodies() {
        let body = (0..<130).map { "        let x\($0) = \"{\" // }" }.joined(separator: "\n")
        let text = "struct S {\n    func long() {\n\(body)\n    }\n\n    // The loops stay together.\n    init(x: Int) {\n\(body)\n    }\n}\n"
        let found = Self.functions(in: text)
        #expect(found.map(\.name) == ["long", "init"])
        #expect(found.map(\.lines) == [132, 132])
        #expect(found.map(\.explained) == [false, true])
    }

    /// GestureEval takes its registries from its caller: nothing inside it reaches for `.standard`, so a registry a
    /// test or an app passes in is the one used everywhere (the plan's estimate, the experiment check, the warnings).
    @Test func gestureEvalNamesNoStandardRegistry() throws {
        let files = try Self.sources("GestureEval")
        #expect(files.count > 100)
        for (path, text) in files {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                #expect(code.firstMatch(of: /\.standard\b/) == nil, "\(path):\(n + 1) names .standard: take the registry as a parameter")
            }
        }
    }

    /// The shared training rooms (`Training/Core`, `Training/Calibration`, `Training/Folds`) name no learned
    /// recognizer: a new one is a folder of its own and a line in `TrainerRegistry.standard`, which lists them. Its cost
    /// constants, calibration, summary keys and text live in its folder.
    @Test func sharedTrainingTypesNameNoRecognizer() throws {
        let shared = ["/Training/Core/", "/Training/Calibration/", "/Training/Folds/"]
        let files = try Self.sources("GestureEval").filter { file in
            shared.contains { file.key.contains($0) } && !file.key.hasSuffix("/TrainerRegistry.swift")
        }
        #expect(files.count > 18)
        for (path, text) in files {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                #expect(code.firstMatch(of: /\b(DTW|MiniRocket|Ridge|AutoSpotter|SPRING)\w*|perRidge/) == nil,
                        "\(path):\(n + 1) names a recognizer's type: \(code)")
            }
        }
    }

    /// Evaluation lies below Experiments: nothing in it names an experiment's types, so scoring a set of detections
    /// needs no experiment.
    @Test func evaluationNamesNoExperimentType() throws {
        let files = try Self.sources("GestureEval").filter { $0.key.contains("/GestureEval/Evaluation/") }
        #expect(files.count > 5)
        for (path, text) in files {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                #expect(code.firstMatch(of: /\b(Experiment\w*|EntryDetector|EntryTrainer|JudgedFolds|JudgedRecordings)\b/) == nil,
                        "\(path):\(n + 1) names an Experiments type: \(code)")
            }
        }
    }

    /// The command line takes its registries from one value (`GestureLab.registries`): `.standard` is named once.
    @Test func theCommandLineNamesTheStandardRegistriesOnce() throws {
        var lines: [String] = []
        for (path, text) in try Self.sources("GestureLabCLI") {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                if code.firstMatch(of: /\.standard\b/) != nil { lines.append("\(path):\(n + 1)") }
            }
        }
        #expect(lines.count <= 1, "\(lines)")
    }

    /// Results' numbers become text in the text layer only (`Experiments/Report`, `Reports`: `ExperimentReport.fmt` and
    /// the report's formats); elsewhere in GestureEval a formatted number is a message's (a thrown error, or the
    /// `description` of a note or error type), which words its own.
    @Test func numbersBecomeTextInTheTextLayer() throws {
        var formatted = 0
        for (path, text) in try Self.sources("GestureEval") where !path.contains("/Experiments/Report/") && !path.contains("/Reports/") {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (n, line) in lines.enumerated() where line.contains("String(format:") {
                formatted += 1
                let message = line.contains("throw") || line.contains(".error(")
                    || lines[max(0, n - 12)..<n].contains { $0.contains("var description") }
                #expect(message, "\(path):\(n + 1) formats a number outside the text layer: move it to Experiments/Report")
            }
        }
        #expect(formatted < 10)
    }

    /// A function found by ``functions(in:)``: its name, first line (1-based), length in lines and whether a comment
    /// above it says why it stays whole.
    struct Function {
        var name: String, line: Int, lines: Int, explained: Bool
    }

    /// The functions and initializers of `text`, each measured from its declaration to its closing brace. Braces
    /// inside string literals and comments do not count. O(characters).
    static func functions(in text: String) -> [Function] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let declaration = /^\s*(?:@[\w()".:, ]+\s+)*(?:(?:public|package|private|fileprivate|internal|static|class|override|mutating|nonmutating|final|convenience|required|nonisolated|@inlinable|@usableFromInline)\s+)*(?:func\s+([^\s(<]+)|(init)[?!]?\s*[(<])/
        var found: [Function] = []
        var i = 0
        while i < lines.count {
            guard let match = lines[i].firstMatch(of: declaration) else { i += 1; continue }
            let name = String(match.output.1 ?? match.output.2 ?? "")
            // A protocol requirement has no body: the declaration ends before any brace opens.
            var depth = 0, opened = false, end = i, j = i, inMultilineString = false
            scan: while j < lines.count {
                // Multi-line string literals hold text, not code: their lines are skipped.
                let quotes = lines[j].components(separatedBy: "\"\"\"").count - 1
                if quotes % 2 == 1 { inMultilineString.toggle() }
                if quotes > 0 || inMultilineString { j += 1; continue }
                var inString = false, previous: Character = " "
                for c in lines[j] {
                    if inString {
                        if c == "\"" && previous != "\\" { inString = false }
                    } else if c == "\"" {
                        inString = true
                    } else if c == "/" && previous == "/" {
                        break
                    } else if c == "{" {
                        depth += 1
                        opened = true
                    } else if c == "}" {
                        depth -= 1
                    }
                    previous = c
                }
                if opened && depth <= 0 { end = j; break scan }
                if !opened && j > i && (lines[j].trimmingCharacters(in: .whitespaces).isEmpty || lines[j].contains("func ")) { break scan }
                j += 1
            }
            guard opened else { i += 1; continue }
            let above = lines[max(0, i - 8)..<i].filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            let explained = above.contains { $0.contains("over 120 lines on purpose") || $0.contains("stay together") || $0.contains("kept whole") }
            found.append(Function(name: name, line: i + 1, lines: end - i + 1, explained: explained))
            // Nested functions are measured inside their enclosing one.
            i = end + 1
        }
        return found
    }
}
