import Foundation
import GestureTestSupport
import Testing

/// The synthetic datasets in `datasets/` are exactly what the generator makes from the commands
/// `datasets/README.md` gives, so they can never drift from it.
@Suite struct ShippedDatasetsTests {
    /// Shipped folder → the arguments after `gesturelab datasets synth` (as in datasets/README.md).
    static let shipped: [(String, [String])] = [
        ("default", ["--seed", "20251121"]),
        ("default-shapes", ["--seed", "20251121", "--kind", "segments"]),
        ("default-hard", ["--seed", "20251121", "--spec", "configs/synthesis/hard.yaml"]),
    ]

    @Test(arguments: shipped.map(\.0))
    func shippedFolderIsWhatTheGeneratorWrites(folder: String) throws {
        let arguments = try #require(Self.shipped.first { $0.0 == folder }).1
        let readme = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("datasets/README.md"), encoding: .utf8)
        #expect(readme.contains((["gesturelab", "datasets", "synth"] + arguments + ["--out", "datasets/\(folder)"]).joined(separator: " ")))

        let out = DatasetsSynthCommandTests.temporary(folder)
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try GestureLabBinary.run(["datasets", "synth"] + arguments + ["--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let regenerated = try DatasetsSynthCommandTests.files(out)
        let committed = try DatasetsSynthCommandTests.files(SharedData.packageRoot.appendingPathComponent("datasets/\(folder)"))
        #expect(regenerated.count > 10)
        let differing = DatasetsSynthCommandTests.differences(regenerated, committed)
        #expect(differing.isEmpty, "datasets/\(folder) differs from the generator in \(differing.count) files: \(differing.prefix(5))")
    }

    @Test func shippedDatasetsAreSmall() throws {
        var bytes = 0
        for (folder, _) in Self.shipped {
            bytes += try DatasetsSynthCommandTests.files(SharedData.packageRoot.appendingPathComponent("datasets/\(folder)"))
                .values.reduce(0) { $0 + $1.count }
        }
        // Three datasets of about 3 MB, 1.8 MB and 3 MB: a clone stays small.
        #expect(bytes < 8_500_000, "\(bytes) bytes")
    }

    static func inspect(_ folder: String) throws -> DatasetInspection {
        try DatasetInspection.of("datasets/\(folder)")
    }

    static let subjects = (1...6).map { "subject0\($0)" }
    static let shapes = ["circle-cw", "circle-ccw", "square", "triangle", "letter-z", "letter-v", "line-right", "line-up"]

    @Test(arguments: shipped.map(\.0))
    func shippedFolderValidates(folder: String) throws {
        let result = try GestureLabBinary.run(["datasets", "validate", "datasets/\(folder)"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func defaultDatasetHasSixSubjectsAndEveryGestureFamily() throws {
        let summary = try Self.inspect("default")
        #expect(summary.kind == "continuous")
        #expect(summary.recordings == 12)
        #expect(summary.subjects == Self.subjects)
        #expect(summary.sessions == ["session1", "session2"])
        let directions = ["right", "left", "up", "down", "toward", "away"]
        let expected = Set(["shake", "flip"] + directions.map { "slap-\($0)" } + directions.map { "movement-\($0)" } + Self.shapes)
        #expect(Set(summary.classes.map(\.label)) == expected)
        #expect(summary.classes.allSatisfy { $0.annotations >= 1 }, "\(summary.classes)")
        #expect(summary.classes.reduce(0) { $0 + $1.annotations } == 111)
    }

    /// The harder dataset has every gesture family of the default one and every confusing activity, each
    /// annotated with its name.
    @Test func hardDatasetAnnotatesEveryConfusingActivity() throws {
        let summary = try Self.inspect("default-hard")
        #expect(summary.kind == "continuous" && summary.recordings == 12 && summary.subjects == Self.subjects)
        let labels = Set(summary.classes.map(\.label))
        let directions = ["right", "left", "up", "down", "toward", "away"]
        let gestures = Set(["shake", "flip"] + directions.map { "slap-\($0)" } + directions.map { "movement-\($0)" } + Self.shapes)
        let confusers = ["jogging", "jogging-in-pocket", "stairs", "clapping", "table-hit", "soft-drop", "brushing-teeth", "typing", "raise-to-ear"]
        #expect(gestures.isSubset(of: labels))
        #expect(Set(confusers).isSubset(of: labels), "\(labels.sorted())")
        #expect(!labels.contains("rest"), "rest is left unannotated")
    }

    @Test func shapesDatasetHasTwoExamplesOfEachShapePerSubject() throws {
        let summary = try Self.inspect("default-shapes")
        #expect(summary.kind == "segments")
        #expect(summary.recordings == 6 * 8 * 2)
        #expect(summary.subjects == Self.subjects)
        #expect(Set(summary.classes.map(\.label)) == Set(Self.shapes))
        #expect(summary.classes.allSatisfy { $0.annotations == 12 }, "\(summary.classes)")
    }
}
