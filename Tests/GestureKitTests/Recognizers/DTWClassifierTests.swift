import GestureKit
import Testing

@Suite struct DTWClassifierTests {
    /// One-channel templates: a rising ramp (`up`) and a falling one (`down`), 20 samples at 20 Hz, each class
    /// accepting normalised distances up to 0.3.
    static func model() throws -> DTWModel {
        let up = try DTWSeries((0..<20).map { Double($0) / 19 })
        let down = try DTWSeries((0..<20).map { 1 - Double($0) / 19 })
        return DTWModel(channels: [MotionChannel(rawValue: "accel.x")!], samplingRate: 20, dtw: try DTW(band: 0.2),
                        templates: [.init(label: "up", series: up), .init(label: "down", series: down)],
                        rejectionK: nil, thresholds: ["up": 0.3, "down": 0.3])
    }

    @Test func nearestClassWithinItsThresholdIsTheLabel() throws {
        let classifier = try DTWClassifier(model: Self.model())
        let slightlyOff = try DTWSeries((0..<22).map { 0.05 + Double($0) / 21 })
        let result = try classifier.classify(slightlyOff)
        #expect(result.label == "up" && result.nearestLabel == "up" && result.templateIndex == 0)
        #expect(result.normalizedDistance < 0.1 && result.warning == nil)
        #expect(abs(result.normalizedDistance - (result.distance * result.distance / 20).squareRoot()) < 1e-12)
    }

    @Test func aFarSegmentIsRejectedButKeepsItsNearestClass() throws {
        let classifier = try DTWClassifier(model: Self.model())
        let flatHigh = try DTWSeries([Double](repeating: 2, count: 20))
        let result = try classifier.classify(flatHigh)
        #expect(result.label == nil)
        #expect(result.normalizedDistance > 0.3)
        #expect(["up", "down"].contains(result.nearestLabel))
    }

    @Test func veryDifferentLengthsCarryAWarningAndBatchesAgree() throws {
        let classifier = try DTWClassifier(model: Self.model())
        let long = try DTWSeries((0..<100).map { 1 - Double($0) / 99 })
        let single = try classifier.classify(long)
        #expect(single.nearestLabel == "down" && single.warning != nil)
        let segments = [long, try DTWSeries((0..<20).map { Double($0) / 19 })]
        let batch = try classifier.classify(segments).results
        #expect(batch.count == 2 && batch[0] == single && batch[1].label == "up")
        #expect(throws: DTWError.self) { try classifier.classify(try DTWSeries(interleaved: [0, 1, 2, 3], dimensions: 2)) }
    }
}
