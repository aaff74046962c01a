import Foundation
import GestureData
import GestureEval
import Testing

@Suite struct ExperimentFileTests {
    static let valid = """
        name: demo
        datasets:
          a: datasets/default
          ucr: {train: ucr:X_TRAIN.tsv, test: ucr:X_TEST.tsv}
        split: grouped-k-fold:3:session
        entries:
          - name: shake
            recognizer: shake
            configuration: {peakThreshold: 1.5, smoothing: {timeConstant: {_0: 0.2}}}
            dataset: a
            labels: [shake]
            search: {peakThreshold: {from: 1.0, to: 2.0, step: 0.25}, movementThreshold: [0.5, 0.75]}
          - name: preset
            recognizer: flip
            configuration: configs/flip.yaml
            datasets: [a, ucr]
        """

    @Test func readsEntriesWithDefaults() throws {
        let e = try Experiment(yaml: Self.valid, file: "demo.yaml", trainers: .standard)
        #expect(e.seed == 1 && e.metric == .f1 && e.test == .friedmanNemenyi && e.matching == .init(before: 0.5, after: 0.5))
        #expect(e.datasets["ucr"] == .split(train: "ucr:X_TRAIN.tsv", test: "ucr:X_TEST.tsv"))
        #expect(e.entries[0].search["peakThreshold"]?.values == [1.0, 1.25, 1.5, 1.75, 2.0])
        #expect(e.entries[0].configuration == .inline(.object(["peakThreshold": .number(1.5), "smoothing": .object(["timeConstant": .object(["_0": .number(0.2)])])])))
        #expect(e.entries[1].configuration == .preset("configs/flip.yaml"))
        #expect(e.entries[1].datasets == ["a", "ucr"])
        #expect(e.entries[0].judges("shake") && !e.entries[0].judges("flip"))
        #expect(try e.split.strategy(seed: 9) == .groupedKFold(k: 3, grouping: .session, seed: 9))
    }

    @Test func prefixLabelsAndDottedKeys() throws {
        let entry = Experiment.Entry(name: "slap", recognizer: "peak-direction", datasets: ["a"], labels: ["slap-*"])
        #expect(entry.judges("slap-left") && !entry.judges("movement-left"))
        let value = ConfigurationValue.object(["smoothing": .object(["timeConstant": .object(["_0": .number(0.19)])])])
        let set = value.setting("smoothing.timeConstant._0", to: .number(0.3))
        #expect(set[path: "smoothing.timeConstant._0"] == .number(0.3))
        #expect(ConfigurationValue.object(["minimumMovements": .number(3)]).json == #"{"minimumMovements":3}"#)
    }

    @Test func errorsNameTheKey() {
        func message(_ yaml: String) -> String {
            do { _ = try Experiment(yaml: yaml, file: "x.yaml", trainers: .standard); return "" } catch { return error.description }
        }
        #expect(message(Self.valid.replacingOccurrences(of: "dataset: a", with: "dataset: b")) == "x.yaml: entries[0].dataset: unknown dataset 'b'; known: a, ucr")
        #expect(message(Self.valid.replacingOccurrences(of: "name: demo\n", with: "")) == "x.yaml: name: missing")
        #expect(message(Self.valid.replacingOccurrences(of: "grouped-k-fold:3:session", with: "random")).hasPrefix("x.yaml: split: unknown split 'random'"))
        #expect(message(Self.valid.replacingOccurrences(of: "step: 0.25", with: "step: 0")).hasPrefix("x.yaml: entries[0].search.peakThreshold:"))
        #expect(message(Self.valid.replacingOccurrences(of: "name: preset", with: "name: shake")) == "x.yaml: entries[1].name: empty or repeated name 'shake'")
    }
}
