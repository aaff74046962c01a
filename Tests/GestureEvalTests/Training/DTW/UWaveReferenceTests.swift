import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// 1-NN on the UEA UWaveGestureLibrary (3 dimensions, 120 train / 320 test, full window) against aeon, an
/// independent implementation: References/make_uwave_references.py computed the accuracies and every
/// query's predicted label into References/uwave_references.json (the definitions are in the script).
@Suite(.needsSharedData) struct UWaveReferenceTests {
    struct Reference: Decodable {
        struct Outcome: Decodable {
            var accuracy: Double
            var correct: Int
            var total: Int
            var predicted: [String]
        }
        var dependent: Outcome
        var independent: Outcome
        var euclidean: Outcome
    }

    static let reference: Reference? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References/uwave_references.json")
        return (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(Reference.self, from: $0) }
    }()

    static let folder = SharedData.dataset("UWaveGestureLibrary")

    static func load() throws -> (train: [LabelledSeries], test: [LabelledSeries])? {
        guard let folder, FileManager.default.fileExists(atPath: folder.path) else { return nil }
        return (try UEAArchive.read(contentsOf: folder.appendingPathComponent("UWaveGestureLibrary_TRAIN.ts")),
                try UEAArchive.read(contentsOf: folder.appendingPathComponent("UWaveGestureLibrary_TEST.ts")))
    }

    @Test(arguments: ["dependent", "independent", "euclidean"])
    func accuracyEqualsAeon(mode: String) throws {
        guard let data = try Self.load() else {
            print("UWaveReferenceTests skipped: ../shared/datasets/UWaveGestureLibrary is absent")
            return
        }
        let reference = try #require(Self.reference, "References/uwave_references.json is missing or unreadable")
        #expect(data.train.count == 120 && data.test.count == 320 && data.train[0].dimensions.count == 3)
        let (band, multivariate, expected): (Double, DTW.Multivariate, Reference.Outcome) = switch mode {
        case "dependent": (1, .dependent, reference.dependent)
        case "independent": (1, .independent, reference.independent)
        default: (0, .dependent, reference.euclidean)
        }
        let result = try NearestNeighborEvaluation(k: 1, band: band, multivariate: multivariate).run(train: data.train, test: data.test)
        #expect(result.total == expected.total)
        #expect(result.correct == expected.correct, "\(mode): \(result.correct) correct, aeon \(expected.correct)")
        #expect(result.accuracy == expected.accuracy)
        let differing = zip(result.predictions, expected.predicted).enumerated().filter { $1.0 != $1.1 }.map(\.offset)
        #expect(differing.isEmpty, "\(mode): queries predicted differently from aeon: \(differing.prefix(10))")
    }
}
