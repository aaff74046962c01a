import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// MiniRocket against aeon 1.6, an independent implementation: References/make_minirocket_references.py fitted
/// aeon's transform on generated series and wrote its parameters and the features of other series into
/// References/minirocket_references.json. GestureKit's transform built from the same parameters must give the same
/// features.
@Suite struct MiniRocketReferenceTests {
    struct Reference: Decodable {
        struct Case: Decodable {
            var name: String
            var channels: Int
            var length: Int
            var featureCount: Int
            var dilations: [Int]
            var featuresPerDilation: [Int]
            var channelsPerCombination: [Int]
            var channelIndices: [Int]
            var biases: [Float]
            var train: [[[Double]]]
            var test: [[[Double]]]
            var features: [[Float]]
        }
        struct Schedule: Decodable {
            var length: Int
            var dilations: [Int]
            var featuresPerDilation: [Int]
        }
        var cases: [Case]
        var schedules: [Schedule]
        var quantiles: [Float]
    }

    static let reference: Reference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References/minirocket_references.json")
        // The file is committed beside this test: a failure to read it is a broken checkout.
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    static func transform(_ c: Reference.Case) throws -> MiniRocket {
        try MiniRocket(channelCount: c.channels, referenceLength: c.length, dilations: c.dilations, featuresPerDilation: c.featuresPerDilation,
                       channelsPerCombination: c.channelsPerCombination, channelIndices: c.channelIndices, biases: c.biases)
    }

    @Test func dilationScheduleEqualsAeon() {
        for s in Self.reference.schedules {
            let (dilations, counts) = MiniRocket.dilationSchedule(length: s.length)
            #expect(dilations == s.dilations, "length \(s.length)")
            #expect(counts == s.featuresPerDilation, "length \(s.length)")
            #expect(84 * counts.reduce(0, +) == 9_996)
        }
    }

    @Test func quantileLevelsEqualAeon() {
        #expect(MiniRocket.quantiles(Self.reference.quantiles.count) == Self.reference.quantiles)
    }

    /// aeon works in float32 with fastmath: a convolution output within rounding of a bias may count on one side
    /// there and on the other here, moving a feature by one sample's share (1/n). Allowed for at most 1 % of features.
    @Test(arguments: reference.cases.map(\.name))
    func featuresEqualAeonOnItsParameters(name: String) throws {
        let c = Self.reference.cases.first { $0.name == name }!
        let rocket = try Self.transform(c)
        #expect(rocket.featureCount == c.features[0].count)
        let series = try c.test.map { try DTWSeries(dimensions: $0) }
        let ours = try rocket.transform(series, threads: 1)
        var differing = 0
        for (i, row) in c.features.enumerated() {
            for (f, expected) in row.enumerated() {
                let got = ours[i * rocket.featureCount + f]
                if got != expected {
                    differing += 1
                    #expect(abs(got - expected) <= 1.01 / Float(c.length), "series \(i) feature \(f): \(got) vs aeon \(expected)")
                }
            }
        }
        #expect(differing <= c.features.count * rocket.featureCount / 100, "\(differing) features differ from aeon's")
    }

    /// With one univariate training series nothing in the fit is random: GestureKit's fit must find aeon's
    /// dilations and biases (quantiles of the same convolution outputs).
    @Test func fitEqualsAeonWhenNothingIsRandom() throws {
        let c = Self.reference.cases.first { $0.train.count == 1 && $0.channels == 1 }!
        let rocket = try MiniRocket(fitting: [try DTWSeries(dimensions: c.train[0])], featureCount: c.featureCount, seed: 99)
        #expect(rocket.dilations == c.dilations)
        #expect(rocket.featuresPerDilation == c.featuresPerDilation)
        #expect(rocket.biases.count == c.biases.count)
        for (f, (ours, theirs)) in zip(rocket.biases, c.biases).enumerated() {
            #expect(isClose(Double(ours), Double(theirs), relative: 1e-5, absolute: 1e-5), "bias \(f): \(ours) vs aeon \(theirs)")
        }
    }
}
