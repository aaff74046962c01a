import GestureEval
import Testing

/// Entries are compared only with entries judged on the same annotations.
@Suite struct ComparisonGroupTests {
    static func entry(_ name: String, labels: [String], dataset: String = "d", group: String? = nil, direction: Bool = false) -> Experiment.Entry {
        Experiment.Entry(name: name, recognizer: "shake", datasets: [dataset], labels: labels, directionInLabel: direction, group: group)
    }

    static func experiment(_ entries: [Experiment.Entry]) -> Experiment {
        Experiment(name: "g", datasets: ["d": .source("unused"), "e": .source("unused")], entries: entries)
    }

    @Test func unnamedEntriesAreGroupedByWhatTheyAreJudgedOn() throws {
        let groups = try Self.experiment([
            Self.entry("a", labels: ["shake"]), Self.entry("b", labels: ["flip"]), Self.entry("c", labels: ["shake"]),
            Self.entry("d", labels: ["shake"], dataset: "e"), Self.entry("e", labels: ["slap-*"], direction: true),
            Self.entry("f", labels: ["slap-*"]), Self.entry("g", labels: []),
        ]).comparisonGroups()
        #expect(groups.map(\.name) == ["d: shake", "d: flip", "e: shake", "d: slap-*", "d: slap-* (2)", "d: all labels"])
        #expect(groups.map(\.entries) == [["a", "c"], ["b"], ["d"], ["e"], ["f"], ["g"]])
        #expect(groups[0].datasets == ["d"] && groups[0].labels == ["shake"])
    }

    @Test func namedGroupsKeepTheirMembersApart() throws {
        let groups = try Self.experiment([
            Self.entry("a", labels: ["shake"], group: "one"), Self.entry("b", labels: ["shake"], group: "two"),
            Self.entry("c", labels: ["shake"], group: "one"), Self.entry("d", labels: ["shake"]),
        ]).comparisonGroups()
        #expect(groups.map(\.name) == ["one", "two", "d: shake"])
        #expect(groups.map(\.entries) == [["a", "c"], ["b"], ["d"]])
    }

    /// A group that would rank different tasks is refused, naming both entries and what each is judged on.
    @Test func aGroupMixingAnnotationsIsRefused() throws {
        let mixed = Self.experiment([Self.entry("shake", labels: ["shake"], group: "all"), Self.entry("flip", labels: ["flip"], group: "all")])
        #expect(throws: ExperimentError(entry: "flip", "group 'all' mixes entries judged on different annotations: 'shake' (d: shake) and 'flip' (d: flip);"
                                            + " paired and rank tests compare entries only on the same annotations (Demšar 2006): give them different groups")) {
            try mixed.comparisonGroups()
        }
        #expect(throws: DataFileError.self) { try mixed.validate(file: "x.yaml") }
        do { try mixed.validate(file: "x.yaml") } catch {
            #expect(error.description.hasPrefix("x.yaml: entries[1].group: group 'all' mixes"), "\(error.description)")
        }
        // Same labels but another label map, or direction labelling: also different annotations.
        var mapped = Self.entry("b", labels: ["shake"], group: "all")
        mapped.labelMap = LabelMap(["shake*": "shake"])
        #expect(throws: ExperimentError.self) { try Self.experiment([Self.entry("a", labels: ["shake"], group: "all"), mapped]).comparisonGroups() }
        #expect(throws: ExperimentError.self) {
            try Self.experiment([Self.entry("a", labels: ["slap-*"], group: "s"), Self.entry("b", labels: ["slap-*"], group: "s", direction: true)]).comparisonGroups()
        }
    }
}
