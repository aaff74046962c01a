import Foundation
import GestureTestSupport
import Testing

/// `gesturelab bench soak` in its short form: every recognizer fires, the bad bursts are skipped and counted,
/// no event has a non-finite field (no timing is asserted; the long run is quoted from the bench).
@Suite struct BenchSoakTests {
    @Test func shortSoakSkipsEveryBadSampleAndKeepsEventsFinite() throws {
        let result = try GestureLabBinary.run(["bench", "soak", "--samples", "405000", "--report-every", "100000", "--burst-every", "10000"])
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        #expect(out.contains("bursts: 10 non-finite values, 10 gap (3 s ahead), 10 clock jump back (100 s), 10 duplicate times"), "\(out)")
        #expect(out.contains("skipped: 200 non-finite, 200 duplicate, 200 out of order; 10 gaps"), "\(out)")
        #expect(out.contains("; 0 with a non-finite field"))
        for label in ["shake", "slap", "movement", "flip", "faceDown", "soak0"] { #expect(out.contains(" \(label) "), "\(label) fired") }
        let rows = out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.filter { $0.hasPrefix("100000 ") || $0.hasPrefix("405000 ") }.count == 2, "a report every 100,000 samples and at the end")
    }

    @Test func refusesATinyBurstInterval() throws {
        let result = try GestureLabBinary.run(["bench", "soak", "--burst-every", "5"])
        #expect(result.status != 0 && result.stderr.contains("--burst-every"))
    }
}
