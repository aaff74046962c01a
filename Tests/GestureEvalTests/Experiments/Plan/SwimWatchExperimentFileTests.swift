import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// `configs/experiments/swimwatch-turns.yaml`, the shipped experiment on real recordings.
@Suite struct SwimWatchExperimentFileTests {
    static let path = "configs/experiments/swimwatch-turns.yaml"

    /// The file parses; its first entries (mean + 3σ, calibrated on streams, calibrated with background templates)
    /// share one configuration through a YAML merge key, use `channels:` (no deprecation warning) and differ
    /// only in `rejection` and `backgroundTemplates`; the intensity entries compare envelopes of |a| with context,
    /// fixed and searched inside the folds (the last also over the refractory time).
    @Test func parsesWithChannelsAndTheMergeKey() throws {
        let spec = try Experiment.shipped(Self.path)
        #expect(spec.entries.map(\.name) == ["dtw mean+3σ", "dtw calibrated", "dtw calibrated + background",
                                              "dtw intensity + context", "dtw intensity + context, searched",
                                              "dtw intensity + context, searched with refractory time", "minirocket stream",
                                              "minirocket stream, searched", "minirocket stream, long context",
                                              "minirocket stream, long context + yaw rate and vertical acceleration",
                                              "minirocket stream, long context, balanced + augmented",
                                              "minirocket stream, long context + rhythm",
                                              "minirocket stream, long context + rhythm, balanced + augmented"])
        let values = try spec.entries.map { entry -> [String: ConfigurationValue] in
            let value = try #require(try entry.configuration?.resolve())
            #expect(DTWTrainingSettings.deprecations(in: value).isEmpty, "entry \(entry.name) uses renamed keys")
            guard case let .object(map) = value else {
                Issue.record("entry \(entry.name): configuration is not a map")
                return [:]
            }
            return map
        }
        #expect(values[0]["channels"] == .array([.string("accel.x"), .string("accel.y"), .string("accel.z")]))
        #expect(values[0]["signal"] == nil && values[0]["axes"] == nil)
        #expect(values[0]["rejection"] != values[1]["rejection"])
        #expect(values[1]["rejection"] == values[2]["rejection"])
        #expect(values[2]["backgroundTemplates"] == .number(5) && values[1]["backgroundTemplates"] == nil)
        let shared = { (map: [String: ConfigurationValue]) in map.filter { !["rejection", "backgroundTemplates"].contains($0.key) } }
        #expect(shared(values[0]) == shared(values[1]) && shared(values[1]) == shared(values[2]), "the merge key shares the rest")
        #expect(values[3]["channels"] == .array([.string("accel.magnitude")]) && values[3]["band"] == values[0]["band"])
        #expect(values[3] == values[4] && spec.entries[4].search.keys.sorted() == ["context", "movingDeviation"])
        #expect(values[3] == values[5] && spec.entries[5].search.keys.sorted() == ["context", "movingDeviation", "refractoryTime"])
        let intensity = try values[3].isEmpty ? nil : ConfigurationValue.object(values[3]).decoding.decode(DTWTrainingSettings.self)
        #expect(intensity?.context == 1.5 && intensity?.movingDeviation == 1.5)
        // The learned spotter in the same group, on orientation-free magnitudes, with its threshold calibrated on the
        // training streams like the DTW entries.
        #expect(spec.entries[6].recognizer == "minirocket-stream" && spec.entries[6].search.isEmpty)
        let stream = try values[6].isEmpty ? nil : ConfigurationValue.object(values[6]).decoding.decode(MiniRocketStreamSettings.self)
        #expect(stream?.channels?.map(\.rawValue) == ["accel.magnitude", "gyro.magnitude"] && stream?.window == 4 && stream?.objective == .f1)
        #expect(spec.entries[7].search.keys.sorted() == ["context", "samplingRate"])
        // Issue 45: the long-context entries share one configuration (8 s of context either side at 10 Hz) and differ
        // in their channels (magnitudes; with yaw rate and vertical acceleration; with the rhythm), or in their class
        // weights and augmentation.
        let long = try (8...12).map { try ConfigurationValue.object(values[$0]).decoding.decode(MiniRocketStreamSettings.self) }
        #expect(long.allSatisfy { $0.context == 8 && $0.window == 4 && $0.samplingRate == 10 })
        #expect(long[1].channels?.map(\.rawValue) == ["accel.magnitude", "gyro.magnitude", "yawRate", "verticalAcceleration"])
        #expect(long[2].augmentation.copies == 2 && long[0].augmentation.copies == 0)
        #expect(long[3].channels?.map(\.rawValue) == ["accel.magnitude", "gyro.magnitude", "strokePeriod", "rhythmRegularity"])
        #expect(long[4].channels == long[3].channels && long[4].augmentation == long[2].augmentation && long[3].augmentation.copies == 0)
        #expect(try spec.comparisonGroups().count == 1)
        // Issue 55: the entries whose settings were chosen after scoring these folds say so; the searched ones choose
        // inside the folds and do not.
        #expect(spec.entries.indices.filter { spec.entries[$0].tunedOnTheseFolds } == [3] + Array(8...12))
    }

    /// With `../shared/datasets/SwimWatch_Turns` present, the experiment's dataset reference loads it.
    @Test(.needsSharedData) func datasetReferenceLoadsTheSharedCopy() throws {
        let spec = try Experiment.shipped(Self.path)
        guard case let .source(reference) = try #require(spec.datasets["swim"]) else {
            Issue.record("swim is not a single source")
            return
        }
        // Paths in the file are relative to the repository root.
        let rooted = reference.replacingOccurrences(of: "../shared", with: SharedData.packageRoot.deletingLastPathComponent().path + "/shared")
        let dataset = try DatasetSource(rooted).load().dataset
        #expect(dataset.kind == .continuous)
        #expect(dataset.recordings.flatMap(\.annotations).count { $0.label == "turn" } == 60)
    }

    /// What the rhythm entry relies on, on real swimmers: the rhythm breaks at the wall. On every swimmer, the
    /// lowest `rhythmRegularity` from a turn's start to 4 s after its end is, at the median over their turns, at least
    /// 0.3 below the median regularity in the middle halves of their stroke bouts (about 0.73–0.94).
    @Test(.needsSharedData) func theRhythmBreaksAtTheWallOnRealSwimmers() throws {
        let spec = try Experiment.shipped(Self.path)
        guard case let .source(reference) = try #require(spec.datasets["swim"]) else { return }
        let rooted = reference.replacingOccurrences(of: "../shared", with: SharedData.packageRoot.deletingLastPathComponent().path + "/shared")
        let dataset = try DatasetSource(rooted).load().dataset
        func median(_ values: [Double]) -> Double { let s = values.sorted(); return s.isEmpty ? .nan : s[s.count / 2] }
        var turnsBySubject: [String: [Double]] = [:], strokesBySubject: [String: [Double]] = [:]
        let regularity = try #require(MotionChannel(rawValue: "rhythmRegularity"))
        for recording in dataset.recordings {
            let derived = recording.derivingChannels([regularity])
            let values = try #require(derived.column(Channel(regularity)))
            let times = derived.timestamps
            func span(_ from: Double, _ to: Double) -> [Double] {
                zip(times, values).filter { $0.0 >= from && $0.0 <= to }.map(\.1)
            }
            let subject = recording.subject
            for a in recording.annotations {
                if a.label == "turn" {
                    if let lowest = span(a.start, a.end + 4).min() { turnsBySubject[subject, default: []].append(lowest) }
                } else {
                    let quarter = (a.end - a.start) / 4
                    strokesBySubject[subject, default: []] += span(a.start + quarter, a.end - quarter)
                }
            }
        }
        #expect(turnsBySubject.count == 11)
        var compared = 0
        for (subject, turns) in turnsBySubject.sorted(by: { $0.key < $1.key }) {
            // Some swimmers' sessions label turns only, with no stroke bout to compare.
            guard let strokes = strokesBySubject[subject], !strokes.isEmpty else { continue }
            let (turn, stroke) = (median(turns), median(strokes))
            #expect(turn <= stroke - 0.3, "swimmer \(subject): turns \(turn), strokes \(stroke)")
            compared += 1
        }
        #expect(compared >= 8)
    }
}
