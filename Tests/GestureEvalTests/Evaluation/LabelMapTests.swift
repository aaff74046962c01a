import GestureEval
import Testing

@Suite struct LabelMapTests {
    @Test func globsRenameAndTheMostSpecificPatternWins() {
        let map = LabelMap(["fall_*": "fall", "fall_F0?": "numbered", "fall_F08": "eight", "*": "other"])
        #expect(map.apply("fall_F08") == "eight")         // exact key
        #expect(map.apply("fall_F01") == "numbered")      // longer pattern
        #expect(map.apply("fall_F10") == "fall")
        #expect(map.apply("walk") == "other")
        #expect(LabelMap(["fall_*": "fall"]).apply("walk") == "walk")
        #expect(LabelMap.matches("a*b*c", "axxbyyc") && !LabelMap.matches("a*b*c", "axxbyy"))
        #expect(LabelMap.matches("*", "") && !LabelMap.matches("?", ""))
        #expect(LabelMap(["a": "x"]).merging(LabelMap(["a": "y", "b": "z"])).rules == ["a": "y", "b": "z"])
    }

    @Test func experimentsReadALabelMapAndEntriesInheritIt() throws {
        let experiment = try Experiment(yaml: """
            name: x
            datasets: {d: datasets/default}
            labelMap: {"fall_*": fall}
            entries:
              - {name: a, recognizer: shake, dataset: d}
              - {name: b, recognizer: shake, dataset: d, labelMap: {"fall_F0*": early}}
            """, file: "x.yaml", trainers: .standard)
        #expect(experiment.labelMap.rules == ["fall_*": "fall"])
        #expect(experiment.entries[1].labelMap.rules == ["fall_F0*": "early"])
        // Old files without the key read as before.
        let old = try Experiment(yaml: "name: x\ndatasets: {d: datasets/default}\nentries: [{name: a, recognizer: shake, dataset: d}]", file: "x.yaml", trainers: .standard)
        #expect(old.labelMap.isEmpty && old.entries[0].labelMap.isEmpty)
    }
}
