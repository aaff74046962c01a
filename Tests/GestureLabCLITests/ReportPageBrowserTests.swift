import Foundation
import GestureEval
import GestureTestSupport
import Testing

/// `report.html` in a real browser: the main job's report (configs/experiments/default.yaml, the shipped synthetic data)
/// opened from file:// in headless Chromium driven by Selenium (scripts/report-page-check.py). Skipped, with a note,
/// where Debian's chromium and chromium-driver or Python's selenium are missing; .ci/run installs them.
@Suite struct ReportPageBrowserTests {
    static var browserAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
            && NotebookTests.pythonHas(["selenium"])
    }

    @Test(.enabled(if: browserAvailable, "needs /usr/bin/chromium, /usr/bin/chromedriver (apt-get install chromium chromium-driver) and python3 selenium (pip install selenium); .ci/run installs them"))
    func defaultReportWorksInChromium() throws {
        let root = CompareCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("default")
        let run = try GestureLabBinary.run(["compare", "configs/experiments/default.yaml", "--out", out.path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.utf8.count < ReportPage.defaultInlineSampleLimit + 2_000_000, "the main job's page holds its samples inline")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(ReportPage.dataFolder).path))
        // GESTURELAB_SCREENSHOT_DIR keeps the screenshots for a person to look at.
        let shots = ProcessInfo.processInfo.environment["GESTURELAB_SCREENSHOT_DIR"].map { URL(fileURLWithPath: $0) } ?? root
        let check = try ExternalProgram.run(named: "python3", [SharedData.packageRoot.appendingPathComponent("scripts/report-page-check.py").path,
                                                               out.path, shots.appendingPathComponent("report-page.png").path])
        #expect(check.status == 0, "\(check.stdout)\n\(check.stderr)")
        for line in ["detection marks drawn = the", "outcome filter insertion", "centres the view", "no console errors after the interactions", "passed, 0 failed"] {
            #expect(check.stdout.contains(line), "\(line)\n\(check.stdout)")
        }

        // Above the size bound: the same report with every recording's samples in report-data/ beside the page.
        let result = try ExperimentResult(jsonData: Data(contentsOf: out.appendingPathComponent("results.json")))
        var experiment = try Experiment(contentsOf: SharedData.packageRoot.appendingPathComponent("configs/experiments/default.yaml"), trainers: .standard)
        // Its dataset paths are relative to the package root, where compare ran.
        experiment.datasets = experiment.datasets.mapValues { reference in
            guard case let .source(text) = reference else { return reference }
            return .source(SharedData.packageRoot.appendingPathComponent(text).path)
        }
        let datasets = try experiment.loadDatasets()
        let split = root.appendingPathComponent("split")
        try FileManager.default.createDirectory(at: split, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: out.appendingPathComponent("outcomes.csv"), to: split.appendingPathComponent("outcomes.csv"))
        let splitPage = ReportPage(result: result, datasets: datasets, commandLine: "split", inlineSampleLimit: 0)
        #expect(splitPage.dataFiles.count == 12, "one file per test recording of datasets/default-hard")
        try splitPage.write(to: split)
        let external = try ExternalProgram.run(named: "python3", [SharedData.packageRoot.appendingPathComponent("scripts/report-page-check.py").path,
                                                                  split.path, shots.appendingPathComponent("report-page-split.png").path])
        #expect(external.status == 0 && external.stdout.contains("passed, 0 failed"), "\(external.stdout)\n\(external.stderr)")
    }
}
