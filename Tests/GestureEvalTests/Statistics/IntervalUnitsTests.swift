import GestureEval
import Testing

/// Issue 59: an interval names the units it treats as independent draws, and the evaluators draw people where
/// there are several.
@Suite struct IntervalUnitsTests {
    @Test func peopleAreTheUnitsWhenThereAreSeveral() {
        let two = IntervalUnits.resampling(subjects: ["b", "a", "b", "a", "a"], otherwise: .examples)
        #expect(two.units == IntervalUnits(.subjects, count: 2))
        #expect(two.clusters == [[1, 3, 4], [0, 2]], "one cluster per subject, by name")
        let one = IntervalUnits.resampling(subjects: ["a", "a", "a"], otherwise: .recordings)
        #expect(one.units == IntervalUnits(.recordings, count: 3) && one.clusters == [[0], [1], [2]])
        #expect(IntervalUnits(.subjects, count: 2).description == "2 subjects")
        #expect(IntervalUnits(.recordings, count: 1).description == "1 recording")
    }

    /// With one unit per cluster the cluster bootstrap is the plain one, draw for draw: intervals that resample
    /// recordings or examples are the ones reported before units were named.
    @Test func singletonClustersDrawAsThePlainBootstrap() throws {
        let values = (0..<37).map { Double(($0 * 7919) % 101) }
        let options = BootstrapOptions(replicates: 300, seed: 9)
        let statistics: ([Int]) -> [Double] = { idx in [idx.reduce(0) { $0 + values[$1] } / Double(idx.count), values[idx[0]]] }
        let plain = try Bootstrap.percentiles(count: values.count, options: options, statistics: statistics)
        let clustered = try Bootstrap.percentiles(clusters: values.indices.map { [$0] }, units: IntervalUnits(.examples, count: 37),
                                                  options: options, statistics: statistics)
        #expect(plain.map(\.value) == clustered.map(\.value))
        #expect(plain.map { $0.interval?.lower } == clustered.map { $0.interval?.lower })
        #expect(plain.map { $0.interval?.upper } == clustered.map { $0.interval?.upper })
        #expect(clustered.allSatisfy { $0.interval?.units == IntervalUnits(.examples, count: 37) && $0.interval?.method == "bootstrap-percentile" })
    }

    /// The ActRecTut case: two people, one classified at 0.8 and one at 0.95, 200 examples each. Resampling examples
    /// gives an interval a few hundredths wide; resampling the two people gives one that spans both of them.
    @Test func twoPeopleGiveAnIntervalAsWideAsTheirDifference() throws {
        var truth: [String] = [], predicted: [String] = [], subjects: [String] = []
        for (subject, right) in [("p", 160), ("q", 190)] {
            for i in 0..<200 {
                let label = i % 2 == 0 ? "x" : "y"
                truth.append(label)
                predicted.append(i < right ? label : (label == "x" ? "y" : "x"))
                subjects.append(subject)
            }
        }
        let options = BootstrapOptions(replicates: 1000, seed: 2)
        let examples = try SegmentClassification(truth: truth, predicted: predicted, bootstrap: options)
        let people = try SegmentClassification(truth: truth, predicted: predicted, subjects: subjects, bootstrap: options)
        #expect(examples.accuracy.value == 0.875 && people.accuracy.value == 0.875)
        let narrow = try #require(examples.macroF1.interval), wide = try #require(people.macroF1.interval)
        #expect(narrow.units == IntervalUnits(.examples, count: 400) && wide.units == IntervalUnits(.subjects, count: 2))
        #expect(narrow.upper - narrow.lower < 0.08, "\(narrow)")
        let accuracy = try #require(people.accuracy.interval)
        #expect(accuracy.units == IntervalUnits(.subjects, count: 2) && accuracy.method == "cluster-bootstrap-percentile")
        #expect(abs(accuracy.lower - 0.8) < 1e-12 && abs(accuracy.upper - 0.95) < 1e-12, "the two people's own accuracies: \(accuracy)")
        #expect(wide.upper - wide.lower > 0.14, "\(wide)")
        #expect(try #require(people.error.interval).units == IntervalUnits(.subjects, count: 2))
        #expect(try #require(examples.accuracy.interval).units == IntervalUnits(.examples, count: 400), "Wilson counts examples")
        #expect(throws: StatisticsError.self) { try SegmentClassification(truth: truth, predicted: predicted, subjects: ["p"]) }
    }

    /// The paired bootstrap keeps its pairing and draws people too.
    @Test func pairedDifferencesResamplePeople() throws {
        let a = (0..<8).map { DetectionCounts(truePositives: $0 < 4 ? 9 : 5, detections: 10, annotations: 10) }
        let b = (0..<8).map { _ in DetectionCounts(truePositives: 7, detections: 10, annotations: 10) }
        let subjects = (0..<8).map { $0 < 4 ? "s0" : "s1" }
        let options = BootstrapOptions(replicates: 500, seed: 3)
        let people = try PairedBootstrapComparison(a, b, statistic: \.f1, subjects: subjects, options: options)
        let recordings = try PairedBootstrapComparison(a, b, statistic: \.f1, options: options)
        #expect(people.difference.value == recordings.difference.value)
        #expect(people.difference.interval?.units == IntervalUnits(.subjects, count: 2))
        #expect(recordings.difference.interval?.units == IntervalUnits(.recordings, count: 8))
        // Two people, one 0.2 ahead and one 0.2 behind: every replicate is −0.2, 0 or 0.2.
        let interval = try #require(people.difference.interval)
        #expect(abs(interval.lower + 0.2) < 1e-12 && abs(interval.upper - 0.2) < 1e-12)
    }

    @Test func oneClusterOfSeveralUnitsIsRefusedRatherThanGivingADegenerateTest() throws {
        let options = BootstrapOptions(replicates: 200, seed: 3)
        #expect(throws: StatisticsError.tooFewValues(statistic: "cluster bootstrap", count: 1, needed: 2)) {
            try PairedBootstrapComparison(clusters: [[0, 1, 2]], units: IntervalUnits(.subjects, count: 1), options: options,
                                          statisticA: { Double($0.count) }, statisticB: { _ in 0 })
        }
        // One unit alone is still the plain paired bootstrap of one value.
        let one = try PairedBootstrapComparison(clusters: [[0]], units: nil, options: options, statisticA: { _ in 1 }, statisticB: { _ in 0 })
        #expect(one.difference.value == 1)
    }
}
