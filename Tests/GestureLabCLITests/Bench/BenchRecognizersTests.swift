import Foundation
import GestureTestSupport
import Testing

/// `gesturelab bench recognizers` runs end to end (no timing is asserted: speed is for the bench).
@Suite struct BenchRecognizersTests {
    @Test func printsOneRowPerRecognizerWithTheExpectedEventCounts() throws {
        let result = try GestureLabBinary.run(["bench", "recognizers", "--seconds", "20", "--repeats", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        var rows: [String: [Double]] = [:]
        for line in result.stdout.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 4, let events = Double(fields[fields.count - 1]),
                  let perSecond = Double(fields[fields.count - 3]) else { continue }
            rows[fields.dropLast(3).joined(separator: " ")] = [perSecond, events]
        }
        #expect(Set(rows.keys) == ["orientation", "shake", "peak-direction", "slap", "flip", "fusion stage", "physical stage"])
        #expect(rows.values.allSatisfy { $0[0] > 0 })
        // 20 s = two 10-s cycles, each with one shake (began, ended), one slap (a shake burst that
        // began and was cancelled; one movement) and one flip and back.
        #expect(rows["shake"]?[1] == 8)
        #expect(rows["peak-direction"]?[1] == 4)
        #expect(rows["flip"]?[1] == 4)
        #expect(rows["fusion stage"]?[1] == 2000)
        // The physical-channels stage passes every sample on, with its channels derived.
        #expect(rows["physical stage"]?[1] == 2000)
    }

    @Test func rejectsAnUnknownName() throws {
        let result = try GestureLabBinary.run(["bench", "recognizers", "--only", "dtw"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--only"))
    }
}
