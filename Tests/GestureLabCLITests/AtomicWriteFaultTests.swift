import Foundation
import GestureEval
import GestureTestSupport
import Testing

/// Nothing lost: a `compare` that dies half-way through writing one of its files (``AtomicFile``'s fault
/// hook, `GESTURELAB_FAIL_WRITE_AT=K`) leaves every file of the report and notebook either as it was before
/// or complete and new, never torn, whichever write it dies in (the report's manifest, rewritten after each
/// file, may also hold a complete in-between state).
@Suite struct AtomicWriteFaultTests {
    /// Every file under `folder`, relative path → bytes; hidden temporary files left by the killed writer aside.
    static func files(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let url as URL in walker where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            guard !url.lastPathComponent.hasPrefix(".") else { continue }
            result[String(url.path.dropFirst(folder.path.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }

    static func compare(_ experiment: String, in root: URL, failAt: Int? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = GestureLabBinary.url
        process.arguments = ["compare", experiment, "--out", "report", "--notebook", "--quiet"]
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["GESTURELAB_FAIL_WRITE_AT"] = failAt.map(String.init)
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func aWriterDyingMidFileLeavesTheOldOrTheNewFile() throws {
        let base = TemporaryFolder.root.appendingPathComponent("gesturelab-faults-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        // Two seeds give two different versions of the same files: "old" and "new".
        let yaml = ExperimentFixtures.experimentYAML(name: "faults")
        let old = ExperimentFixtures.write(yaml, name: "faults.yaml")
        let new = ExperimentFixtures.write(yaml.replacingOccurrences(of: "seed: 7", with: "seed: 8"), name: "faults.yaml")
        func fresh(_ name: String, with experiment: String) throws -> URL {
            let root = base.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            #expect(try Self.compare(experiment, in: root) == 0)
            return root
        }
        let oldFiles = try Self.files(fresh("old", with: old))
        let newFiles = try Self.files(fresh("new", with: new))
        #expect(oldFiles.count >= 10 && oldFiles.keys.sorted() == newFiles.keys.sorted())
        #expect(oldFiles.contains { newFiles[$0.key] != $0.value }, "the seeds must change some bytes")

        var died = 0
        for k in [1, 2, 3, 5, 8, 13, 21, 34, 55] {
            let root = base.appendingPathComponent("k\(k)")
            try FileManager.default.copyItem(at: base.appendingPathComponent("old"), to: root)
            let status = try Self.compare(new, in: root, failAt: k)
            guard status == 70 else {
                #expect(status == 0, "write \(k): exit \(status)")
                continue
            }
            died += 1
            for (path, data) in try Self.files(root) where path != "report/report.json" {
                #expect(data == oldFiles[path] || data == newFiles[path], "write \(k): \(path) is neither the old nor the new file")
            }
            // The report's manifest is rewritten after each file it lists, so it may hold a state between the
            // two runs; it must still be complete.
            #expect((try? ReportFolder.manifest(at: root.appendingPathComponent("report"))) != nil, "write \(k): report.json is torn")
        }
        #expect(died >= 5, "the fault hook fired in \(died) runs")
    }
}
