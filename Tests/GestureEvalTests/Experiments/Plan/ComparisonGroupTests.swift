import GestureData
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
        var mapped = Self.entry("h", labels: ["slap-*"])
        mapped.labelMap = LabelMap(["slap*": "slap-any"])
        let groups = try Self.experiment([
            Self.entry("a", labels: ["shake"]), Self.entry("b", labels: ["flip"]), Self.entry("c", labels: ["shake"]),
            Self.entry("d", labels: ["shake"], dataset: "e"), Self.entry("e", labels: ["slap-*"], direction: true),
            Self.entry("f", labels: ["slap-*"]), Self.entry("g", labels: []), mapped,
        ]).comparisonGroups()
        // e names its events by direction, f does not: both are judged on the same slaps. h's label map judges other
        // annotations under the same printed name, which gets a number.
        #expect(groups.map(\.name) == ["d: shake", "d: flip", "e: shake", "d: slap-*", "d: all labels", "d: slap-* (2)"])
        #expect(groups.map(\.entries) == [["a", "c"], ["b"], ["d"], ["e", "f"], ["g"], ["h"]])
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
        #expect(throws: DataFileError.self) { try mixed.validate(file: "x.yaml", trainers: .standard) }
        do { try mixed.validate(file: "x.yaml", trainers: .standard) } catch {
            #expect(error.description.hasPrefix("x.yaml: entries[1].group: group 'all' mixes"), "\(error.description)")
        }
        // Same labels but another label map: also different annotations.
        var mapped = Self.entry("b", labels: ["shake"], group: "all")
        mapped.labelMap = LabelMap(["shake*": "shake"])
        // The message names the difference, which the labels alone do not show.
        #expect(throws: ExperimentError(entry: "b", "group 'all' mixes entries judged on different annotations: 'a' (d: shake) and 'b' (d: shake; labelMap shake* → shake);"
                                            + " paired and rank tests compare entries only on the same annotations (Demšar 2006): give them different groups")) {
            try Self.experiment([Self.entry("a", labels: ["shake"], group: "all"), mapped]).comparisonGroups()
        }
        // Direction labelling names events, not annotations: a peak detector that reports directions and per-direction
        // DTW templates are judged on the same slaps, named group or not.
        let slaps = [Self.entry("a", labels: ["slap-*"]), Self.entry("b", labels: ["slap-*"], direction: true)]
        #expect(try Self.experiment(slaps).comparisonGroups().map(\.entries) == [["a", "b"]])
        #expect(try Self.experiment(slaps.map { var e = $0; e.group = "s"; return e }).comparisonGroups().map(\.entries) == [["a", "b"]])
    }
}
