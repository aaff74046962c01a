import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing
import Yams

/// Background templates mined from false activations on training streams (``StreamCalibration/falseActivations(_:on:spotters:)``,
/// ``DTWTrainer/backgroundTemplates(from:for:count:)``).
@Suite struct DTWTrainerBackgroundTests {
    static let rate = 50.0
    static func shape(_ u: Double) -> Vector3 { Vector3(1.5 * sin(2 * Double.pi * u), 0.5 * sin(Double.pi * u), 0) }
    static func series(gain: Double) throws -> DTWSeries {
        try DTWSeries(interleaved: (0..<50).flatMap { t -> [Double] in
            let v = shape(Double(t) / 49) * gain
            return [v.x, v.y, v.z]
        }, dimensions: 3)
    }

    /// Gestures at 2, 6 and 14 s (annotated) and a half-size look-alike at 10 s (not annotated); a model whose
    /// threshold (0.8 g) accepts the look-alike (about 0.56 g from the template).
    static func stream() throws -> (Recording, DTWModel) {
        let recording = StreamCalibrationTests.lookAlikeStream(rate: rate, shape: shape)
        let model = DTWModel(channels: MotionChannel.acceleration, samplingRate: rate, dtw: .full, templates: [.init(label: "a", series: try series(gain: 1))],
                             rejectionK: nil, thresholds: ["a": 0.8], minimumDuration: 0.5, maximumDuration: 2)
        return (recording, model)
    }

    @Test func falseActivationsAreTheInsertionsAtTheModelsThresholds() throws {
        let (recording, model) = try Self.stream()
        let ranges = try StreamCalibration().falseActivations(model, on: [recording])
        #expect(ranges.count == 1 && ranges[0].count == 1)
        let range = try #require(ranges.first?.first)
        #expect(abs(range.start - 10) < 0.15 && abs(range.end - 11) < 0.15)
        // A strict enough threshold fires nowhere false.
        #expect(try StreamCalibration().falseActivations(model.withRejection(thresholds: ["a": 0.3]), on: [recording]).allSatisfy(\.isEmpty))
    }

    @Test func theMedoidOfTheNegativesBecomesTheBackground() throws {
        let (_, model) = try Self.stream()
        let negatives = try [0.4, 0.5, 0.62].map { try Self.series(gain: $0) }
        #expect(try DTWTrainer.backgroundTemplates(from: negatives, for: model, count: 1) == [negatives[1]])
        #expect(try DTWTrainer.backgroundTemplates(from: negatives, for: model, count: 0).isEmpty)
        #expect(try DTWTrainer.backgroundTemplates(from: negatives, for: model, count: 5) == negatives)
        // Scaled like the templates: a model with channel scales divides the negatives too.
        var scaled = model
        scaled.channelScales = [2, 2, 2]
        let halved = try DTWTrainer.backgroundTemplates(from: [negatives[0]], for: scaled, count: 1)
        #expect(halved.first.map { zip($0.values, negatives[0].values).allSatisfy { abs($0 * 2 - $1) < 1e-12 } } == true)
    }

    @Test func minedBackgroundRemovesTheFalseActivation() throws {
        let (recording, model) = try Self.stream()
        func events(_ m: DTWModel) throws -> [GestureEvent] {
            var matcher = try DTWTemplateMatcher(configuration: m)
            var e = matcher.process(recording.samples)
            matcher.finish(into: &e)
            return e
        }
        #expect(try events(model).count == 4)
        let range = try #require(try StreamCalibration().falseActivations(model, on: [recording]).first?.first)
        let part = recording.slice(from: range.start, to: range.end)
        let negative = try DTWSeries(interleaved: part.samples.flatMap { [$0.acceleration.x, $0.acceleration.y, $0.acceleration.z] }, dimensions: 3)
        var withBackground = model
        withBackground.background = try DTWTrainer.backgroundTemplates(from: [negative], for: model, count: 1)
        let found = try events(withBackground)
        #expect(found.count == 3)
        for (event, start) in zip(found, [2.0, 6, 14]) { #expect(abs(event.start - start) < 0.15) }
    }

    @Test func backgroundTemplatesNeedStreamRejection() throws {
        func settings(_ yaml: String) throws -> DTWTrainingSettings { try YAMLDecoder().decode(DTWTrainingSettings.self, from: yaml) }
        #expect(try settings("backgroundTemplates: 4\nrejection: {method: stream}").backgroundTemplates == 4)
        #expect(try settings("{}").backgroundTemplates == 0)
        #expect(throws: (any Error).self) { try settings("backgroundTemplates: 4\nrejection: {method: sigma, k: 3}") }
        #expect(throws: (any Error).self) { try settings("backgroundTemplates: -1\nrejection: {method: stream}") }
    }
}
