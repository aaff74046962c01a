import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// Detections from any tool, scored as an entry (issue 76): `recognizer: detections` reads `DIR/<fold>/<recording>.csv`.
@Suite struct DetectionsTrainerTests {
    static let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                                recordings: (0..<4).flatMap { s in (0..<2).map { pushRecording(subject: s, take: $0) } })

    static func experiment(_ entries: [Experiment.Entry]) -> Experiment {
        Experiment(name: "pushes", datasets: ["pushes": .source("unused")], seed: 5, bootstrapReplicates: 300, entries: entries)
    }

    static func folder(_ name: String = #function) -> URL {
        TemporaryFolder.root.appendingPathComponent("detections-\(name.filter(\.isLetter))-\(UUID().uuidString)", isDirectory: true)
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A built-in entry's own detections, written per fold as files and scored as `recognizer: detections` in its group,
    /// give its metrics, its outcomes and a paired difference of exactly 0.
    @Test func aBuiltInEntrysDetectionsAsFilesScoreExactlyAsTheEntry() throws {
        let tuned = pushEntry("tuned", threshold: 1, search: [0.3, 0.5, 0.7, 1.1])
        let first = try ExperimentRunner(experiment: Self.experiment([tuned]), datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard)
        let result = try first.run()
        let score = try #require(result.scores.first)
        let outcomes = try #require(score.outcomes)
        #expect(outcomes.contains { $0.kind == .detection })
        // Every tested recording gets its file, a header alone where nothing fired.
        let dir = Self.folder()
        for fold in first.folds["pushes"]!.folds {
            for index in fold.test {
                let id = Self.pushes.recordings[index].id
                let rows = outcomes.filter { $0.kind == .detection && $0.fold == fold.name && $0.recording == id }
                let text = "start,end,label,score,time\n" + rows.map { "\($0.start),\($0.end),\($0.label),\($0.score!),\($0.time!)\n" }.joined()
                try Self.write(text, to: dir.appendingPathComponent(fold.name).appendingPathComponent(id + ".csv"))
            }
        }
        let files = Experiment.Entry(name: "files", recognizer: "detections", datasets: ["pushes"], labels: ["push"], detections: dir.path)
        let both = try ExperimentRunner(experiment: Self.experiment([tuned, files]), datasets: ["pushes": Self.pushes], registry: pushRegistry,
                                        trainers: .standard).run()
        let a = try #require(both.scores.first { $0.entry == "tuned" }), b = try #require(both.scores.first { $0.entry == "files" })
        #expect(both.groups.count == 1 && both.groups[0].group.entries == ["tuned", "files"])
        #expect(a.overall == b.overall && a.folds.map(\.value) == b.folds.map(\.value))
        // Described, since an undefined precision (NaN) is equal to nothing, itself included.
        #expect("\(a.folds.map(\.metrics))" == "\(b.folds.map(\.metrics))")
        #expect(a.outcomes == b.outcomes)
        let pair = try #require(both.pairs.first)
        #expect(pair.bootstrap?.difference.value == 0, "\(pair)")
        #expect(pair.mcnemar.map { $0.onlyFirstCorrect == 0 && $0.onlySecondCorrect == 0 } ?? true, "\(pair)")
    }

    /// Each bad file fails with its file, line and field, and nothing is scored from it.
    @Test(arguments: [
        ("start,end,label\n1.0,2.0,push\n0.5,x,push\n", 3, "end", "not a finite number"),
        ("start,end,label\n1.0,2.0,push\n3.0,2.0,push\n", 3, "start", "after its end"),
        ("start,end,label\n1.0,2.0,pull\n", 2, "label", "not a label this entry judges"),
        ("start,end,label\n39.0,41.5,push\n", 2, "end", "outside recording"),
        ("start,end,label\n1.0,2.0\n", 2, nil, "expected 3 fields"),
        ("begin,end,label\n1.0,2.0,push\n", 1, nil, "expected the header"),
        ("start,end,label,score\n1.0,2.0,push,nan\n", 2, "score", "not a finite number"),
    ] as [(String, Int, String?, String)])
    func aBadFileIsAnErrorAtItsLine(text: String, line: Int, field: String?, message: String) throws {
        let dir = Self.folder()
        for r in Self.pushes.recordings {
            try Self.write(r.id == "s1-0" ? text : "start,end,label\n", to: dir.appendingPathComponent(r.id + ".csv"))
        }
        let files = Experiment.Entry(name: "files", recognizer: "detections", datasets: ["pushes"], labels: ["push"], detections: dir.path)
        let runner = try ExperimentRunner(experiment: Self.experiment([files]), datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard)
        #expect {
            _ = try runner.run()
        } throws: { error in
            let text = "\(error)"
            return text.contains(dir.appendingPathComponent("s1-0.csv").path + ":\(line)") && text.contains(message)
                && (field.map { text.contains(": \($0): ") } ?? true)
        }
    }

    /// A missing file names it; an empty one (a header alone) is a recording where nothing fired; a folder per fold wins.
    @Test func aMissingFileIsNamedAndAHeaderAloneIsNoDetections() throws {
        let dir = Self.folder()
        for r in Self.pushes.recordings where r.id != "s2-1" { try Self.write("start,end,label\n", to: dir.appendingPathComponent(r.id + ".csv")) }
        let files = Experiment.Entry(name: "files", recognizer: "detections", datasets: ["pushes"], labels: ["push"], detections: dir.path)
        let runner = try ExperimentRunner(experiment: Self.experiment([files]), datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard)
        #expect { _ = try runner.run() } throws: { "\($0)".contains("s2-1.csv") && "\($0)".contains("no detections file") }
        try Self.write("start,end,label\n", to: dir.appendingPathComponent("s2-1.csv"))
        // Fold s0's own folder holds a detection on s0's first push; the other folds read the shared files.
        try Self.write("start,end,label\n4.0,4.6,push\n", to: dir.appendingPathComponent("s0/s0-0.csv"))
        try Self.write("start,end,label\n", to: dir.appendingPathComponent("s0/s0-1.csv"))
        let result = try ExperimentRunner(experiment: Self.experiment([files]), datasets: ["pushes": Self.pushes], registry: pushRegistry,
                                          trainers: .standard).run()
        let score = try #require(result.scores.first)
        let detections = try #require(score.outcomes).filter { $0.kind == .detection }
        #expect(detections.count == 1 && detections[0].fold == "s0" && detections[0].outcome == .correct)
        #expect(score.folds.map(\.fold) == ["s0", "s1", "s2", "s3"])
        // A folder that does not exist is refused before anything runs.
        let nowhere = Experiment.Entry(name: "files", recognizer: "detections", datasets: ["pushes"], labels: ["push"], detections: dir.path + "-missing")
        #expect(throws: ExperimentError.self) {
            _ = try ExperimentRunner(experiment: Self.experiment([nowhere]), datasets: ["pushes": Self.pushes], registry: pushRegistry, trainers: .standard).run()
        }
    }

    /// With scores, a sweep of the lowest score kept draws the detections' DET curve: every push found at 0.9, false
    /// activations at 0.2, so keeping scores of 0.5 and up finds every push and fires on nothing else.
    @Test func aSweepOfTheLowestScoreKeptDrawsTheDETCurve() throws {
        let dir = Self.folder()
        var falseOnes = 0
        for r in Self.pushes.recordings {
            let pushes = r.annotations.map { "\($0.start),\($0.end),push,0.9\n" }.joined()
            let noise = [1.0, 2.5].map { "\($0),\($0 + 0.4),push,0.2\n" }.joined()
            falseOnes += 2
            try Self.write("start,end,label,score\n" + pushes + noise, to: dir.appendingPathComponent(r.id + ".csv"))
        }
        let entry = Experiment.Entry(name: "files", recognizer: "detections", datasets: ["pushes"], labels: ["push"], detections: dir.path)
        let sweep = ThresholdSweep(entry: entry, parameter: ThresholdSweep.minimumScore, values: [0, 0.5, 1], registry: pushRegistry)
        let points = try sweep.run(on: Self.pushes)
        let annotations = Self.pushes.recordings.reduce(0) { $0 + $1.annotations.count }
        #expect(points.map(\.annotations) == [annotations, annotations, annotations])
        #expect(points.map(\.falseActivations) == [falseOnes, 0, 0])
        #expect(points.map(\.missRate) == [0, 0, 1])
        let wrong = ThresholdSweep(entry: entry, parameter: "threshold", values: [1], registry: pushRegistry)
        #expect { _ = try wrong.run(on: Self.pushes) } throws: { "\($0)".contains("minimumScore") }
    }
}
