import GestureEval
import GestureKit
import Testing

@Suite struct NearestNeighborEvaluationTests {
    static func example(_ label: String, _ values: [Double]) -> LabelledSeries {
        LabelledSeries(label: label, dimensions: [values])
    }

    @Test func kNeighboursVoteAndTiesGoToTheNearest() throws {
        // Query [0, 0, 0]: nearest is the lone "b" (distance 0.1·√3), then two "a"s further away.
        let train = [Self.example("b", [0.1, 0.1, 0.1]), Self.example("a", [0.5, 0.5, 0.5]), Self.example("a", [0.6, 0.6, 0.6]),
                     Self.example("c", [5, 5, 5])]
        let test = [Self.example("a", [0, 0, 0])]
        let one = try NearestNeighborEvaluation(k: 1, band: 0).run(train: train, test: test)
        #expect(one.predictions == ["b"] && one.error == 1)
        let three = try NearestNeighborEvaluation(k: 3, band: 0).run(train: train, test: test)
        #expect(three.predictions == ["a"] && three.accuracy == 1)
        // k = 2: one vote each for b and a; the tie goes to the nearer neighbour's class.
        #expect(try NearestNeighborEvaluation(k: 2, band: 0).run(train: train, test: test).predictions == ["b"])
        #expect(throws: DTWTrainingError.self) { try NearestNeighborEvaluation(k: 0, band: 0).run(train: train, test: test) }
        #expect(throws: DTWTrainingError.noExamples) { try NearestNeighborEvaluation(k: 1, band: 0).run(train: [], test: test) }
    }

    @Test func paddingNoiseIsDeterministicSmallAndOnlyInThePadding() throws {
        let padded = [LabelledSeries(label: "1", dimensions: [[1, 2, .nan, .nan]]), LabelledSeries(label: "2", dimensions: [[3, .nan, .nan, .nan]])]
        let a = PaddingNoise.fill(padded, seed: 7), b = PaddingNoise.fill(padded, seed: 7), c = PaddingNoise.fill(padded, seed: 8)
        #expect(a == b)
        #expect(a != c)
        #expect(Array(a[0].dimensions[0][0..<2]) == [1, 2] && a[1].dimensions[0][0] == 3)
        for s in a {
            for v in s.dimensions[0] { #expect(v.isFinite) }
        }
        let noise = a[0].dimensions[0][2...] + a[1].dimensions[0][1...]
        for v in noise { #expect(v >= 0 && v < 0.001) }
    }
}
