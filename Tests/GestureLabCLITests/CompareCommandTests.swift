import Foundation
import GestureData
import GestureEval
import GestureTestSupport
import Testing

@Suite struct CompareCommandTests {
    static func temporaryFolder() -> URL {
        let url = TemporaryFolder.root.appendingPathComponent("gesturelab-compare-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The table, the report folder with every plot kind, the notebook, and the notebook executes.
    @Test func comparesWritesReportAndNotebook() throws {
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let experiment = ExperimentFixtures.write(ExperimentFixtures.experimentYAML(name: "small"), name: "small.yaml")
        let run = try GestureLabBinary.run(["compare", experiment, "--out", "reports/small", "--notebook", "--quiet"], directory: root)
        #expect(run.status == 0, "\(run.stderr)")
        for name in ["shake tuned", "flip", "dtw shapes", "macroF1", "Friedman", "Nemenyi CD", "mcnemar p"] {
            #expect(run.stdout.contains(name), "stdout lacks \(name)")
        }
        #expect(run.stdout.contains("report: ") && run.stdout.contains("notebook: notebooks-export/small.ipynb"))
        #expect(run.stderr.isEmpty, "quiet and not a terminal: no progress")

        let report = root.appendingPathComponent("reports/small")
        let files = try FileManager.default.contentsOfDirectory(atPath: report.path)
        for file in ["results.json", "comparison.csv", "folds.csv", "pairs.csv", "ranks-continuous-shake.csv", "summary.md", "critical-difference-continuous-shake.svg",
                     "confusion-dtw-shapes-shapes.svg", "signal-shake-continuous.svg", "latency-flip-continuous.svg", "metrics-continuous.csv"] {
            #expect(files.contains(file), "missing \(file)")
        }
        let result = try ExperimentResult(jsonData: Data(contentsOf: report.appendingPathComponent("results.json")))
        #expect(result.scores.map(\.entry) == ["shake", "shake tuned", "dtw shakes", "flip", "dtw shapes"])
        #expect(result.scores.allSatisfy { $0.folds.map(\.fold) == ["subject01", "subject02", "subject03"] })
        #expect(result.scores.allSatisfy { $0.overall.interval != nil })
        #expect(result.pairs.map { "\($0.first)|\($0.second)" } == ["shake|shake tuned", "shake|dtw shakes", "shake tuned|dtw shakes"])
        #expect(result.scores[1].folds.allSatisfy { $0.trained.values["peakThreshold"] != nil }, "the search's choice per fold is recorded")
        #expect(result.scores[2].folds.allSatisfy { $0.trained.values["rejectionK"] != nil && $0.trained.values["templates"] != nil })
        // False activations by activity add up to the insertions and background hours of the folds.
        #expect(files.contains("false-activations.csv"))
        for s in result.scores where s.kind == .continuous {
            let activities = try #require(s.falseActivations?.activities)
            #expect(activities.contains { $0.label == "slap-left" } && activities.last?.label == "unannotated")
            #expect(activities.reduce(0) { $0 + $1.falseActivations } == s.folds.reduce(0) { $0 + $1.metrics.events!.errors!.insertions }, "\(s.entry)")
            #expect(abs(activities.reduce(0) { $0 + $1.hours } - s.folds.reduce(0) { $0 + $1.metrics.events!.backgroundHours }) < 1e-9, "\(s.entry)")
        }
        #expect(result.scores.filter { $0.kind == .segments }.allSatisfy { $0.falseActivations == nil && $0.outcomes == nil })
        // outcomes.csv: a row per judged annotation and per detection, which add up to the folds' counts.
        let outcomes = try String(contentsOf: report.appendingPathComponent("outcomes.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        for s in result.scores where s.kind == .continuous {
            let rows = outcomes.filter { $0[0] == s.entry }
            func total(_ value: (ScoreMetrics.Events) -> Int) -> Int { s.folds.reduce(0) { $0 + value($1.metrics.events!) } }
            #expect(rows.filter { $0[4] == "annotation" }.count == total(\.annotations), "\(s.entry)")
            #expect(rows.filter { $0[4] == "detection" }.count == total(\.detections), "\(s.entry)")
            #expect(rows.filter { $0[4] == "annotation" && $0[10] == "correct" }.count == total(\.truePositives), "\(s.entry)")
            #expect(rows.filter { $0[4] == "annotation" && $0[10] == "deletion" }.count == total { $0.errors!.deletions }, "\(s.entry)")
            for a in s.falseActivations!.activities {
                #expect(rows.filter { $0[10] == "insertion" && $0[11] == a.label }.count == a.falseActivations, "\(s.entry) \(a.label)")
            }
        }
        // Three groups, one per set of annotations; only the shake group (3 entries) is ranked.
        #expect(result.groups.map(\.group.name) == ["continuous: shake", "continuous: flip", "shapes: all labels"])
        #expect(result.groups.map { $0.ranking?.methods } == [["shake", "shake tuned", "dtw shakes"], nil, nil])
        #expect(files.filter { $0.hasPrefix("critical-difference-") && $0.hasSuffix(".svg") } == ["critical-difference-continuous-shake.svg"])
        #expect(run.stdout.hasPrefix("small: f1") && run.stdout.contains("\ncontinuous: shake: '"), "headlines lead: \(run.stdout.prefix(600))")
        #expect(result.evaluations["continuous"]?.folds?.strategy == .leaveOneSubjectOut)
        let summary = try String(contentsOf: report.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("gesturelab compare \(experiment)"))
        // Rendered by a real SVG renderer, no plot of the report draws outside its image (no clipped title).
        let svgs = files.filter { $0.hasSuffix(".svg") }.sorted().map { report.appendingPathComponent($0) }
        #expect(svgs.count >= 5)
        let rendered = try PlotRendering.overflows(in: svgs)
        #expect(rendered.status == 0, "\(rendered.stdout)\(rendered.stderr)")

        let notebook = root.appendingPathComponent("notebooks-export/small.ipynb")
        #expect(FileManager.default.fileExists(atPath: notebook.path))
        #expect(NotebookTests.pythonHas(["nbclient", "nbformat", "ipykernel", "matplotlib", "pandas"]),
                "run scripts/setup.sh to install the notebook packages")
        let executed = try NotebookTests.execute(notebook)
        let plots = try ReportFolder.manifest(at: report).plots.count
        #expect(executed.status == 0, "notebook failed:\n\(executed.stderr.suffix(3000))")
        #expect(executed.stdout.contains("images=\(plots) errors=0"), "\(executed.stdout)")
    }

    /// The same experiment and seed give the same results.json bytes.
    @Test func sameSeedSameBytes() throws {
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let experiment = ExperimentFixtures.write(ExperimentFixtures.experimentYAML(name: "again"), name: "again.yaml")
        var outputs: [Data] = []
        for out in ["a", "b"] {
            let run = try GestureLabBinary.run(["compare", experiment, "--out", out, "--quiet"], directory: root)
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(try Data(contentsOf: root.appendingPathComponent("\(out)/results.json")))
        }
        #expect(outputs[0] == outputs[1])
        let json = try GestureLabBinary.run(["compare", experiment, "--out", "c", "--json", "--quiet"], directory: root)
        #expect(json.status == 0)
        #expect(Data(json.stdout.utf8) == outputs[0], "--json prints results.json")
        // One thread: the same bytes, only slower.
        let single = try GestureLabBinary.run(["compare", experiment, "--out", "d", "--quiet", "--threads", "1"], directory: root)
        #expect(single.status == 0, "\(single.stderr)")
        #expect(try Data(contentsOf: root.appendingPathComponent("d/results.json")) == outputs[0])
        let zero = try GestureLabBinary.run(["compare", experiment, "--threads", "0"], directory: root)
        #expect(zero.status == 2 && zero.stderr.contains("--threads must be at least 1, got 0"), "\(zero.stderr)")
    }

    /// `--plan` lists the units and shared training steps without running them or writing a report.
    @Test func planListsUnitsWithoutRunning() throws {
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let yaml = ExperimentFixtures.experimentYAML(name: "planned") + """

              - name: shake again
                recognizer: shake
                configuration: \(ExperimentFixtures.preset("shake"))
                dataset: continuous
                labels: [shake]
            """
        let experiment = ExperimentFixtures.write(yaml, name: "planned.yaml")
        let text = try GestureLabBinary.run(["compare", experiment, "--plan", "--out", "never"], directory: root)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("18 work units") && text.stdout.contains("15 training steps"), "\(text.stdout)")
        #expect(text.stdout.contains("3 steps shared by shake, shake again"), "\(text.stdout)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("never").path), "nothing ran")

        let json = try GestureLabBinary.run(["compare", experiment, "--plan", "--json"], directory: root)
        #expect(json.status == 0, "\(json.stderr)")
        let plan = try JSONDecoder().decode(ExperimentPlan.self, from: Data(json.stdout.utf8))
        #expect(plan.units.count == 18 && plan.trainingSteps.count == 15)
        #expect(plan.units.filter { $0.entry == "shake again" }.map(\.training) == plan.units.filter { $0.entry == "shake" }.map(\.training))
        // 3 folds × (1 + 3 + 3 + 1 + 1) candidates: the search grids multiply training, not units.
        #expect(plan.trainingSteps.reduce(0) { $0 + $1.candidates } == 27)
    }

    @Test func badInputFailsWithOneLine() throws {
        let missing = try GestureLabBinary.run(["compare", "/nonexistent/x.yaml"])
        #expect(missing.expectFailure(file: "/nonexistent/x.yaml", alone: true)?.message == "no such experiment file")

        let badKey = ExperimentFixtures.write(ExperimentFixtures.experimentYAML().replacingOccurrences(of: "dataset: shapes", with: "dataset: nowhere"), name: "bad.yaml")
        let keyRun = try GestureLabBinary.run(["compare", badKey, "--out", Self.temporaryFolder().path])
        keyRun.expectFailure(file: badKey, field: "entries[4].dataset", message: "unknown dataset 'nowhere'")

        let badConfig = ExperimentFixtures.write(ExperimentFixtures.experimentYAML()
            .replacingOccurrences(of: "recognizer: flip\n", with: "recognizer: flip\n    configuration: {flipAngle: -1}\n"), name: "badconfig.yaml")
        let configRun = try GestureLabBinary.run(["compare", badConfig, "--out", Self.temporaryFolder().path])
        #expect(configRun.status == 1)
        #expect(configRun.stderr.contains("entry 'flip'") && configRun.stderr.contains("flipAngle"), "\(configRun.stderr)")
        #expect(configRun.stderr.split(separator: "\n").count == 1)

        // A Friedman test over entries of different groups (shakes and flips) is refused, naming both.
        let mixed = ExperimentFixtures.write(ExperimentFixtures.experimentYAML()
            .replacingOccurrences(of: "  - name: shake tuned\n", with: "  - name: shake tuned\n    group: all\n")
            .replacingOccurrences(of: "  - name: flip\n", with: "  - name: flip\n    group: all\n"), name: "mixed.yaml")
        let mixedRun = try GestureLabBinary.run(["compare", mixed, "--out", Self.temporaryFolder().path])
        mixedRun.expectFailure(file: mixed, field: "entries[3].group", message: "group 'all' mixes entries judged on different annotations:"
            + " 'shake tuned' (continuous: shake) and 'flip' (continuous: flip)")

        let usage = try GestureLabBinary.run(["compare"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("Missing expected argument"))
    }

    @Test func helpShowsAnExample() throws {
        for command in ["compare", "train", "sweep", "evaluate"] {
            let help = try GestureLabBinary.run([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("Example") && help.stdout.contains("gesturelab \(command) "), "\(command)")
        }
    }

    /// Issue 45: `--learning-curve` runs the experiment under `subject-draws:K:N` for each K and reports each
    /// entry's metric against K; a point equals the plain run of that split (the mean of its folds, its pooled
    /// metric), and the report folder holds the table and the plot.
    @Test func learningCurveIsTheExperimentUnderEachTrainingSetSize() throws {
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let yaml = """
            name: curve
            datasets:
              continuous: \(ExperimentFixtures.continuous)
            split: leave-one-subject-out
            seed: 11
            bootstrapReplicates: 200
            entries:
              - {name: shake tuned, recognizer: shake, configuration: \(ExperimentFixtures.preset("shake")), dataset: continuous, labels: [shake], search: {peakThreshold: [1.0, 1.5, 2.0]}}
              - {name: flip, recognizer: flip, dataset: continuous, labels: [flip]}
            """
        let experiment = ExperimentFixtures.write(yaml, name: "curve.yaml")
        let run = try GestureLabBinary.run(["compare", experiment, "--learning-curve", "2,1", "--draws", "3", "--out", "curve", "--json", "--quiet"],
                                           directory: root)
        #expect(run.status == 0, "\(run.stderr)")
        let curve = try JSONDecoder().decode(LearningCurve.self, from: Data(run.stdout.utf8))
        #expect(curve.points.map { "\($0.entry) \($0.subjects)" } == ["shake tuned 1", "shake tuned 2", "flip 1", "flip 2"])
        #expect(curve.points.allSatisfy { $0.draws == 3 && $0.minimum <= $0.mean && $0.mean <= $0.maximum })
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("curve").path)
        for file in ["results.json", "learning-curve.csv", "learning-curve.svg", "summary.md"] { #expect(files.contains(file), "missing \(file)") }
        // The K = 2 points are the plain run of subject-draws:2:3 with the same seed.
        let plain = ExperimentFixtures.write(yaml.replacingOccurrences(of: "split: leave-one-subject-out", with: "split: subject-draws:2:3"), name: "plain.yaml")
        let reference = try GestureLabBinary.run(["compare", plain, "--out", "plain", "--quiet"], directory: root)
        #expect(reference.status == 0, "\(reference.stderr)")
        let result = try ExperimentResult(jsonData: Data(contentsOf: root.appendingPathComponent("plain/results.json")))
        for score in result.scores {
            let point = try #require(curve.points.first { $0.entry == score.entry && $0.subjects == 2 })
            let values = score.folds.map(\.value.value)
            #expect(abs(point.mean - values.reduce(0, +) / Double(values.count)) < 1e-12, "\(score.entry)")
            // The same pooled value; the interval resamples the subjects tested, as the run's subject scores do.
            #expect(point.pooled.value == score.overall.value && point.pooled == score.bySubject?.pooled, "\(score.entry)")
        }
        // Sizes that leave no one to test on are refused with the split's own message.
        let tooMany = try GestureLabBinary.run(["compare", experiment, "--learning-curve", "3", "--quiet"], directory: root)
        #expect(tooMany.status != 0 && !tooMany.stderr.isEmpty)
    }

    /// Issue 53: the runs of a learning curve warn as a plain run does. DTW templates calibrated on the stream need
    /// a second training subject to hold one out, so every draw trained on one subject calibrates in-sample; the
    /// plain run of `subject-draws:1:2` warns about each draw, and the curve says the same, for K = 1, on the
    /// terminal, in summary.md and in results.json.
    @Test func learningCurveWarnsAsThePlainRunDoes() throws {
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        // Two sessions of 40 s per subject: each subject alone has shakes enough to train templates on.
        var spec = SyntheticDatasetGenerator.defaultSpec
        spec.subjects = 3
        spec.sessionsPerSubject = 2
        spec.recordingDuration = 40
        let data = root.appendingPathComponent("synth")
        try DatasetWriter.write(try SyntheticDatasetGenerator.generate(spec), to: data)
        let yaml = """
            name: curve warnings
            datasets:
              continuous: \(data.path)
            split: leave-one-subject-out
            seed: 11
            bootstrapReplicates: 100
            entries:
              - name: dtw stream
                recognizer: dtw
                configuration: {channels: [user.x, user.y, user.z], selection: 1, band: 0.1, minimumDuration: 0.3, maximumDuration: 1.5, rejection: {method: stream, objective: f1}}
                dataset: continuous
                labels: [shake]
            """
        let experiment = ExperimentFixtures.write(yaml, name: "curve.yaml")
        let plain = ExperimentFixtures.write(yaml.replacingOccurrences(of: "split: leave-one-subject-out", with: "split: subject-draws:1:2"), name: "plain.yaml")
        let reference = try GestureLabBinary.run(["compare", plain, "--out", "plain", "--quiet"], directory: root)
        #expect(reference.status == 0, "\(reference.stderr)")
        var expected = try ExperimentResult(jsonData: Data(contentsOf: root.appendingPathComponent("plain/results.json"))).warnings.map(\.description)
        #expect(expected.count == 3 && expected.contains { $0.contains("rests on") }, "three people tested: \(expected)")
        // The curve's intervals state their people in `test_subjects`: the runs' few-units warning is not repeated.
        expected.removeAll { $0.contains("rests on") }
        #expect(expected.count == 2 && expected.allSatisfy { $0.contains("in-sample") }, "\(expected)")

        let run = try GestureLabBinary.run(["compare", experiment, "--learning-curve", "1", "--draws", "2", "--out", "curve", "--quiet"], directory: root)
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try String(contentsOf: root.appendingPathComponent("curve/summary.md"), encoding: .utf8)
        #expect(summary.contains("## Warnings"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("curve/results.json"))) as? [String: Any]
        let written = try #require(json?["warnings"] as? [[String: Any]], "results.json has warnings")
        #expect(written.compactMap { $0["warning"] as? String } == expected)
        #expect(written.allSatisfy { $0["subjects"] as? [Int] == [1] })
        for w in expected {
            #expect(run.stdout.contains("warning: K = 1: \(w)\n"), "terminal: \(w)")
            #expect(summary.contains("- K = 1: \(w)\n"), "summary.md: \(w)")
        }
    }
}
