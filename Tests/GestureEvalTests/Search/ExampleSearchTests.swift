import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

/// Query by example as a library type (issue 54): what `find` searches, merges and labels, without the command.
@Suite struct ExampleSearchTests {
    /// `seconds` at `rate` Hz lying still with faint deterministic noise, a 1-s three-axis motion from each of `at`
    /// (seconds); samples in `gap` (seconds) are left out, which makes a gap.
    static func recording(_ id: String, seconds: Double, rate: Double, at: [Double], gap: Range<Double>? = nil,
                          annotations: [Annotation] = []) -> Recording {
        var t: [Double] = [], x: [Double] = [], y: [Double] = [], z: [Double] = []
        for i in 0..<Int(seconds * rate) {
            let s = Double(i) / rate
            if let gap, gap.contains(s) { continue }
            let noise = 0.005 * sin(Double(i) * 12.9898).truncatingRemainder(dividingBy: 1)
            var a = (noise, -noise, -1.0 + noise)
            for start in at where s >= start && s < start + 1 {
                let u = s - start
                a.0 += sin(2 * .pi * 2 * u)
                a.1 += 0.8 * sin(2 * .pi * 3 * u + 1)
                a.2 += 0.5 * u
            }
            t.append(s); x.append(a.0); y.append(a.1); z.append(a.2)
        }
        return Recording(id: id, subject: "me", session: "1", timestamps: t,
                         channels: [(.accelX, x), (.accelY, y), (.accelZ, z)], annotations: annotations)
    }

    static func search(_ query: Recording) throws -> ExampleSearch {
        // The motion at 2 s of the query recording, 1 s at 50 Hz.
        try ExampleSearch(query: query, samples: 100..<150, channels: MotionChannel.acceleration, band: 0.1,
                          normalization: .zNormalized(floor: DTWPreprocessing.defaultFloor), name: "query")
    }

    @Test func findsEachPlantedMotionOnceAcrossRecordingsAndGaps() throws {
        let search = try Self.search(Self.recording("query", seconds: 5, rate: 50, at: [2]))
        #expect(search.query.length == 50 && abs(search.duration - 0.98) < 1e-9 && abs(search.samplingRate - 50) < 1e-9)
        // One recording with motions at 10 and 40 s and a gap from 20 to 30 s; another with one at 5 s.
        let gapped = Self.recording("a", seconds: 60, rate: 50, at: [10, 40], gap: 20..<30)
        let other = Self.recording("b", seconds: 20, rate: 50, at: [5])
        let result = try search.matches(in: [gapped, other], of: "data", files: ["a.csv", "b.csv"], limit: 3, maxDistance: nil,
                                        exclusion: nil, threads: 1)
        #expect(result.searched == 2)
        let found = result.matches.map { "\($0.recording)@\(Int($0.start.rounded()))" }
        #expect(Set(found) == ["a@10", "a@40", "b@5"], "\(result.matches)")
        #expect(result.matches.map(\.distance) == result.matches.map(\.distance).sorted(), "best first")
        #expect(result.notes.count == 1 && result.notes[0].description.hasPrefix("data#a: 1 gaps longer than 3 sample intervals")
                    && result.notes[0].description.contains("searched its 2 runs apart"), "\(result.notes)")
        // No match spans the gap: every match lies inside one run.
        for m in result.matches where m.recording == "a" { #expect(m.end < 20 || m.start >= 30) }
    }

    @Test func aRecordingAtAnotherRateIsRefusedAndOneTooShortIsSkipped() throws {
        let search = try Self.search(Self.recording("query", seconds: 5, rate: 50, at: [2]))
        let fast = Self.recording("fast", seconds: 10, rate: 100, at: [3])
        #expect(throws: DataFileError.self) {
            try search.matches(in: [fast], of: "fast.csv", files: ["fast.csv"], limit: 1, maxDistance: nil, exclusion: nil, threads: 1)
        }
        let short = Self.recording("short", seconds: 0.5, rate: 50, at: [])
        let long = Self.recording("long", seconds: 10, rate: 50, at: [6])
        let result = try search.matches(in: [short, long], of: "d", files: ["s.csv", "l.csv"], limit: 1, maxDistance: nil, exclusion: nil, threads: 1)
        #expect(result.searched == 1 && result.notes == [.shorterThanQuery(name: "d#short", samples: 25, query: 50)])
        #expect(result.matches.count == 1 && abs(result.matches[0].start - 6) < 0.1)
        let error = #expect(throws: DataFileError.self) {
            try search.matches(in: [short], of: "s.csv", files: ["s.csv"], limit: 1, maxDistance: nil, exclusion: nil, threads: 1)
        }
        #expect(error?.message.contains("nothing was searched") == true)
    }

    @Test func candidatesOverlappingAnAnnotationOrABetterCandidateAreLeftOut() {
        let recording = Self.recording("a", seconds: 30, rate: 50, at: [5, 20], annotations: [Annotation(start: 4.8, end: 6, label: "walk")])
        let matches = [
            ExampleSearch.Match(recording: "a", start: 20, end: 21, distance: 0.1, sample: 1000),
            ExampleSearch.Match(recording: "a", start: 20.5, end: 21.5, distance: 0.2, sample: 1025),
            ExampleSearch.Match(recording: "a", start: 5, end: 6, distance: 0.3, sample: 250),
            ExampleSearch.Match(recording: "b", start: 1, end: 2, distance: 0.05, sample: 50),
        ]
        let kept = ExampleSearch.annotations(of: recording, adding: matches, label: "shape", keepingOwn: true)
        #expect(kept.annotations == [Annotation(start: 4.8, end: 6, label: "walk"), Annotation(start: 20, end: 21, label: "shape")])
        #expect(kept.added == 1 && kept.overlapping == 2)
        let alone = ExampleSearch.annotations(of: recording, adding: matches, label: "shape", keepingOwn: false)
        #expect(alone.annotations.map(\.start) == [5, 20] && alone.added == 2 && alone.overlapping == 1)
    }

    @Test func theExclusionKeepsMatchesOfOneRecordingApartAcrossRuns() {
        let matches = [
            ExampleSearch.Match(recording: "a", start: 10, end: 11, distance: 0.3, sample: 0),
            ExampleSearch.Match(recording: "a", start: 10.4, end: 11.4, distance: 0.1, sample: 0),
            ExampleSearch.Match(recording: "a", start: 12, end: 13, distance: 0.2, sample: 0),
        ]
        #expect(ExampleSearch.excluding(matches, within: 1).map(\.start) == [10.4, 12])
        #expect(ExampleSearch.excluding(matches, within: 0).count == 3)
    }
}
