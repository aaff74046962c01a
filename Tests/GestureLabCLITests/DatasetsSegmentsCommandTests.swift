import Foundation
import GestureTestSupport
import Testing

/// `datasets segments`: a continuous dataset's annotations cut out as a segment dataset that segment classifiers
/// evaluate subject by subject; inputs it cannot cut are refused with nothing written.
@Suite struct DatasetsSegmentsCommandTests {
    /// A fresh temporary folder (not created).
    static func temporary(_ name: String) -> URL {
        TemporaryFolder.root.appendingPathComponent("gesturelab-segments-\(name)-\(UUID().uuidString)")
    }

    /// The first number after `name` on the line of the terminal table that starts with it.
    static func value(_ name: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Double($0) }
    }

    /// ActRecTut's 572 gestures of 2 people: cut with context, then classified by MiniRocket leave-one-subject-out.
    @Test(.needsSharedData) func cutsActRecTutAndMiniRocketClassifiesItByPerson() throws {
        let source = try #require(SharedData.dataset("ActRecTut_Gestures/converted")).path
        let out = Self.temporary("actrectut")
        defer { try? FileManager.default.removeItem(at: out) }
        let cut = try GestureLabBinary.run(["datasets", "segments", source, "--context", "0.5", "--out", out.path])
        guard cut.expectSuccess() else { return }
        #expect(cut.stdout.contains("cut 572 of 572 annotations of actrectut_gesture into segments (context 0.5 s before, 0.5 s after"), "\(cut.stdout)")
        #expect(cut.stdout.contains("examples by label (11): backhand 52, book 52, chop 52, close-window 52, cut 52, drink 52, forehand 52, "
                                    + "open-window 52, smash 52, stir 52, water-plant 52"), "\(cut.stdout)")
        #expect(cut.stdout.contains("examples by subject (2): subject1 286, subject2 286"), "\(cut.stdout)")
        #expect(cut.stdout.contains("skipped 0\n"), "\(cut.stdout)")
        #expect(cut.stdout.contains("wrote 572 segment recordings to \(out.path)"))
        let manifest = try String(contentsOf: out.appendingPathComponent("dataset.yaml"), encoding: .utf8)
        #expect(manifest.contains("kind: segments"))
        // The classes in the source manifest's order.
        #expect(manifest.contains("classes:\n- open-window\n- drink\n- water-plant\n- close-window\n- cut\n"), "\(manifest.prefix(800))")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("recordings/subject1/001-open-window.csv").path))
        #expect(try GestureLabBinary.run(["datasets", "validate", out.path]).status == 0)

        let evaluated = try GestureLabBinary.run(["evaluate", "--recognizer", "minirocket", "--dataset", out.path, "--quiet"])
        guard evaluated.expectSuccess() else { return }
        #expect(evaluated.stdout.contains("(572 recordings), split leave-one-subject-out"), "\(evaluated.stdout)")
        let folds = evaluated.stdout.split(separator: "\n").filter { $0.hasPrefix("minirocket ") && $0.contains(" macroF1 ") }.map { $0.split(separator: " ")[2] }
        #expect(folds == ["subject1", "subject2"], "\(evaluated.stdout)")
        // 11 classes (chance 0.09); the hand-made cut without context scores 0.86.
        let accuracy = try #require(Self.value("accuracy", in: evaluated.stdout), "\(evaluated.stdout)")
        #expect(accuracy > 0.7, "\(evaluated.stdout)")
    }

    /// What the command cannot cut is refused, exit 1, with the reason and nothing written.
    @Test(.needsSharedData) func refusesSegmentsUnannotatedDataAndLabelsThatMatchNothing() throws {
        let converted = try #require(SharedData.dataset("ActRecTut_Gestures/converted")).path
        let unannotated = Self.temporary("plain").appendingPathExtension("csv")
        try "time,accel.x,accel.y,accel.z\n0,0,0,1\n0.01,0,0,1\n0.02,0,0,1\n".write(to: unannotated, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: unannotated) }
        let cases: [([String], String)] = [
            ([converted + "/segments"], "already holds segments"),
            (["csv:" + unannotated.path], "has no annotations, so there is nothing to cut"),
            ([converted, "--labels", "jump"], "no annotation label matches 'jump'"),
        ]
        for (arguments, message) in cases {
            let out = Self.temporary("refused")
            let result = try GestureLabBinary.run(["datasets", "segments"] + arguments + ["--out", out.path])
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.errorLines.count == 1 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path), "\(arguments) wrote \(out.path)")
        }
        let negative = try GestureLabBinary.run(["datasets", "segments", converted, "--context=-1", "--out", Self.temporary("never").path])
        #expect(negative.status == 2 && negative.stderr.contains("--context must be a number of seconds ≥ 0"), "\(negative.stderr)")
    }

    /// A segment classifier refusing a continuous dataset names the command that makes one of its annotations.
    @Test(.needsSharedData) func minirocketOnAContinuousDatasetPointsToTheCut() throws {
        let converted = try #require(SharedData.dataset("ActRecTut_Gestures/converted")).path
        let result = try GestureLabBinary.run(["evaluate", "--recognizer", "minirocket", "--dataset", converted, "--quiet"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("minirocket classifies segments") && result.stderr.contains("gesturelab datasets segments DATASET --out DIR"),
                "\(result.stderr)")
    }
}
