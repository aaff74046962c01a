import Foundation
import GestureKit

/// Generates labelled synthetic motion datasets from a ``SyntheticDatasetSpec``.
///
/// Each recording is scripted in continuous time (a base attitude and a chain of gestures and
/// background activities, see ``SyntheticGesture`` and ``SyntheticBackground``) and then sampled
/// through a ``SensorModel``. Annotations are exact: each covers one gesture from its first
/// movement to its last, and everything else is background.
///
/// Labels:
/// - `shake`: 2–4 whole cycles along device x or y at 2.2–5 Hz and 1.6–3.4 g, lasting at most
///   0.95 s (the system cancels longer shakes), so every annotated shake has at least three
///   alternating movements ≥ 0.75 g of user acceleration on its dominant axis, one ≥ 1.25 g.
/// - `slap-<direction>` (``GestureKit/Direction`` raw values: `right`, `left`, `up`, `down`,
///   `toward`, `away`): a sharp push of the device **toward** `direction` (1.36–3.1 g), then a
///   weaker, longer braking. User acceleration opposes the device's acceleration (CoreMotion's
///   sign), so the recorded start peak — the strongest reading — points **against** the label and
///   the braking peak along it; a peak-direction detector that reports where the device went
///   should report the label.
/// - `movement-<direction>`: the same for gentle movements (start 0.43–1.1 g) whose braking
///   ranges from 0.7 to 1.6 × the start, so "the largest reading is the start" gets some backwards.
/// - `flip`: turned face down by 2.9–3.14 rad about device x or y, held, and turned back; the
///   annotation covers all three.
/// - ``ShapeGesture`` raw values (`circle-cw`, …): shapes drawn in the air, for template matching.
///
/// Background never exceeds 0.75 g per lobe nor rotates more than 0.7 rad from rest.
/// These are properties of the motion; the recorded samples show them at 25 Hz and above, except
/// that a lost sample (``SensorModel/dropProbability``) can take the crest of a 0.1 s slap lobe
/// out of a 25 Hz recording, as it would on a real device.
/// Every random choice comes from `spec.seed` through ``SplitMix64`` streams keyed by subject,
/// session and recording, so recordings are independent of each other and the same spec gives
/// the same dataset; scripts do not depend on the sampling rate, so the same spec at 25, 50 and
/// 100 Hz has the same annotations.
package enum SyntheticDatasetGenerator {
    /// The label of shakes.
    package static let shakeLabel = "shake"
    /// The label of flips.
    package static let flipLabel = "flip"
    /// The label of a slap that pushes the device toward `direction`: `slap-<direction>`.
    package static func slapLabel(_ direction: Direction) -> String { "slap-\(direction.rawValue)" }
    /// The label of a gentle movement of the device toward `direction`: `movement-<direction>`.
    package static func movementLabel(_ direction: Direction) -> String { "movement-\(direction.rawValue)" }

    /// The spec of the dataset that ships with the project: 6 subjects × 2 sessions × 40 s of
    /// continuous recording at 50 Hz with every gesture family and background activity.
    package static var defaultSpec: SyntheticDatasetSpec { SyntheticDatasetSpec() }

    /// The spec of the shipped segment dataset for template training: 6 subjects × 1 session ×
    /// 8 shapes × 2 repetitions at 50 Hz.
    package static var defaultSegmentSpec: SyntheticDatasetSpec {
        SyntheticDatasetSpec(name: "synthetic-shapes", kind: .segments, sessionsPerSubject: 1)
    }

    /// Generates the dataset `spec` describes, continuous or segments according to `spec.kind`.
    ///
    /// Recordings are generated in parallel. O(total duration × sampling rate).
    package static func generate(_ spec: SyntheticDatasetSpec) throws(ConfigurationError) -> Dataset {
        try spec.validate()
        let jobs = spec.kind == .continuous ? continuousJobs(spec) : segmentJobs(spec)
        let recordings = parallelMap(jobs.count) { i in jobs[i].run(spec) }
        var description = spec.kind == .continuous
            ? "Synthetic continuous motion recordings (seed \(spec.seed)): shakes, slaps and gentle movements in six directions, flips and drawn shapes between rest, hand tremor, walking, pick-up and set-down, bumps, vibration and tilts; \(spec.subjects) subjects with their own style."
            : "Synthetic drawn-shape gestures (seed \(spec.seed)), one recording per example, \(spec.subjects) subjects with their own style."
        let confusers = spec.backgrounds.filter { SyntheticBackground.confusers.contains($0) }
        if spec.kind == .continuous, let minimum = spec.minimumGestureDuration, let maximum = spec.maximumGestureDuration {
            description += " Each gesture is repeated in a bout of \(Self.seconds(minimum))–\(Self.seconds(maximum)) s, annotated as one event."
        }
        if spec.kind == .continuous, !confusers.isEmpty || spec.mannerVariation > 0 || spec.annotateBackground {
            description += " Harder than the default:"
            if !confusers.isEmpty { description += " confusing activities (\(confusers.map(\.label).joined(separator: ", ")));" }
            if spec.mannerVariation > 0 { description += " \(Int((spec.mannerVariation * 100).rounded())) % of gestures performed weakly, fast or slowly;" }
            if spec.annotateBackground { description += " background activities annotated with their names;" }
            description.removeLast()
            description += "."
        }
        return Dataset(
            name: spec.name, description: description, kind: spec.kind, samplingRate: spec.samplingRate,
            recordings: recordings, license: "CC0-1.0",
            citation: "Generated by the GestureLab synthesizer (GestureEval.SyntheticDatasetGenerator) from a SyntheticDatasetSpec with seed \(spec.seed)."
        )
    }

    /// `seconds` with at most one decimal (`30`, `2.5`).
    private static func seconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }

    /// Identifier of subject `index` (0-based), e.g. `subject01`.
    static func subjectID(_ index: Int) -> String { "subject" + pad(index + 1) }
    /// Identifier of session `index` (0-based), e.g. `session1`.
    static func sessionID(_ index: Int) -> String { "session\(index + 1)" }
    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// One recording to generate.
    private struct Job: Sendable {
        var subject: Int, session: Int, index: Int
        /// The shape of a segment recording; `nil` for a continuous one.
        var shape: ShapeGesture?
        /// The recording's position in the dataset, which staggers label rounds.
        var position = 0

        func run(_ spec: SyntheticDatasetSpec) -> Recording {
            var styleRNG = SplitMix64.stream(spec.seed, 1, UInt64(subject))
            let style = SubjectStyle.random(variation: spec.styleVariation, using: &styleRNG)
            let shapeKey = UInt64(shape.map { ShapeGesture.allCases.firstIndex(of: $0)! + 1 } ?? 0)
            var sceneRNG = SplitMix64.stream(spec.seed, 2, UInt64(subject), UInt64(session), UInt64(index), shapeKey)
            var sensorRNG = SplitMix64.stream(spec.seed, 3, UInt64(subject), UInt64(session), UInt64(index), shapeKey)
            let sensorSeed = sensorRNG.next()

            // At rest the phone lies face up, pitched by the subject's habit, heading anywhere.
            let heading = sceneRNG.uniform(-Double.pi...Double.pi)
            let base = Quaternion(EulerAngles(pitch: style.holdingPitch, roll: 0, yaw: heading))
            var composer = SceneComposer(style: style, rng: sceneRNG, offset: 2 * position)
            var scene = SyntheticScene(base: base)
            let subjectID = SyntheticDatasetGenerator.subjectID(subject)
            let sessionID = SyntheticDatasetGenerator.sessionID(session)
            let id: String
            let duration: Double
            if let shape {
                // A segment: a moment of stillness, the shape, stillness; one annotation covering it all.
                scene.append(.rest(duration: composer.rng.uniform(0.2...0.4)))
                scene.append(composer.shapeMotion(shape))
                scene.append(.rest(duration: composer.rng.uniform(0.2...0.4)))
                duration = scene.end
                id = "\(subjectID)-\(sessionID)-\(shape.rawValue)-\(SyntheticDatasetGenerator.pad(index + 1))"
            } else {
                compose(&scene, &composer, spec)
                duration = spec.recordingDuration
                id = "\(subjectID)-\(sessionID)-\(SyntheticDatasetGenerator.pad(index + 1))"
            }
            var recording = spec.sensor.record(
                id: id, subject: subjectID, session: sessionID, duration: duration, rate: spec.samplingRate,
                seed: sensorSeed, annotations: scene.annotations, motion: scene.state(at:)
            )
            if let shape, let first = recording.timestamps.first, let last = recording.timestamps.last {
                // A segment's one annotation covers exactly the samples recorded.
                recording.annotations = [Annotation(start: first, end: last, label: shape.rawValue)]
            } else if let last = recording.timestamps.last {
                // An annotated background activity can run to the end of the script, past the last sample.
                recording.annotations = recording.annotations.compactMap { a in
                    a.end <= last ? a : (last - a.start >= 0.5 ? Annotation(start: a.start, end: last, label: a.label) : nil)
                }
            }
            return recording
        }

        /// Fills a continuous recording: a still lead-in (detectors settle), then gestures separated
        /// by background, families cycling in shuffled rounds so classes stay balanced.
        private func compose(_ scene: inout SyntheticScene, _ composer: inout SceneComposer, _ spec: SyntheticDatasetSpec) {
            let leadIn: [SyntheticBackground] = spec.backgrounds.filter { $0 == .rest || $0 == .tremor }
            let (still, _) = composer.background(leadIn.isEmpty ? [.rest] : leadIn, duration: composer.rng.uniform(1.5...2.5))
            scene.append(still)
            var round: [SyntheticGesture] = []
            while true {
                if round.isEmpty { round = composer.rng.shuffled(spec.gestures) }
                let (motion, label) = composer.gesture(round.removeLast(), mannerVariation: spec.mannerVariation)
                // A bout repeats the gesture for a drawn duration (no draw without bouts: older specs give the same recordings).
                var bout = [motion]
                if let minimum = spec.minimumGestureDuration, let maximum = spec.maximumGestureDuration {
                    bout = composer.bout(of: motion, duration: composer.rng.uniform(minimum...maximum))
                }
                // Keep at least a minimum gap of background after the last gesture.
                guard scene.end + bout.reduce(0, { $0 + $1.duration }) + spec.minimumGap <= spec.recordingDuration else { break }
                if bout.count == 1 { scene.append(motion, label: label) } else { scene.append(bout: bout, label: label) }
                let gap = min(composer.rng.uniform(spec.minimumGap...spec.maximumGap), spec.recordingDuration - scene.end)
                let (activity, kind) = composer.background(spec.backgrounds, duration: gap)
                scene.append(activity, label: spec.annotateBackground && kind != .rest ? kind.label : nil)
            }
            if scene.end < spec.recordingDuration {
                scene.append(.rest(duration: spec.recordingDuration - scene.end))
            }
        }
    }

    private static func continuousJobs(_ spec: SyntheticDatasetSpec) -> [Job] {
        var jobs: [Job] = []
        for subject in 0..<spec.subjects {
            for session in 0..<spec.sessionsPerSubject {
                for index in 0..<spec.recordingsPerSession {
                    jobs.append(Job(subject: subject, session: session, index: index, shape: nil, position: jobs.count))
                }
            }
        }
        return jobs
    }

    private static func segmentJobs(_ spec: SyntheticDatasetSpec) -> [Job] {
        var jobs: [Job] = []
        for subject in 0..<spec.subjects {
            for session in 0..<spec.sessionsPerSubject {
                for shape in ShapeGesture.allCases {
                    for index in 0..<spec.repetitions {
                        jobs.append(Job(subject: subject, session: session, index: index, shape: shape))
                    }
                }
            }
        }
        return jobs
    }
}
