import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

private func detection(_ label: String, _ start: Double, _ end: Double, time: Double? = nil, phase: GestureEvent.Phase = .ended, direction: Direction? = nil) -> GestureEvent {
    GestureEvent(label: label, phase: phase, start: start, end: end, time: time ?? end, score: 1, direction: direction)
}

/// A recording spanning `0...duration` seconds (two samples suffice for matching).
func recording(_ id: String, subject: String = "s1", duration: Double = 100, _ annotations: [Annotation]) -> Recording {
    Recording(id: id, subject: subject, timestamps: [0, duration], channels: [(.accelX, [0, 0])], annotations: annotations)
}

@Suite struct EventMatchingTests {
    let matching = EventMatching(toleranceBefore: 0.5, toleranceAfter: 0.5)

    @Test func oneToOneMatchWithLatency() throws {
        let r = recording("r", [Annotation(start: 10, end: 11, label: "shake")])
        let e = try EventEvaluation(recordings: [r], events: [[detection("shake", 10.1, 10.9, time: 11.2)]], matching: matching)
        #expect(e.overall.truePositives == 1 && e.overall.insertions == 0 && e.overall.deletions == 0)
        #expect(e.precision.value == 1 && e.recall.value == 1 && e.f1.value == 1)
        #expect(abs(e.latencyFromEnd!.mean.value - 0.2) < 1e-12)
        #expect(abs(e.latencyFromStart!.median.value - 1.2) < 1e-12)
        #expect(e.confusion["shake", "shake"] == 1 && e.confusion[EventEvaluation.null, EventEvaluation.null] == 0)
    }

    @Test func fragmentation() {
        let result = matching.match(
            annotations: [Annotation(start: 10, end: 12, label: "shake")],
            events: [detection("shake", 10, 10.8), detection("shake", 11.2, 12)])
        #expect(result.detectionOutcomes == [.correct, .fragment])
        let c = result.counts
        #expect(c.truePositives == 1 && c.fragments == 1 && c.fragmentedAnnotations == 1 && c.insertions == 0)
        #expect(c.precision == 0.5 && c.recall == 1)
    }

    @Test func merge() {
        let result = matching.match(
            annotations: [Annotation(start: 10, end: 11, label: "shake"), Annotation(start: 11.5, end: 12.5, label: "shake"),
                          Annotation(start: 20, end: 21, label: "shake")],
            events: [detection("shake", 10, 12.5)])
        #expect(result.annotationOutcomes == [.correct, .merged, .deletion])
        #expect(result.mergedInto == [nil, 0, nil])
        let c = result.counts
        #expect(c.truePositives == 1 && c.merged == 1 && c.mergingDetections == 1 && c.deletions == 1)
        #expect(c.precision == 1 && abs(c.recall - 1.0 / 3) < 1e-15)
    }

    @Test func toleranceBoundariesAreInclusive() {
        let annotation = [Annotation(start: 10, end: 11, label: "tap")]
        // Ends exactly 0.5 s before the start: inside. A hair earlier: outside.
        #expect(matching.match(annotations: annotation, events: [detection("tap", 9.0, 9.5)]).annotationOutcomes == [.correct])
        #expect(matching.match(annotations: annotation, events: [detection("tap", 9.0, 9.4999)]).detectionOutcomes == [.insertion])
        // Starts exactly 0.5 s after the end: inside. A hair later: outside.
        #expect(matching.match(annotations: annotation, events: [detection("tap", 11.5, 11.6)]).annotationOutcomes == [.correct])
        let late = matching.match(annotations: annotation, events: [detection("tap", 11.5001, 11.6)])
        #expect(late.annotationOutcomes == [.deletion] && late.detectionOutcomes == [.insertion])
        // Zero tolerance: only real overlap (touching counts).
        let strict = EventMatching(toleranceBefore: 0, toleranceAfter: 0)
        #expect(strict.match(annotations: annotation, events: [detection("tap", 11, 11.2)]).annotationOutcomes == [.correct])
        #expect(strict.match(annotations: annotation, events: [detection("tap", 11.01, 11.2)]).annotationOutcomes == [.deletion])
    }

    @Test func tieRules() {
        let annotation = [Annotation(start: 10, end: 12, label: "shake")]
        // Same label wins over a longer-overlapping other label.
        let labelled = matching.match(annotations: annotation, events: [detection("flip", 10, 12), detection("shake", 11.5, 12.2)])
        #expect(labelled.annotationOfDetection == [nil, 0])
        // Equal overlap: the closer midpoint wins, the other is a fragment.
        let centred = matching.match(annotations: annotation, events: [detection("shake", 9.6, 10.6), detection("shake", 10.5, 11.5)])
        #expect(centred.annotationOfDetection == [nil, 0] && centred.detectionOutcomes == [.fragment, .correct])
        // Fully equal: the earlier detection wins.
        let same = matching.match(annotations: annotation, events: [detection("shake", 10, 12), detection("shake", 10, 12)])
        #expect(same.annotationOfDetection == [0, nil])
        // One detection between two annotations it overlaps equally: the earlier annotation gets it.
        let between = matching.match(annotations: [Annotation(start: 10, end: 11, label: "a"), Annotation(start: 12, end: 13, label: "a")],
                                     events: [detection("a", 10.5, 12.5)])
        #expect(between.annotationOutcomes == [.correct, .merged])
    }

    @Test func substitutionsAndNullConfusion() throws {
        let r = recording("r", duration: 3600, [Annotation(start: 10, end: 11, label: "shake"), Annotation(start: 50, end: 51, label: "flip")])
        let events = [detection("flip", 10.2, 10.8), detection("shake", 300, 300.5), detection("shake", 400, 400.5, phase: .began),
                      detection("shake", 500, 500.5, phase: .cancelled)]
        let e = try EventEvaluation(recordings: [r], events: [events], matching: matching)
        #expect(e.labels == ["flip", "shake"])
        #expect(e.confusion.rows == ["flip", "shake", "null"] && e.confusion.rowAxis == "annotation" && e.confusion.columnAxis == "detection")
        #expect(e.confusion["shake", "flip"] == 1)
        #expect(e.confusion["flip", "null"] == 1)
        #expect(e.confusion["null", "shake"] == 1)
        #expect(e.overall.truePositives == 0 && e.overall.substitutions == 1 && e.overall.insertions == 1 && e.overall.deletions == 1)
        #expect(e.byLabel["shake"]!.substitutions == 1 && e.byLabel["flip"]!.deletions == 1 && e.byLabel["shake"]!.insertions == 1)
        // Background: 3600 s minus 2 s annotated; one insertion (began/cancelled do not count).
        #expect(abs(e.backgroundHours - 3598.0 / 3600) < 1e-12)
        #expect(abs(e.falsePositivesPerHour.value - 3600.0 / 3598) < 1e-12)
        #expect(e.latencyFromEnd == nil)
    }

    @Test func directionConfusion() throws {
        let r = recording("r", [Annotation(start: 10, end: 11, label: "slapLeft"), Annotation(start: 20, end: 21, label: "slapRight"),
                                Annotation(start: 30, end: 31, label: "slapRight")])
        let events = [detection("slapLeft", 10, 11, direction: .right), detection("slapRight", 20, 21, direction: .right),
                      detection("slapRight", 30, 31)]
        let e = try EventEvaluation(recordings: [r], events: [events], matching: matching)
        let d = try #require(e.directionConfusion)
        #expect(d["left", "right"] == 1 && d["right", "right"] == 1 && d["right", "none"] == 1)
        #expect(d.counts.joined().reduce(0, +) == 3)
        let plain = try EventEvaluation(recordings: [recording("p", [Annotation(start: 1, end: 2, label: "shake")])], events: [[]])
        #expect(plain.directionConfusion == nil && plain.overall.deletions == 1)
    }

    @Test func poolsRecordingsAndSubjectsWithBootstrapIntervals() throws {
        var recordings: [Recording] = [], events: [[GestureEvent]] = []
        for i in 0..<8 {
            let annotations = (0..<5).map { Annotation(start: Double($0) * 10 + 5, end: Double($0) * 10 + 6, label: "shake") }
            recordings.append(recording("r\(i)", subject: "s\(i % 4)", annotations))
            // Recording i detects the first (i % 5) + 1 gestures and raises one false alarm when i is odd.
            var e = annotations.prefix(i % 5 + 1).map { detection("shake", $0.start, $0.end, time: $0.end + 0.1 * Double(i)) }
            if i % 2 == 1 { e.append(detection("shake", 80, 80.5)) }
            events.append(e)
        }
        let options = BootstrapOptions(replicates: 400, seed: 11)
        let e = try EventEvaluation(recordings: recordings, events: events, bootstrap: options)
        #expect(e.overall.annotations == 40 && e.overall.truePositives == 21 && e.overall.insertions == 4)
        #expect(e.bySubject.count == 4 && e.bySubject["s1"]!.truePositives == 2 + 1)
        let f1 = try #require(e.f1.interval)
        #expect(f1.lower < e.f1.value && e.f1.value < f1.upper)
        #expect(e.unitCounts.count == 8 && e.unitCounts[3] == DetectionCounts(truePositives: 4, detections: 5, annotations: 5))
        #expect(try EventEvaluation(recordings: recordings, events: events, bootstrap: options) == e)
        #expect(throws: StatisticsError.self) { try EventEvaluation(recordings: recordings, events: [], bootstrap: options) }
    }

    @Test func rejectsNegativeTolerance() {
        let r = recording("r", [Annotation(start: 1, end: 2, label: "a")])
        #expect(throws: StatisticsError.self) {
            try EventEvaluation(recordings: [r], events: [[]], matching: EventMatching(toleranceBefore: -0.1))
        }
    }

    @Test func backgroundExcludesOverlappingAnnotationsOnce() {
        let r = recording("r", duration: 20, [Annotation(start: 2, end: 6, label: "a"), Annotation(start: 4, end: 8, label: "b"),
                                              Annotation(start: 18, end: 25, label: "c")])
        #expect(EventEvaluation.background(of: r) == 20 - 6 - 2)
    }
}

@Suite struct EventDetectionTests {
    @Test func runsAFreshPipelinePerRecordingInOrder() throws {
        let recordings = (0..<6).map { i in
            let times = (0..<500).map { Double($0) / 50 }
            let x = times.map { t in (t > 2 && t < 2.5) || (i % 2 == 0 && t > 6 && t < 6.4) ? 2.0 : 0.0 }
            return Recording(id: "r\(i)", subject: "s\(i)", timestamps: times, channels: [(.accelX, x)],
                             annotations: [Annotation(start: 2, end: 2.5, label: "push")])
        }
        // A fresh copy of the fixture recognizer (a value) for each recording.
        let push = try Push(configuration: .init(threshold: 1))
        let events = EventDetection.run(recordings) { Pipeline(recognizers: [push]) }
        #expect(events.map(\.count) == [2, 1, 2, 1, 2, 1])
        let e = try EventEvaluation(recordings: recordings, events: events, bootstrap: .init(replicates: 100))
        #expect(e.overall.truePositives == 6 && e.overall.insertions == 3)
        let latency = try #require(e.latencyFromEnd)
        #expect(latency.count == 6 && abs(latency.mean.value) < 1e-9)
    }

    /// A recording that ends 0.02 s after a shake's last strong reading: the shake's closing pause runs past the
    /// end, and the evaluation still counts it (the pipeline is finished at each recording's end).
    @Test func aShakeAtTheVeryEndOfARecordingIsCounted() throws {
        let samples = GestureMotions.vigorousShake().samples(rate: 50)
        var whole = try ShakeCounter()
        let shake = try #require(whole.run(over: samples).last)
        let kept = samples.filter { $0.timestamp <= shake.end + 0.02 }
        let t = kept.map(\.timestamp)
        let recording = Recording(id: "end", timestamps: t,
                                  channels: [(.accelX, kept.map(\.acceleration.x)), (.accelY, kept.map(\.acceleration.y)),
                                             (.accelZ, kept.map(\.acceleration.z))],
                                  annotations: [Annotation(start: shake.start, end: shake.end, label: "shake")])
        let events = EventDetection.run([recording]) { Pipeline(recognizers: [try! ShakeCounter()]) }
        #expect(events[0].map(\.phase) == [.began, .ended])
        let e = try EventEvaluation(recordings: [recording], events: events, bootstrap: .init(replicates: 10))
        #expect(e.overall.truePositives == 1 && e.overall.deletions == 0)
    }
}
