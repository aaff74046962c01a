import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

@Suite struct MiniRocketTrainerTests {
    /// Three classes of three-channel segments of 40 to 60 samples: a slow sine, a fast sine and a step, each with
    /// noise and a random phase or position, so that no single sample separates them.
    static func segments(_ count: Int, seed: UInt64) throws -> (series: [DTWSeries], labels: [String]) {
        var random = SplitMix64(seed: seed)
        var series: [DTWSeries] = [], labels: [String] = []
        for i in 0..<count {
            let label = ["slow", "fast", "step"][i % 3]
            let n = 40 + random.index(21)
            let phase = random.uniform(0...6.28), edge = random.index(n / 2) + n / 4
            var columns: [[Double]] = []
            for c in 0..<3 {
                var column: [Double] = []
                for t in 0..<n {
                    let u = Double(t)
                    let clean: Double = switch label {
                    case "slow": sin(0.15 * u + phase)
                    case "fast": sin(0.9 * u + phase)
                    default: t < edge ? -0.5 : 0.5
                    }
                    column.append(clean * Double(c + 1) / 2 + 0.3 * random.gaussian())
                }
                columns.append(column)
            }
            series.append(try DTWSeries(dimensions: columns))
            labels.append(label)
        }
        return (series, labels)
    }

    static let channels = MotionChannel.acceleration

    @Test func learnsSeparableClassesAndClassifiesHeldOutSegments() throws {
        let train = try Self.segments(45, seed: 1), test = try Self.segments(30, seed: 2)
        let model = try MiniRocketTrainer(featureCount: 2_000, seed: 3).train(train.series, labels: train.labels, channels: Self.channels, samplingRate: 50)
        #expect(model.labels == ["fast", "slow", "step"])
        #expect(RidgeClassifierCV.defaultAlphas.contains(model.alpha))
        let classifier = try MiniRocketClassifier(model: model)
        let predicted = try classifier.classify(test.series, threads: 2).map(\.label)
        let correct = zip(predicted, test.labels).filter { $0 == $1 }.count
        #expect(correct >= 28, "\(correct) of 30 correct")
        // One at a time through the allocation-free path: the same scores as the batch.
        var workspace = MiniRocketClassifier.Workspace()
        var scores = [Double](repeating: 0, count: 3)
        let batch = try classifier.classify(test.series, threads: 1)
        for (s, expected) in zip(test.series, batch) {
            try scores.withUnsafeMutableBufferPointer { try classifier.scores(for: s, into: $0, workspace: &workspace) }
            #expect(scores == expected.scores)
        }
    }

    /// The standardisation folded into the weights gives the scores of the unfolded formula W·((f − mean)/scale) + b.
    @Test func scoresAreTheLinearFunctionOfStandardisedFeatures() throws {
        let train = try Self.segments(18, seed: 4)
        let model = try MiniRocketTrainer(featureCount: 840, seed: 1).train(train.series, labels: train.labels, channels: Self.channels, samplingRate: 50)
        let f = model.transform.featureCount
        let features = try model.transform.transform([train.series[0]])
        let scores = try MiniRocketClassifier(model: model).classify(train.series[0]).scores
        for k in 0..<3 {
            var expected = model.intercepts[k]
            for i in 0..<f { expected += model.weights[k * f + i] * (Double(features[i]) - model.featureMeans[i]) / model.featureScales[i] }
            #expect(isClose(scores[k], expected, relative: 1e-5, absolute: 1e-6))
        }
    }

    /// Balanced class weights reach the ridge: on imbalanced classes the model is the ridge fitted with
    /// scikit-learn's balanced weights on the same standardised features, and differs from the unweighted one.
    @Test func balancedClassWeightsWeighTheRidge() throws {
        let all = try Self.segments(24, seed: 7)
        // Drop most examples of one class to make the classes unequal.
        let first = all.labels[0]
        var keep = all.labels.indices.filter { all.labels[$0] != first }
        keep += all.labels.indices.filter { all.labels[$0] == first }.prefix(2)
        let series = keep.map { all.series[$0] }, labels = keep.map { all.labels[$0] }
        let plain = try MiniRocketTrainer(featureCount: 840, seed: 1).train(series, labels: labels, channels: Self.channels, samplingRate: 50)
        let weighted = try MiniRocketTrainer(featureCount: 840, seed: 1, balancedClassWeights: true)
            .train(series, labels: labels, channels: Self.channels, samplingRate: 50)
        #expect(weighted.transform == plain.transform && weighted.featureMeans == plain.featureMeans)
        #expect(weighted.weights != plain.weights)
        let features = try weighted.transform.transform(series)
        let f = weighted.transform.featureCount
        var standardised = [Double](repeating: 0, count: series.count * f)
        for r in 0..<series.count { for i in 0..<f { standardised[r * f + i] = (Double(features[r * f + i]) - weighted.featureMeans[i]) / weighted.featureScales[i] } }
        let ridge = try RidgeClassifierCV().fit(features: standardised, featureCount: f, labels: labels,
                                                sampleWeights: RidgeClassifierCV.balancedWeights(labels: labels))
        #expect(ridge.alpha == weighted.alpha)
        #expect(zip(ridge.weights, weighted.weights).allSatisfy { isClose($0, $1, relative: 1e-9, absolute: 1e-12) })
    }

    @Test func trainingIsDeterministic() throws {
        let train = try Self.segments(24, seed: 5)
        let trainer = MiniRocketTrainer(featureCount: 840, seed: 9)
        Parallelism.threads = 1
        let one = try trainer.train(train.series, labels: train.labels, channels: Self.channels, samplingRate: 50)
        Parallelism.threads = 2
        let two = try trainer.train(train.series, labels: train.labels, channels: Self.channels, samplingRate: 50)
        Parallelism.threads = nil
        #expect(one == two)
    }

    @Test(arguments: MiniRocketModel.LengthPolicy.allCases)
    func modelFileRoundTrip(policy: MiniRocketModel.LengthPolicy) throws {
        let train = try Self.segments(15, seed: 6)
        let model = try MiniRocketTrainer(featureCount: 840, seed: 2, lengthPolicy: policy)
            .train(train.series, labels: train.labels, channels: Self.channels, samplingRate: 50)
        let url = TemporaryFolder.root.appendingPathComponent("minirocket-\(policy.rawValue).json")
        try MiniRocketModelFile.write(model, to: url)
        let read = try MiniRocketModelFile.read(from: url)
        #expect(read == model)
        #expect(try MiniRocketClassifier(model: read).classify(train.series[3]) == MiniRocketClassifier(model: model).classify(train.series[3]))
    }

    @Test func corruptOrForeignFilesAreErrorsNamingTheFile() throws {
        let train = try Self.segments(12, seed: 7)
        var model = try MiniRocketTrainer(featureCount: 840, seed: 2).train(train.series, labels: train.labels, channels: Self.channels, samplingRate: 50)
        model.weights.removeLast()
        let url = TemporaryFolder.root.appendingPathComponent("minirocket-broken.json")
        try model.encoded().write(to: url)
        #expect { try MiniRocketModelFile.read(from: url) } throws: { error in
            "\(error)".contains(url.path) && "\(error)".contains("weights")
        }
        model.weights.append(0)
        model.version = 99
        try model.encoded().write(to: url)
        #expect { try MiniRocketModelFile.read(from: url) } throws: { "\($0)".contains("version 99") }
    }
}
