import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing
import Yams

@Suite struct DTWTrainerTests {
    /// Class "a": a bump at a jittered position; class "b": a dip. Deterministic.
    static func examples(perClass: [String: Int]) throws -> [DTWExample] {
        var out: [DTWExample] = []
        for (label, count) in perClass.sorted(by: { $0.key < $1.key }) {
            for i in 0..<count {
                let centre = 10.0 + Double(i % 5), sign = label == "a" ? 1.0 : -1.0
                var values: [Double] = []
                for t in 0..<30 {
                    let z = (Double(t) - centre) / 3
                    let jitter = 0.01 * Double((i * 7 + t * 3) % 5)
                    values.append(sign * exp(-z * z) + jitter)
                }
                out.append(DTWExample(label: label, series: try DTWSeries(values)))
            }
        }
        return out
    }

    static let trainer = DTWTrainer(selection: .medoid, band: 0.1, channels: [MotionChannel.acceleration[0]], samplingRate: 50)

    @Test func medoidMinimisesMeanDistanceWithinItsClass() throws {
        let examples = try Self.examples(perClass: ["a": 6, "b": 5])
        let (model, report) = try Self.trainer.train(examples)
        #expect(report.templatesPerClass == ["a": 1, "b": 1])
        let dtw = try DTW(band: 0.1)
        for label in ["a", "b"] {
            let members = examples.filter { $0.label == label }.map(\.series)
            let sums = try members.map { m in try members.reduce(0) { $0 + (try dtw.distance(m, $1)) } }
            let best = sums.indices.min { sums[$0] < sums[$1] }!
            #expect(model.templates.first { $0.label == label }?.series == members[best])
        }
    }

    @Test func allExamplesAndKMedoids() throws {
        let examples = try Self.examples(perClass: ["a": 6, "b": 5])
        var trainer = Self.trainer
        trainer.selection = .allExamples
        #expect(try trainer.train(examples).model.templates.count == 11)
        trainer.selection = .medoids(2)
        let (model, _) = try trainer.train(examples)
        #expect(model.templates.filter { $0.label == "a" }.count == 2)
        #expect(model.templates.filter { $0.label == "b" }.count == 2)
        trainer.selection = .medoids(0)
        #expect(throws: DTWTrainingError.self) { try trainer.train(examples) }
    }

    @Test func thresholdsAreMeanPlusKSigmaAndAdjustable() throws {
        let examples = try Self.examples(perClass: ["a": 6, "b": 5])
        let (model, _) = try Self.trainer.train(examples)
        let dtw = try DTW(band: 0.1)
        // Recompute class a's calibration independently: each non-template example's normalised distance.
        let template = model.templates.first { $0.label == "a" }!.series
        let distances = try examples.filter { $0.label == "a" && $0.series != template }.map {
            (try dtw.distance($0.series, template)) / Double(template.length).squareRoot()
        }
        let mean = distances.reduce(0, +) / Double(distances.count)
        let sd = (distances.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(distances.count - 1)).squareRoot()
        let c = try #require(model.calibration["a"])
        #expect(!c.pooled && c.count == 5)
        #expect(abs(c.mean - mean) < 1e-12 && abs(c.standardDeviation - sd) < 1e-12)
        #expect(abs(model.threshold(for: "a")! - (mean + 3 * sd)) < 1e-12)
        #expect(abs(model.withRejection(k: 1.5).threshold(for: "a")! - (mean + 1.5 * sd)) < 1e-12)
    }

    @Test func smallClassesBorrowPooledSigmaAndHopelessOnesFail() throws {
        let (model, report) = try Self.trainer.train(try Self.examples(perClass: ["a": 6, "b": 2]))
        #expect(report.pooledClasses == ["b"])
        let b = try #require(model.calibration["b"])
        #expect(b.pooled && b.standardDeviation > 0 && model.threshold(for: "b")! > b.mean)
        let one = try Self.trainer.train(try Self.examples(perClass: ["a": 6, "b": 1])).model.calibration["b"]!
        #expect(one.pooled && one.count == 0 && one.mean > 0)
        #expect(throws: DTWTrainingError.self) { try Self.trainer.train(try Self.examples(perClass: ["a": 1, "b": 1])) }
        #expect(throws: DTWTrainingError.noExamples) { try Self.trainer.train([]) }
    }

    /// Also with one class, where the search is skipped: the scores must still be what a search finds.
    @Test(arguments: [["a": 6, "b": 5], ["a": 7]])
    func learnedBandIsTheFirstWithFewestLeaveOneOutErrors(perClass: [String: Int]) throws {
        let examples = try Self.examples(perClass: perClass)
        let series = examples.map(\.series), labels = examples.map(\.label)
        let (band, scores) = try DTWTrainer.learnBand(series, labels: labels, candidates: [0, 0.05, 0.1, 0.2])
        for score in scores {
            let index = try DTWIndex(templates: series, dtw: try DTW(band: score.band))
            let errors = try (0..<series.count).filter { i in
                var ws = DTWWorkspace(), st = DTWSearchStatistics()
                return labels[try index.nearest(to: series[i], k: 1, pruning: false, excluding: i, workspace: &ws, statistics: &st)[0].index] != labels[i]
            }.count
            #expect(score.errors == errors)
        }
        let fewest = scores.map(\.errors).min()!
        #expect(band == scores.first { $0.errors == fewest }!.band)
    }

    @Test func modelFileRoundTripsAndReportsBadFiles() throws {
        let (model, _) = try Self.trainer.train(try Self.examples(perClass: ["a": 4, "b": 4]))
        let dir = TemporaryFolder.root.appendingPathComponent("dtw-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("model.json")
        try DTWModelFile.write(model, to: url)
        #expect(try DTWModelFile.read(from: url) == model)
        try Data("{\"version\": 7}".utf8).write(to: url)
        #expect { try DTWModelFile.read(from: url) } throws: { e in
            let error = e as? DataFileError
            return error?.file == url.path && error?.message.contains("version 7") == true
        }
        try Data("not json".utf8).write(to: url)
        #expect(throws: DataFileError.self) { try DTWModelFile.read(from: url) }
        #expect(throws: DataFileError.self) { try DTWModelFile.read(from: dir.appendingPathComponent("missing.json")) }
    }

    @Test func badExamplesAreNamed() throws {
        var examples = try Self.examples(perClass: ["a": 3])
        examples.append(DTWExample(label: "a", series: try DTWSeries(interleaved: [1, 2], dimensions: 2)))
        #expect(throws: DTWTrainingError.invalidExample(index: 3, reason: "2 dimensions, but 1 channels are configured (accel.x)")) {
            try Self.trainer.train(examples)
        }
    }

    @Test func templateSelectionReadsNamesAndNumbers() throws {
        struct Settings: Codable, Equatable { var selection: DTWTrainer.TemplateSelection }
        func read(_ json: String) throws -> DTWTrainer.TemplateSelection {
            try JSONDecoder().decode(Settings.self, from: Data(json.utf8)).selection
        }
        #expect(try read(#"{"selection": "medoid"}"#) == .medoid)
        #expect(try read(#"{"selection": "all"}"#) == .allExamples)
        #expect(try read(#"{"selection": 3}"#) == .medoids(3))
        #expect(try read(#"{"selection": "3"}"#) == .medoids(3))
        for bad in [#"{"selection": 0}"#, #"{"selection": "some"}"#, #"{"selection": 2.5}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try read(bad) }
        }
        for selection in [DTWTrainer.TemplateSelection.medoid, .allExamples, .medoids(4)] {
            let data = try JSONEncoder().encode(Settings(selection: selection))
            #expect(try JSONDecoder().decode(Settings.self, from: data).selection == selection)
        }
        #expect(String(decoding: try JSONEncoder().encode(Settings(selection: .medoids(4))), as: UTF8.self) == #"{"selection":4}"#)
        #expect(try YAMLDecoder().decode(DTWTrainingSettings.self, from: "selection: 5").selection == .medoids(5))
        #expect(throws: (any Error).self) { try YAMLDecoder().decode(DTWTrainingSettings.self, from: "selection: most") }
    }
}
