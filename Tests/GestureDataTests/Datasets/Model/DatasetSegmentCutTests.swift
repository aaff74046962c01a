import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// `Dataset.segmentsCut`: a continuous dataset's annotations as a segment dataset, nothing lost without a count.
@Suite struct DatasetSegmentCutTests {
    /// Two subjects, one 40-s recording each, at 50 Hz without dropped samples or jitter, so lengths are exact.
    static func synthetic() throws -> Dataset {
        var spec = SyntheticDatasetSpec(seed: 59, subjects: 2, sessionsPerSubject: 1, recordingDuration: 40)
        spec.sensor.dropProbability = 0
        spec.sensor.timestampJitter = 0
        return try SyntheticDatasetGenerator.generate(spec)
    }

    @Test func everyAnnotationBecomesOneExampleWithItsLabelSubjectAndSpanPlusContext() throws {
        let source = try Self.synthetic()
        let annotations = source.recordings.flatMap { r in r.annotations.map { (r, $0) } }
        #expect(annotations.count >= 10)
        let context = 0.5
        let cut = try source.segmentsCut(before: context, after: context)
        let examples = cut.dataset.recordings
        #expect(cut.dataset.kind == .segments)
        #expect(cut.dataset.samplingRate == source.samplingRate)
        #expect(cut.annotations == annotations.count && cut.written == annotations.count)
        #expect(cut.skipped.isEmpty && cut.unselected == 0 && cut.clippedAnnotations == 0 && cut.clippedContext == 0)
        #expect(examples.count == annotations.count)
        #expect(Set(examples.map(\.id)).count == examples.count)
        #expect(cut.dataset.subjects == source.subjects && cut.subjects.keys.sorted() == source.subjects)
        #expect(cut.examples == Dictionary(grouping: annotations.map(\.1.label)) { $0 }.mapValues(\.count))
        let period = try 1 / #require(source.samplingRate)
        for (example, (recording, annotation)) in zip(examples, annotations) {
            #expect(example.subject == recording.subject && example.session == recording.session)
            #expect(example.id.hasPrefix(recording.id + "/") && example.id.hasSuffix("-" + annotation.label))
            #expect(example.annotations.count == 1)
            #expect(example.annotations[0].label == annotation.label)
            // On the source's clock: the annotation keeps its times, the signal reaches `context` either side.
            #expect(abs(example.annotations[0].start - annotation.start) < period && abs(example.annotations[0].end - annotation.end) < period)
            #expect(example.timestamps.first! >= annotation.start - context && example.timestamps.first! < annotation.start - context + period)
            #expect(example.timestamps.last! <= annotation.end + context && example.timestamps.last! > annotation.end + context - period)
            #expect(abs(example.duration - (annotation.duration + 2 * context)) < 2 * period, "\(example.id)")
            let inside = recording.timestamps.filter { $0 >= annotation.start - context && $0 <= annotation.end + context }
            #expect(example.timestamps == inside)
            #expect(example.column(.accelX)! == Array(recording.column(.accelX)![recording.timestamps.firstIndex(of: inside[0])!...].prefix(inside.count)))
        }
    }

    @Test func theWrittenSegmentDatasetReadsBackTheSame() throws {
        let cut = try Self.synthetic().segmentsCut(before: 0.25, after: 0.75)
        let folder = TemporaryFolder.root.appendingPathComponent("segment-cut-\(UUID().uuidString)")
        try DatasetWriter.write(cut.dataset, to: folder)
        let read = try DatasetSource(folder.path).load().dataset
        #expect(read.kind == .segments)
        #expect(read.recordings.count == cut.written)
        #expect(read.recordings.map(\.id) == cut.dataset.recordings.map(\.id))
        #expect(read.recordings.map(\.subject) == cut.dataset.recordings.map(\.subject))
        #expect(read.recordings.map(\.annotations) == cut.dataset.recordings.map(\.annotations))
        #expect(read.recordings.map(\.timestamps) == cut.dataset.recordings.map(\.timestamps))
    }

    /// A 10-s recording at 10 Hz with one annotation of each fate.
    static let edges: Dataset = {
        let times = (0...100).map { Double($0) / 10 }
        let recording = Recording(id: "r", subject: "ann", session: "1", timestamps: times, channels: [(.accelX, times)], annotations: [
            Annotation(start: 0.5, end: 1.5, label: "early"),        // context clipped at the start
            Annotation(start: 4, end: 5, label: "middle"),
            Annotation(start: 6, end: 6.05, label: "blink"),         // one sample: too short
            Annotation(start: 9.5, end: 12, label: "late"),          // reaches past the end: cut there
            Annotation(start: 20, end: 21, label: "after"),          // outside
            Annotation(start: 7, end: .nan, label: "broken"),        // invalid (fourth by start)
        ])
        return Dataset(name: "edges", kind: .continuous, samplingRate: 10, recordings: [recording])
    }()

    @Test func contextIsClippedAtRecordingEndsAndSkipsAreCountedByReason() throws {
        let cut = try Self.edges.segmentsCut(before: 1, after: 1)
        #expect(cut.dataset.recordings.map(\.id) == ["r/001-early", "r/002-middle", "r/005-late"])
        #expect(cut.dataset.recordings.map(\.count) == [26, 31, 16])
        #expect(cut.dataset.recordings[0].timestamps.first == 0 && cut.dataset.recordings[0].timestamps.last == 2.5)
        #expect(cut.dataset.recordings[2].annotations == [Annotation(start: 9.5, end: 10, label: "late")])
        #expect(cut.skipped == [.tooShort: 1, .outsideRecording: 1, .invalidTimes: 1])
        #expect(cut.clippedAnnotations == 1 && cut.clippedContext == 2)
        let summary = cut.lines.joined(separator: "\n")
        #expect(summary.contains("cut 3 of 6 annotations of edges"))
        #expect(summary.contains("skipped 3: 1 start or end not a number, or end before start, 1 outside their recording, 1 shorter than 2 samples"))
        #expect(summary.contains("examples by subject (1): ann 3"))
        // Without context the example is the annotation's samples, both ends included.
        let bare = try Self.edges.segmentsCut(keeping: { $0 == "middle" })
        #expect(bare.dataset.recordings.map(\.timestamps) == [(40...50).map { Double($0) / 10 }])
        #expect(bare.unselected == 5 && bare.clippedContext == 0)
        #expect(bare.lines.contains("not kept (label not selected): 5"))
    }

    @Test func refusesSegmentsNoAnnotationsNegativeContextAndACutOfNothing() throws {
        let segments = Dataset(name: "shapes", segments: [LabelledSeries(label: "a", dimensions: [[1, 2, 3]])], samplingRate: 10)
        #expect(throws: Dataset.SegmentCutError.alreadySegments("shapes")) { try segments.segmentsCut() }
        var bare = Self.edges
        bare.recordings[0].annotations = []
        #expect(throws: Dataset.SegmentCutError.noAnnotations("edges")) { try bare.segmentsCut() }
        #expect(throws: Dataset.SegmentCutError.invalidContext(-1)) { try Self.edges.segmentsCut(before: -1) }
        do {
            _ = try Self.edges.segmentsCut(keeping: { $0 == "blink" || $0 == "after" })
            Issue.record("a cut of nothing was not refused")
        } catch {
            #expect(error.description == "no segment to write: skipped 2: 1 outside their recording, 1 shorter than 2 samples; not kept (label not selected): 4")
        }
    }
}
