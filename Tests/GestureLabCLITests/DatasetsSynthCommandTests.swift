import Foundation
import GestureTestSupport
import Testing

@Suite struct DatasetsSynthCommandTests {
    /// A fresh temporary folder (not created).
    static func temporary(_ name: String) -> URL {
        TemporaryFolder.root.appendingPathComponent("gesturelab-synth-\(name)-\(UUID().uuidString)")
    }

    /// Every regular file under `folder`, by path relative to it, with its bytes.
    static func files(_ folder: URL) throws -> [String: Data] {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        var result: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in enumerator {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            result[String(path.dropFirst(root.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }

    /// The files that differ between two folders (missing on either side or with other bytes).
    static func differences(_ a: [String: Data], _ b: [String: Data]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    static func synth(_ arguments: [String]) throws -> GestureLabBinary.Result {
        try GestureLabBinary.run(["datasets", "synth"] + arguments)
    }

    @Test func sameSeedGivesTheSameBytesAndAnotherSeedOtherData() throws {
        let spec = Self.temporary("spec").appendingPathExtension("yaml")
        try "subjects: 2\nsessionsPerSubject: 1\nrecordingDuration: 20\n".write(to: spec, atomically: true, encoding: .utf8)
        let (a, b, c) = (Self.temporary("a"), Self.temporary("b"), Self.temporary("c"))
        defer { for url in [spec, a, b, c] { try? FileManager.default.removeItem(at: url) } }
        for (seed, out) in [("7", a), ("7", b), ("8", c)] {
            let result = try Self.synth(["--seed", seed, "--out", out.path, "--spec", spec.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("wrote 2 continuous recordings"))
        }
        let first = try Self.files(a)
        #expect(first.keys.sorted() == ["annotations/subject01-session1-01.csv", "annotations/subject02-session1-01.csv",
                                         "dataset.yaml", "recordings/subject01-session1-01.csv",
                                         "recordings/subject02-session1-01.csv"])
        #expect(Self.differences(first, try Self.files(b)).isEmpty)
        let other = try Self.files(c)
        #expect(other.keys.sorted() == first.keys.sorted())
        // Every recording and annotation file differs with another seed.
        #expect(Self.differences(first, other).filter { $0 != "dataset.yaml" }.count == 4)
        #expect(try GestureLabBinary.run(["datasets", "validate", a.path]).status == 0)
    }

    @Test func refusesANonEmptyFolderWithoutForce() throws {
        let out = Self.temporary("busy")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        try Data("keep".utf8).write(to: out.appendingPathComponent("notes.txt"))
        let refused = try Self.synth(["--seed", "1", "--out", out.path, "--kind", "segments"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is not empty"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
    }

    @Test func badSpecNamesTheFileAndKey() throws {
        let spec = Self.temporary("bad").appendingPathExtension("yaml")
        try "subjects: many\n".write(to: spec, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: spec) }
        let result = try Self.synth(["--seed", "1", "--out", Self.temporary("never").path, "--spec", spec.path])
        result.expectFailure(file: spec.path, field: "subjects")
        let invalid = Self.temporary("invalid").appendingPathExtension("yaml")
        try "subjects: 0\n".write(to: invalid, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: invalid) }
        let rejected = try Self.synth(["--seed", "1", "--out", Self.temporary("never").path, "--spec", invalid.path])
        // The range check names the key but not the spec file (the decoding error above names both).
        rejected.expectFailure(message: "subjects: must be between 1 and 999")
    }
}
