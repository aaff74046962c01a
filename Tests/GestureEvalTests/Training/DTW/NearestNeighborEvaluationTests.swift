import Foundation
import GestureData
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

    @Test func classifiesAsTheDTWClassifierOfItsTrainingSeries() throws {
        // z-normalised, a band of 0.1, series of several lengths; the last test series is 5× longer than any template.
        let preprocessing = DTWPreprocessing(zNormalizationFloor: DTWPreprocessing.defaultFloor)
        func wave(_ label: String, _ n: Int, _ frequency: Double, _ phase: Double) -> LabelledSeries {
            Self.example(label, (0..<n).map { (t: Int) -> Double in sin(frequency * Double(t) / Double(n) + phase) + 0.01 * Double(t % 3) })
        }
        let train = [wave("slow", 20, 3, 0), wave("slow", 24, 3, 0.3), wave("fast", 20, 12, 0), wave("fast", 22, 12, 0.5)]
        let test = [wave("slow", 21, 3, 0.1), wave("fast", 23, 12, 0.2), wave("fast", 19, 3, 0.2), wave("slow", 120, 3, 0)]
        let result = try NearestNeighborEvaluation(k: 1, band: 0.1, preprocessing: preprocessing).run(train: train, test: test)

        let templates = try train.map { DTWModel.Template(label: $0.label, series: try preprocessing.apply(try DTWSeries(dimensions: $0.dimensions))) }
        let model = DTWModel(channels: [.dimension(1)], samplingRate: 1, dtw: try DTW(band: 0.1), preprocessing: preprocessing,
                             templates: templates, rejectionK: nil)
        let (expected, statistics) = try DTWClassifier(model: model).classify(test.map { try DTWSeries(dimensions: $0.dimensions) })
        #expect(result.predictions == expected.map(\.nearestLabel))
        #expect(result.predictions == ["slow", "fast", "slow", "slow"])
        #expect(result.lengthWarnings == expected.filter { $0.warning != nil }.count && result.lengthWarnings == 1)
        #expect(result.statistics == statistics)
    }
}
