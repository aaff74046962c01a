import Foundation
import GestureKit
import GestureTestSupport
import Testing

/// The spotter's batch path (`windowScores`, which transforms a stream's windows together) against the classifier
/// applied to a copy of each window: the same Double scores, exactly.
@Suite struct MiniRocketSpotterBatchTests {
    /// A 40 s stream with a one-second gap every 8 s (runs that restart the window grid), read raw, normalised per
    /// recording, and as an intensity envelope; scored on one and two threads.
    @Test(arguments: 0..<3)
    func windowScoresEqualTheClassifierOfEachWindow(reading: Int) throws {
        var model = try MiniRocketSpotterTests.model()
        if reading == 1 { model.stream?.normalization = 10 }
        if reading == 2 { model.stream?.movingDeviation = 0.3 }
        let samples = MiniRocketSpotterTests.stream(seconds: 40, seed: 5).enumerated().map { i, s in
            var s = s
            s.timestamp += Double(i / 400)
            return s
        }
        let spotter = try MiniRocketSpotter(configuration: model)
        let series = try MiniRocketSpotter.series(channels: model.channels, samplingRate: model.samplingRate,
                                                  movingDeviation: model.stream?.movingDeviation, normalization: model.stream?.normalization,
                                                  samples: samples)
        #expect(series.runs.count == 5)
        let n = spotter.windowLength, c = model.channels.count
        let ends = MiniRocketSpotter.windowEnds(runs: series.runs, windowLength: n, hopLength: spotter.hopLength)
        let windows = try ends.map { end in
            try DTWSeries(interleaved: Array(series.values[((end - n + 1) * c)..<((end + 1) * c)]), dimensions: c)
        }
        let expected = try MiniRocketClassifier(model: model).classify(windows, threads: 1).map(\.scores)
        #expect(expected.count > 300)
        for threads in [1, 2] {
            let got = try spotter.windowScores(samples, threads: threads)
            #expect(got.map(\.end) == ends)
            #expect(got.map(\.scores) == expected, "\(threads) threads")
        }
    }
}
