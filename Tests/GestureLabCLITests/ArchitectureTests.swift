import Foundation
import Testing
import GestureTestSupport

/// The claims of ARCHITECTURE.md that the source tree itself can show: which way the arrows point, that GestureKit
/// knows no files, and that a library's public API is not the command line's plumbing. They read the sources as text,
/// so a new file that breaks a rule fails here, whoever wrote it.
@Suite struct ArchitectureTests {
    /// The Swift files of `module` (under `Sources/<module>`), by path relative to the package root.
    static func sources(_ module: String) throws -> [String: String] {
        let root = SharedData.packageRoot
        let folder = root.appendingPathComponent("Sources/\(module)")
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [:] }
        var files: [String: String] = [:]
        for case let url as URL in walker where url.pathExtension == "swift" {
            files[String(url.path.dropFirst(root.path.count + 1))] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    /// The modules `text` imports (`import X`, `@testable import X`, `import struct X.Y`), read from the file's head:
    /// imports, comments and `#if` lines up to the first declaration (so code in string literals is not taken).
    static func imports(_ text: String) -> Set<String> {
        let pattern = /^(?:@\w+\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|typealias)\s+)?(\w+)/
        var modules: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let match = trimmed.firstMatch(of: pattern) {
                modules.insert(String(match.output.1))
            } else if !(trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.hasPrefix("#")) {
                break
            }
        }
        return modules
    }

    /// The identifiers in `text`, for whole-word lookups.
    static func words(_ text: String) -> Set<Substring> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") })
    }

    /// Each module imports only what is below it in the table of arrows (system modules aside).
    @Test func modulesImportOnlyWhatIsBelowThem() throws {
        let system: Set<String> = ["Foundation", "Dispatch", "Darwin", "Glibc", "Musl", "Synchronization", "CoreMotion", "FoundationEssentials"]
        let allowed: [String: Set<String>] = [
            "GestureKit": ["CMiniRocketKernels"],
            "GestureData": ["GestureKit", "Yams"],
            "GestureEval": ["GestureData", "GestureKit", "CGSL", "COpenBLAS", "CMiniRocketKernels"],
            "GestureLabCLI": ["GestureEval", "GestureData", "GestureKit", "ArgumentParser"],
        ]
        for (module, permitted) in allowed {
            let files = try Self.sources(module)
            #expect(!files.isEmpty, "no sources found for \(module)")
            for (path, text) in files {
                let extra = Self.imports(text).subtracting(system).subtracting(permitted)
                #expect(extra.isEmpty, "\(path) imports \(extra.sorted()), above \(module) or outside its arrows")
            }
        }
    }

    /// GestureKit opens no file, socket or bundle: that is GestureData's work.
    @Test func gestureKitKnowsNoFiles() throws {
        let forbidden = ["FileManager", "FileHandle", "fopen(", "contentsOf: URL", "Data(contentsOf", "String(contentsOf", "contentsOfFile",
                         "fileURLWithPath", ".write(to:", "Bundle.", "socket(", "NWConnection", "URLSession", "InputStream", "OutputStream"]
        let files = try Self.sources("GestureKit")
        #expect(files.count > 50)
        for (path, text) in files {
            for word in forbidden {
                #expect(!text.contains(word), "\(path) uses \(word): GestureKit knows no files and no system library")
            }
        }
        let manifest = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains("unsafeFlags"), "Package.swift uses unsafeFlags")
    }

    /// GestureData's rooms point one way: the `Model` and `Text` rooms name no type of the `Manifest` room (the manifest,
    /// its reader and their helpers), so `Manifest` depends on them and never the reverse. Comments aside: a doc
    /// comment may point a reader to the manifest.
    @Test func gestureDataModelAndTextNameNoManifestType() throws {
        let manifestRoom = try Self.sources("GestureData").filter { $0.key.contains("/Datasets/Manifest/") }
        let declaration = /^(?:public |package )?(?:final )?(?:struct|enum|class|protocol) (\w+)/.anchorsMatchLineEndings()
        let types = Set(manifestRoom.values.flatMap { $0.matches(of: declaration).map { Substring($0.output.1) } })
        #expect(types.isSuperset(of: ["DatasetManifest", "DatasetReader", "AnnotationFile"]), "found \(types.sorted())")
        let lower = try Self.sources("GestureData").filter { $0.key.contains("/Datasets/Model/") || $0.key.contains("/Datasets/Text/") }
        #expect(lower.count > 10)
        for (path, text) in lower {
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }.joined(separator: "\n")
            let named = Self.words(code).intersection(types)
            #expect(named.isEmpty, "\(path) names \(named.sorted()) of the Manifest room: the arrow runs from Manifest to Model and Text")
        }
    }

    /// A public type that the command line uses must be more than the command line's: used by another library file
    /// than its own, or listed in its module's DocC catalogue as API an app may rely on. Otherwise it is `package`.
    @Test func noPublicTypeServesOnlyTheCommandLine() throws {
        let declaration = /^public (?:final )?(?:struct|enum|class|protocol|actor|typealias) (\w+)/.anchorsMatchLineEndings()
        var library: [String: String] = [:]
        for module in ["GestureKit", "GestureData", "GestureEval"] { library.merge(try Self.sources(module)) { a, _ in a } }
        let cli = try Self.sources("GestureLabCLI").merging(try Self.sources("gesturelab")) { a, _ in a }
        let root = SharedData.packageRoot
        var catalogues = ""
        for module in ["GestureKit", "GestureData", "GestureEval"] {
            let folder = root.appendingPathComponent("Sources/\(module)/\(module).docc")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
                catalogues += try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            }
        }
        let cliWords = cli.values.reduce(into: Set<Substring>()) { $0.formUnion(Self.words($1)) }
        let libraryWords = library.mapValues(Self.words)
        var checked = 0
        for (path, text) in library {
            for match in text.matches(of: declaration) {
                let name = match.output.1
                guard cliWords.contains(name) else { continue }
                checked += 1
                // Its own files: the declaring one and its extensions (`Name+Topic.swift`).
                let ownFile = { (other: String) in
                    let file = (other as NSString).lastPathComponent
                    return other == path || file.hasPrefix("\(name)+") || file.hasPrefix("\(name).")
                }
                let usedByLibrary = libraryWords.contains { !ownFile($0.key) && $0.value.contains(name) }
                let documented = catalogues.contains("``\(name)``") || catalogues.contains("``\(name)/")
                #expect(usedByLibrary || documented, "public \(name) (\(path)) serves only the command line: make it package, or list it in the DocC catalogue")
            }
        }
        #expect(checked > 50)
    }

    /// The public surface is what an app or a researcher calls (issue 73): at most 1,200 lines under `Sources` declare
    /// something `public` or `open` (the count `grep -rE '^\s*(public|open) ' Sources --include=*.swift | wc -l`
    /// gives). Everything public is API that outside packages may build on and that must then stay; a helper that only
    /// the package's own targets and tests use is `package`. A new public declaration past the cap means demoting one
    /// that apps and researchers do not need, or raising the cap on purpose.
    @Test func publicSurfaceStaysSmall() throws {
        var count = 0
        for (_, text) in try Self.allSources() {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false)
            where line.firstMatch(of: #/^\s*(public|open) /#) != nil {
                count += 1
            }
        }
        #expect(count > 500, "found \(count) public lines: the sources were not read")
        #expect(count <= 1200, "\(count) lines under Sources declare something public or open, over 1,200: make helpers package")
    }
}
