import GestureData
import GestureKit
import Testing

@Suite struct SpottingBenchmarkTests {
    @Test func isDeterministicAndHoldsItsTemplates() throws {
        let a = try SpottingBenchmark(streamSeconds: 60)
        #expect(a.samples == (try SpottingBenchmark(streamSeconds: 60)).samples)
        #expect(a.samples != (try SpottingBenchmark(streamSeconds: 60, seed: 43)).samples)
        #expect(a.model.templates.map(\.label) == (0..<8).map { "g\($0)" })
        #expect(a.model.templates.allSatisfy { $0.series.length == 100 && $0.series.dimensions == 3 })
        // Consecutive samples at 100 Hz, ending before a gesture that would not fit in 60 s.
        #expect(a.samples.count <= 6000 && a.samples.count > 5000)
        #expect(a.samples.enumerated().allSatisfy { abs($1.timestamp - Double($0) / 100) < 1e-9 })
        // Each cycle is 2–4 s of background and a gesture of 0.8–1.2 s.
        #expect((12...21).contains(a.planted), "\(a.planted) planted")
    }

    /// The planted copies are what the model spots: about one event per gesture.
    @Test func theMatcherSpotsThePlantedGestures() throws {
        let workload = try SpottingBenchmark(streamSeconds: 60)
        var matcher = try DTWTemplateMatcher(configuration: workload.model)
        var events = matcher.process(workload.samples)
        matcher.finish(into: &events)
        let spotted = events.count { $0.phase == .ended }
        #expect(abs(spotted - workload.planted) <= workload.planted / 4, "\(spotted) spotted, \(workload.planted) planted")
    }
}
