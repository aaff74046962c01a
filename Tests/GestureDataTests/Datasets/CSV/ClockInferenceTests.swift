import Foundation
import GestureData
import Testing

/// One clock rule for every reader: a first time beyond 1e6 s is an epoch or uptime clock, for the unit and
/// for the origin alike, and `csv:` files and manifests read the same clock the same way.
@Suite struct ClockInferenceTests {
    @Test func theEpochRuleIsOneThresholdOfAMillionSeconds() {
        #expect(ClockInference.epochSeconds == 1e6)
        #expect(!ClockInference.isEpochSized(seconds: 1e6) && ClockInference.isEpochSized(seconds: 1e6.nextUp))
        #expect(ClockInference.isEpochSized(seconds: -2e6))
        // An uptime clock named as one is one whatever its size; a plain name needs the size.
        #expect(ClockInference.isEpochOrUptime(first: 12, column: "motionTimestampSinceReboot(s)"))
        #expect(!ClockInference.isEpochOrUptime(first: 12, column: "time") && !ClockInference.isEpochOrUptime(first: 12, column: nil))
    }

    @Test(arguments: [
        // (first raw time, raw step, unit): epoch clocks in the unit that makes them a date ...
        (1.7e9, 1.0, SampleCSVFormat.TimeUnit.s), (1.7e12, 10, .ms), (1.7e15, 10_000, .us), (1.7e18, 1e7, .ns),
        // ... an epoch-sized clock (14 h of uptime in ms) never in seconds when those give 0.1 Hz ...
        (5e7, 10, .ms),
        // ... and relative clocks by their rate alone.
        (0, 20, .ms), (0, 0.01, .s), (2.5, 0.02, .s), (0, 1e7, .ns),
    ])
    func theUnitFollowsTheFirstTimeAndTheRate(first: Double, step: Double, unit: SampleCSVFormat.TimeUnit) throws {
        let clock = try #require(ClockInference(times: (0..<20).map { first + Double($0) * step }))
        #expect(clock.medianStep.map { abs($0 - step) <= step * 1e-4 } == true)
        #expect(clock.inferredUnit == unit)
    }

    @Test func aClockNoUnitMakesPlausibleHasNoUnitAndSaysWhy() throws {
        let clock = try #require(ClockInference(times: (0..<20).map { Double($0) * 2e-6 }))
        #expect(clock.inferredUnit == nil)
        #expect(clock.unclear == "the time unit is unclear: a median step of 2e-06 gives 5e+05 Hz as seconds, and no unit (s, ms, us, ns) gives a rate of 1 Hz–10 kHz")
        #expect(ClockInference(times: [Double]()) == nil)
    }

    @Test func secondsAreWorthSayingOnlyWhenEpochSized() throws {
        #expect(try #require(ClockInference(times: [5e5, 5e5 + 0.01])).isWorthSaying(.s) == false)
        #expect(try #require(ClockInference(times: [5e6, 5e6 + 0.01])).isWorthSaying(.s) == true)
        #expect(try #require(ClockInference(times: [0, 10])).isWorthSaying(.ms) == true)
    }

    /// A seconds clock at 100 Hz from `first` (hundredths of a second), written exactly.
    static func seconds(from first: Int64) -> String {
        "time,x,y,z\n" + (0..<50).map { k -> String in
            let c = first + Int64(k)
            return "\(c / 100).\(String(format: "%02d", Int(c % 100))),0,0,-1"
        }.joined(separator: "\n") + "\n"
    }

    /// The clocks the two readers used to read differently: between 1e6 s (where the origin rule made a clock
    /// relative) and 1e8 s (where the unit rule first called it epoch-sized), and either side of 1e6 s.
    @Test(arguments: [
        (Int64(99_999_950), false),     // 999,999.5 s: not epoch-sized; kept as read
        (Int64(100_000_050), true),     // 1,000,000.5 s: epoch-sized
        (Int64(5_000_000_000), true),   // 5e7 s: epoch-sized for the unit and the origin alike
    ])
    func bothReadersAgreeOnTheBoundary(first: Int64, epoch: Bool) throws {
        let csv = Self.seconds(from: first)
        let fromCSV = try SampleCSVClockTests.load(csv)
        let fromManifest = try DatasetReaderClockTests.load(time: "{column: time}", csv: csv)
        #expect(fromManifest.problems.isEmpty)
        let firstSeconds = Double(first) / 100
        for loaded in [fromCSV, fromManifest] {
            let times = try #require(loaded.dataset.recordings.first?.timestamps)
            #expect(times.first == (epoch ? 0 : firstSeconds))
            #expect(abs(times[49] - times[0] - 0.49) < 1e-6)
            let said = loaded.report.notes.filter { $0.hasPrefix("time:") }
            if epoch {
                #expect(said.count == 1 && said[0].hasPrefix("time: column 'time' read as seconds (median step 0.01 s, 100 Hz)"), "\(said)")
            } else {
                #expect(said.isEmpty, "\(said)")
            }
        }
        #expect(fromCSV.report.notes.contains { $0.contains("made relative to the first sample") } == epoch)
        #expect(fromManifest.report.relativeTimeRecordings == (epoch ? 1 : 0))
    }
}
