import Foundation
import Testing
@testable import GestureEval

/// `results.json` keeps the flat form training summaries have always had: a typed summary writes the bytes of
/// the dictionary it replaced, and reads every dictionary written before it.
@Suite struct TrainingSummaryTests {
    /// Summaries as `results.json` of the shipped default and budget experiments hold them: a tuned preset under a
    /// budget that was missed, stream-calibrated DTW under a budget, and a MiniRocket stream with a class that never
    /// fires (threshold +∞).
    static let written: [String: Double] = [
        "budgetMet": 0, "maxFalsePerHour": 5, "threshold": 3, "trainingFalsePerHour": 54.278025847890994,
        "trainingRecall": 0.005263157894736842, "trainingScore": 0.005263157894736842,
    ]
    static let dtw: [String: Double] = [
        "band": 0, "bandLearned": 1, "budgetMet": 1, "crossFitGroups": 5, "crossFitted": 1, "examples": 191, "maxFalsePerHour": 5,
        "templates": 3, "threshold.shake": 0.47108106551563367, "trainingFalsePerHour": 3.7111125657756046,
        "trainingFalsePerHour.shake": 3.7111125657756046, "trainingHeldOut": 1, "trainingRecall": 0.8900523560209425,
        "trainingRecall.shake": 0.8900523560209425, "trainingScore": 0.8900523560209425,
    ]
    static let stream: [String: Double] = [
        "alpha": 10, "crossFitFailures": 1, "crossFitGroups": 3, "features": 504, "negatives": 480, "positives": 120, "windows": 699,
        "threshold.shake": 0.11781978428894359, "trainingFalsePerHour.shake": 55.51303554016497, "trainingRecall.shake": 0.9411764705882353,
        "threshold.clap": .infinity, "trainingFalsePerHour.clap": 0, "trainingRecall.clap": .nan,
    ]

    /// The report encoder's bytes of `value`.
    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try ReportFolder.encoder.encode(value), as: UTF8.self)
    }

    /// Read from the old form and written again, each summary is byte for byte the dictionary.
    @Test(arguments: [written, dtw, stream, [:]]) func encodesAsTheDictionaryItReplaces(_ old: [String: Double]) throws {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let summary = try decoder.decode(TrainingSummary.self, from: Data(try Self.json(old).utf8))
        #expect(try Self.json(summary) == Self.json(old))
    }

    /// The old keys land in their typed parts, and what training sets in code writes the old keys.
    @Test func theOldFormReadsIntoTypedParts() throws {
        let budget = TrainingSummary(flattened: Self.written)
        #expect(budget.values == ["threshold": 3])
        #expect(budget.budget == .init(maxFalsePerHour: 5, met: false))
        #expect(budget.operatingPoint == .init(score: 0.005263157894736842, recall: 0.005263157894736842, falsePerHour: 54.278025847890994))

        let dtw = TrainingSummary(flattened: Self.dtw)
        #expect(dtw.values == ["band": 0, "bandLearned": 1, "examples": 191, "templates": 3])
        #expect(dtw.thresholds == ["shake": .init(threshold: 0.47108106551563367, recall: 0.8900523560209425, falsePerHour: 3.7111125657756046)])
        #expect(dtw.operatingPoint?.heldOut == true && dtw.budget?.met == true)
        #expect(dtw.crossFit == .init(subjectShare: 1, groups: 5))

        let stream = TrainingSummary(flattened: Self.stream)
        #expect(stream.crossFit == .init(groups: 3, failures: 1) && stream.operatingPoint == nil && stream.budget == nil)
        #expect(stream.thresholds["clap"]?.threshold == .infinity && stream.thresholds.count == 2)

        let built = TrainingSummary(values: ["band": 0, "bandLearned": 1, "examples": 191, "templates": 3],
                                    thresholds: ["shake": .init(threshold: 0.47108106551563367, recall: 0.8900523560209425, falsePerHour: 3.7111125657756046)],
                                    operatingPoint: .init(score: 0.8900523560209425, recall: 0.8900523560209425, falsePerHour: 3.7111125657756046, heldOut: true),
                                    budget: .init(maxFalsePerHour: 5, met: true), crossFit: .init(subjectShare: 1, groups: 5))
        #expect(built.flattened == Self.dtw)
    }

    /// Keys not in the form the typed parts write stay numbers by name, so nothing read is lost or changed: a class
    /// missing one of its three keys, a `budgetMet` that is neither 0 nor 1, zero failures, held out without a score.
    @Test func irregularKeysStayAsWritten() {
        let odd: [String: Double] = ["threshold.a": 1, "trainingRecall.a": 0.5, "budgetMet": 0.5, "maxFalsePerHour": 5,
                                     "crossFitGroups": 2, "crossFitFailures": 0, "trainingHeldOut": 1, "trainingRecall": 0.3]
        let summary = TrainingSummary(flattened: odd)
        #expect(summary.thresholds.isEmpty && summary.budget == nil && summary.operatingPoint == nil)
        #expect(summary.crossFit == .init(groups: 2) && summary.values["crossFitFailures"] == 0)
        #expect(summary.flattened == odd)
    }

    /// A search's choice wins over the trained model's numbers of the same name; the model's cross-fitting stays.
    @Test func aSearchMergesOverTheModel() {
        let model = TrainingSummary(values: ["band": 0.1, "templates": 3], crossFit: .init(groups: 4))
        let search = TrainingSummary(values: ["band": 0.2], operatingPoint: .init(score: 0.5))
        let merged = model.merging(search)
        #expect(merged.values == ["band": 0.2, "templates": 3] && merged.crossFit == .init(groups: 4) && merged.operatingPoint?.score == 0.5)
    }
}
