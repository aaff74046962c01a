import ArgumentParser
import GestureData
import GestureEval
import GestureKit
@testable import GestureLabCLI
import Testing

/// Arguments parsed in process (no binary): the values, the defaults and the usage errors of each command.
@Suite struct ArgumentParsingTests {
    // MARK: root

    @Test func theRootDispatchesToEachCommand() throws {
        expectParseCommand(Demo.self, ["demo"])
        expectParseCommand(Sweep.self, ["sweep", "--recognizer", "shake", "--dataset", "d", "--parameter", "p", "--from", "0", "--to", "1", "--step", "0.5"])
        expectParseCommand(ExportNotebook.self, ["export", "notebook", "--report", "r"]) { #expect($0.report == "r") }
        expectParseCommand(BenchRecognizers.self, ["bench", "recognizers"])
        expectParseCommand(BenchDTW.self, ["bench", "dtw"])
        #expect(throws: (any Error).self) { try GestureLab.parseAsRoot(["no-such-command"]) }
    }

    // MARK: compare

    @Test func compareDefaultsAndOptions() throws {
        expectParseCommand(Compare.self, ["compare", "configs/experiments/default.yaml"]) { plain in
            #expect(plain.experiment == "configs/experiments/default.yaml")
            #expect(plain.output.out == nil && !plain.output.json && !plain.notebook && !plain.progress.quiet)
        }
        expectParseCommand(Compare.self, ["compare", "e.yaml", "--out", "reports/e", "--json", "--notebook", "-q"]) { all in
            #expect(all.output.out == "reports/e" && all.output.json && all.notebook && all.progress.quiet)
        }
        #expect(Compare.fileName("my run/1") == "my-run-1" && Compare.fileName(".hidden") == "experiment")
        expectUsageError(Compare.self, [], "<experiment>")
    }

    // MARK: evaluate, dataset form

    @Test func evaluateDatasetFormDefaults() throws {
        let e = try Evaluate.parse(["--recognizer", "shake", "--dataset", "datasets/default"])
        #expect(e.recognizer == "shake" && !e.archiveForm.isRequested)
        let d = e.datasetForm
        #expect(d.dataset == "datasets/default" && d.config == nil && d.model == nil)
        #expect(d.split == "leave-one-subject-out" && d.seed == 1 && d.replicates == 2000)
        #expect(d.judging.labels.isEmpty && !d.judging.directionInLabel && d.judging.tolerance == 0.5)
        #expect(d.labelMap.isEmpty && d.search.ranges.isEmpty && d.search.metric == nil && d.search.maxFalsePerHour == nil)
        #expect(d.search.maximized() == .f1)
        #expect(e.dtw.band == nil && !e.dtw.znormalize && e.dtw.multivariate == .dependent && !e.dtw.isGiven)
        #expect(e.output.out == nil && !e.output.json && !e.progress.quiet)
    }

    @Test func evaluateDatasetFormOptions() throws {
        let e = try Evaluate.parse([
            "--recognizer", "dtw", "--dataset", "d", "--config", "c.yaml", "--split", "grouped-k-fold:3",
            "--labels", "shake", "slap-*", "--direction-in-label", "--tolerance", "0.25", "--label-map", "fall_*=fall",
            "--search", "band=0:0.2:0.1", "--search", "selection=1,2", "--max-false-per-hour", "5",
            "--seed", "7", "--replicates", "500", "--band", "0.1", "--znormalize", "--independent", "--out", "r", "--json", "--quiet",
        ])
        let d = e.datasetForm
        #expect(d.config == "c.yaml" && d.split == "grouped-k-fold:3" && d.seed == 7 && d.replicates == 500)
        #expect(d.judging.labels == ["shake", "slap-*"] && d.judging.directionInLabel && d.judging.tolerance == 0.25)
        #expect(d.labelMap == ["fall_*=fall"])
        #expect(d.search.ranges["band"]?.values == [0, 0.1, 0.2] && d.search.ranges["selection"]?.values == [1, 2])
        #expect(d.search.maxFalsePerHour == 5 && d.search.maximized() == .recall)
        #expect(e.dtw.band == 0.1 && e.dtw.znormalize && e.dtw.multivariate == .independent && e.dtw.isGiven)
        #expect(e.output.out == "r" && e.output.json && e.progress.quiet)
        // The DTW options become training settings on top of the configuration's.
        let settings = e.dtw.applied(to: .object(["selection": .number(2)]))
        #expect(settings == .object(["selection": .number(2), "band": .number(0.1), "znormalize": .bool(true), "multivariate": .string("independent")]))
    }

    @Test(arguments: [
        (["--recognizer", "shake"], "--dataset (or --train and --test) is required"),
        (["--recognizer", "nope", "--dataset", "d"], "unknown recognizer 'nope'"),
        (["--recognizer", "shake", "--dataset", "d", "--model", "m.json"], "--model is a DTW model"),
        (["--recognizer", "shake", "--dataset", "d", "--replicates", "50"], "--replicates must be at least 100"),
        (["--recognizer", "shake", "--dataset", "d", "--tolerance=-1"], "--tolerance must be a number of seconds ≥ 0"),
        (["--recognizer", "shake", "--dataset", "d", "--max-false-per-hour=-1"], "--max-false-per-hour must be a finite number ≥ 0"),
        (["--recognizer", "shake", "--dataset", "d", "--label-map", "slap-*"], "--label-map expects PATTERN=LABEL"),
        (["--recognizer", "dtw", "--dataset", "d", "--band", "1.5"], "--band must be a fraction in [0, 1], got 1.5"),
        (["--recognizer", "shake", "--dataset", "d", "--search", "peakThreshold=2:1:0.5"], "--search"),
        (["--recognizer", "shake", "--dataset", "d", "--metric", "speed"], "--metric"),
    ])
    func evaluateDatasetFormUsageErrors(arguments: [String], message: String) {
        expectUsageError(Evaluate.self, arguments, message)
    }

    // MARK: evaluate, archive form

    @Test func evaluateArchiveForm() throws {
        let e = try Evaluate.parse([
            "--recognizer", "dtw", "--train", "ucr:Data_TRAIN.tsv", "--test", "TS:Data_TEST.ts", "--band", "0.06",
            "--k", "3", "--znorm-floor", "0.01", "--offset-first", "--resample-length", "64", "--downsample", "2", "--pad-noise-seed", "9",
        ])
        #expect(e.archiveForm.isRequested && e.datasetForm.dataset == nil)
        let (train, test) = try e.archiveForm.sources()
        #expect(train == DatasetSource("ucr:Data_TRAIN.tsv") && train.format == "ucr" && train.path == "Data_TRAIN.tsv")
        #expect(test.format == "ts" && test.path == "Data_TEST.ts")
        let a = e.archiveForm
        #expect(a.k == 3 && a.znormFloor == 0.01 && a.offsetFirst && a.resampleLength == 64 && a.downsample == 2 && a.padNoiseSeed == 9)
        #expect(e.dtw.band == 0.06)
        let defaults = try Evaluate.parse(["--recognizer", "dtw", "--train", "ucr:a", "--test", "ucr:b"]).archiveForm
        #expect(defaults.k == 1 && defaults.znormFloor == DTWPreprocessing.defaultFloor && !defaults.offsetFirst)
        #expect(defaults.resampleLength == nil && defaults.downsample == 1 && defaults.padNoiseSeed == nil)
    }

    @Test(arguments: [
        (["--recognizer", "dtw", "--train", "ucr:a"], "the archive form needs both --train and --test"),
        (["--recognizer", "dtw", "--train", "ucr:a", "--test", "ucr:b", "--dataset", "d"], "give either --dataset or --train/--test, not both"),
        (["--recognizer", "shake", "--train", "ucr:a", "--test", "ucr:b"], "use --recognizer dtw or minirocket, or evaluate shake with --dataset"),
        (["--recognizer", "dtw", "--train", "foo:a.tsv", "--test", "ucr:b"], "--train: unknown format 'foo'; supported: ucr, ts"),
        (["--recognizer", "dtw", "--train", "ucr:a", "--test", "grt:b.grt"], "--test: format 'grt' is not accepted here; supported: ucr, ts"),
        (["--recognizer", "dtw", "--train", "data/a.tsv", "--test", "ucr:b"], "--train: must be FORMAT:PATH"),
        (["--recognizer", "dtw", "--train", "ucr:a", "--test", "ucr:b", "--k", "0"], "--k must be at least 1"),
        (["--recognizer", "dtw", "--train", "ucr:a", "--test", "ucr:b", "--out", "r"], "--out writes the dataset form's report folder"),
        (["--recognizer", "dtw", "--train", "ucr:a", "--test", "ucr:b", "--band=-0.1"], "--band must be a fraction"),
    ])
    func evaluateArchiveFormUsageErrors(arguments: [String], message: String) {
        expectUsageError(Evaluate.self, arguments, message)
    }

    // MARK: train

    @Test func trainDefaultsAndOptions() throws {
        let t = try Train.parse(["--recognizer", "shake", "--dataset", "datasets/default", "--out", "tuned.yaml"])
        #expect(t.entry.recognizer == "shake" && t.entry.dataset == "datasets/default" && t.entry.config == nil)
        #expect(t.entry.samplingRate == 100 && t.entry.judging.tolerance == 0.5 && t.entry.judging.labels.isEmpty)
        #expect(t.split == "all" && t.out == "tuned.yaml" && t.experiment == nil && t.entryName == nil)
        #expect(t.search.ranges.isEmpty && t.search.maximized() == .f1 && !t.progress.quiet)
        let tuned = try Train.parse(["--recognizer", "shake", "--config", "configs/shake.yaml", "--dataset", "d", "--labels", "shake",
                                     "--search", "peakThreshold=1.0:2.0:0.25", "--search", "movementThreshold=0.5,0.75",
                                     "--metric", "precision", "--max-false-per-hour", "2", "--split", "fixed:a:b",
                                     "--sampling-rate", "50", "--out", "o.json", "-q"])
        #expect(tuned.search.ranges["peakThreshold"]?.values == [1, 1.25, 1.5, 1.75, 2])
        #expect(tuned.search.ranges["movementThreshold"]?.values == [0.5, 0.75])
        #expect(tuned.search.maximized() == .precision && tuned.search.maxFalsePerHour == 2)
        #expect(tuned.split == "fixed:a:b" && tuned.entry.samplingRate == 50 && tuned.entry.judging.labels == ["shake"] && tuned.progress.quiet)
        let fromFile = try Train.parse(["--experiment", "e.yaml", "--entry", "shake tuned", "--out", "o.yaml"])
        #expect(fromFile.experiment == "e.yaml" && fromFile.entryName == "shake tuned")
    }

    @Test(arguments: [
        (["--dataset", "d", "--out", "o"], "--recognizer (or --experiment with --entry) is required"),
        (["--recognizer", "shake", "--out", "o"], "--dataset is required"),
        (["--experiment", "e.yaml", "--out", "o"], "--experiment needs --entry NAME"),
        (["--experiment", "e.yaml", "--entry", "x", "--recognizer", "shake", "--out", "o"], "give either --experiment or --recognizer"),
        (["--recognizer", "shake", "--dataset", "d", "--split", "loso", "--out", "o"], "--split must be all or fixed:TRAIN:TEST"),
        (["--recognizer", "shake", "--dataset", "d"], "--out"),
        (["--recognizer", "shake", "--dataset", "d", "--sampling-rate", "0", "--out", "o"], "--sampling-rate must be a positive rate"),
        (["--recognizer", "nope", "--dataset", "d", "--out", "o"], "unknown recognizer 'nope'"),
    ])
    func trainUsageErrors(arguments: [String], message: String) {
        expectUsageError(Train.self, arguments, message)
    }

    // MARK: detect

    @Test func detectDefaultsAndOptions() throws {
        let d = try Detect.parse(["--recognizer", "orientation", "--input", "-"])
        #expect(d.recognizer == "orientation" && d.source.input == "-" && d.config == nil)
        #expect(d.source.units.acceleration == nil && d.source.timeUnit == nil && !d.source.relativeTime && !d.json && !d.source.realtime && d.report == nil)
        let all = try Detect.parse(["--recognizer", "dtw", "--config", "m.json", "--input", "a.csv", "--acceleration", "android-ms2",
                                    "--time-unit", "ns", "--relative-time", "--json", "--realtime", "--report", "reports/a"])
        #expect(all.config == "m.json" && all.source.units.acceleration == .androidMetersPerSecondSquared && all.source.timeUnit == .ns)
        #expect(all.source.relativeTime && all.json && all.source.realtime && all.report == "reports/a")
    }

    @Test(arguments: [
        (["--input", "-"], "--recognizer"),
        (["--recognizer", "no-such-recognizer", "--input", "-"], "unknown recognizer 'no-such-recognizer'"),
        (["--recognizer", "orientation"], "--input"),
        (["--recognizer", "orientation", "--input", ""], "--input needs a file path, - or a network address"),
        (["--recognizer", "orientation", "--input", "-", "--acceleration", "furlongs"], "--acceleration"),
        (["--recognizer", "orientation", "--input", "-", "--time-unit", "h"], "--time-unit"),
    ])
    func detectUsageErrors(arguments: [String], message: String) {
        expectUsageError(Detect.self, arguments, message)
    }

    // MARK: sweep

    @Test func sweepReadsNegativeValuesAndSharedOptions() throws {
        let s = try Sweep.parse(["--recognizer", "peak-direction", "--dataset", "d", "--labels", "slap", "--parameter", "threshold",
                                 "--from", "-1.0", "--to", "1", "--step", "0.5", "--out", "r", "--json"])
        #expect(s.from == -1 && s.to == 1 && s.step == 0.5 && s.parameter == "threshold")
        #expect(s.entry.judging.labels == ["slap"] && s.output.out == "r" && s.output.json)
        expectUsageError(Sweep.self, ["--recognizer", "shake", "--dataset", "d", "--parameter", "p", "--from", "2", "--to", "1", "--step", "1"], "from ≤ to")
        expectUsageError(Sweep.self, ["--recognizer", "dtw", "--dataset", "d", "--parameter", "p", "--from", "0", "--to", "1", "--step", "1"], "dtw is neither")
        // Another tool's detections are swept by the lowest score kept, from their folder.
        let range = ["--dataset", "d", "--from", "0", "--to", "1", "--step", "0.5"]
        let files = try Sweep.parse(["--recognizer", "detections", "--detections", "dir", "--parameter", "minimumScore"] + range)
        #expect(files.detections == "dir")
        expectUsageError(Sweep.self, ["--recognizer", "detections", "--parameter", "minimumScore"] + range, "needs --detections DIR")
        expectUsageError(Sweep.self, ["--recognizer", "detections", "--detections", "dir", "--parameter", "threshold"] + range, "minimumScore")
        expectUsageError(Sweep.self, ["--recognizer", "shake", "--detections", "dir", "--parameter", "threshold"] + range, "goes with --recognizer detections")
    }

    // MARK: datasets

    @Test func datasetsSubcommands() throws {
        expectParseCommand(DatasetsInspect.self, ["datasets", "inspect", "ucr:x.tsv", "--rate", "50", "--channels", "accel.x", "--json"]) { inspect in
            #expect(inspect.source.path == "ucr:x.tsv" && inspect.source.rate == 50 && inspect.source.channels == "accel.x" && inspect.json)
        }
        expectParseCommand(DatasetsInspect.self, ["datasets", "inspect", "datasets/default"]) { defaults in
            #expect(defaults.source.rate == nil && defaults.source.channels == nil && defaults.source.data == nil && !defaults.json)
        }
        expectParseCommand(DatasetsValidate.self, ["datasets", "validate", "d", "--gap-factor", "5", "--all"]) { #expect($0.gapFactor == 5 && $0.all) }
        expectParseCommand(DatasetsValidate.self, ["datasets", "validate", "d"]) { #expect($0.gapFactor == 3 && !$0.all) }
        expectParseCommand(DatasetsConvert.self, ["datasets", "convert", "gyronics:g", "--out", "o", "--repair", "sort",
                                                  "--repair", "dedupe", "--force", "--label-column", "label"]) { convert in
            #expect(convert.source.path == "gyronics:g" && convert.out == "o" && convert.repair == ["sort", "dedupe"] && convert.force && convert.labelColumn == "label")
        }
        expectParseCommand(DatasetsSynth.self, ["datasets", "synth", "--seed", "20251121", "--kind", "segments", "--out", "o"]) { synth in
            #expect(synth.seed == 20251121 && synth.kind == .segments && synth.spec == nil && !synth.force)
        }
        expectParseCommand(DatasetsImport.self, ["datasets", "import", "sensor-logger", "~/exports", "--out", "o", "--name", "phone"]) { imported in
            #expect(imported.preset == "sensor-logger" && imported.source == "~/exports" && imported.name == "phone" && !imported.force)
        }
    }

    @Test(arguments: [
        (["datasets", "synth", "--out", "o"], "--seed"),
        (["datasets", "synth", "--seed", "1", "--out", "o", "--kind", "waves"], "--kind"),
        (["datasets", "convert", "d"], "--out"),
        (["datasets", "import", "sensor-logger"], "<source>"),
        (["datasets", "inspect"], "<path>"),
    ])
    func datasetsUsageErrors(arguments: [String], message: String) {
        expectUsageError(GestureLab.self, arguments, message)
    }

    // MARK: shared parsing

    @Test func searchRangesParse() {
        #expect(SearchRange(argument: "peakThreshold=1:2:0.5")?.range.values == [1, 1.5, 2])
        #expect(SearchRange(argument: "k=3,1,2")?.range.values == [3, 1, 2])
        #expect(SearchRange(argument: "k=3,x") == nil)
        #expect(SearchRange(argument: "=1,2") == nil)
        #expect(SearchRange(argument: "k") == nil)
        #expect(SearchRange(argument: "k=2:1:0.5") == nil)
    }
}
