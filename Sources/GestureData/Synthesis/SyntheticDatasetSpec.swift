import Foundation
import GestureKit

/// Everything that determines a synthetic dataset. The same spec gives the same dataset, value
/// for value; the sampling rate and sensor model change the samples but never the annotations.
///
/// Decoding fills missing keys with the defaults, so a spec file need only name what it changes.
package struct SyntheticDatasetSpec: Codable, Hashable, Sendable {
    /// The seed of every random choice.
    package var seed: UInt64
    /// The dataset's name.
    package var name: String
    /// Continuous recordings with sparse annotations, or one short recording per shape gesture.
    package var kind: Dataset.Kind
    /// Number of subjects, each with their own ``SubjectStyle``.
    package var subjects: Int
    /// Sessions per subject.
    package var sessionsPerSubject: Int
    /// Continuous recordings per session (continuous kind).
    package var recordingsPerSession: Int
    /// Length of each continuous recording, seconds.
    package var recordingDuration: Double
    /// Repetitions of each shape per session (segments kind).
    package var repetitions: Int
    /// Sampling rate, Hz.
    package var samplingRate: Double
    /// The simulated sensor's imperfections.
    package var sensor: SensorModel
    /// The gesture families performed (continuous kind).
    package var gestures: [SyntheticGesture]
    /// The background activities between gestures (continuous kind).
    package var backgrounds: [SyntheticBackground]
    /// Shortest background stretch between two gestures, seconds.
    package var minimumGap: Double
    /// Longest background stretch between two gestures, seconds.
    package var maximumGap: Double
    /// How much subjects differ, in [0, 2]; 0 makes every subject perform alike, 1 is the shipped default
    /// (amplitude ×0.85–1.2, speed ×0.8–1.25), 2 doubles those spreads.
    package var styleVariation: Double
    /// Annotate each background activity but rest with its ``SyntheticBackground/label`` (continuous kind), so
    /// false activations can be attributed to what was happening.
    package var annotateBackground: Bool
    /// The share of gestures, in [0, 1], performed out of the subject's usual manner: weakly (amplitude
    /// ×0.55–0.75, flips of 1.9–2.5 rad), fast (×1.3–1.6) or slowly (×0.6–0.75), a third each.
    package var mannerVariation: Double
    /// Shortest bout, seconds, or `nil` (with ``maximumGestureDuration``) for single gestures (continuous kind).
    /// When both are set each gesture is a bout: the drawn gesture performed again and again, a fraction of a
    /// second of stillness between, for a duration drawn uniformly in [minimum, maximum] and annotated as one
    /// event (swimming lengths, brushing, a set of repetitions), so that events last as long as asked.
    package var minimumGestureDuration: Double?
    /// Longest bout, seconds, or `nil` for single gestures (see ``minimumGestureDuration``).
    package var maximumGestureDuration: Double?

    /// Creates a spec; the defaults give the small dataset that ships with the project.
    package init(
        seed: UInt64 = 20_251_121,
        name: String = "synthetic-gestures",
        kind: Dataset.Kind = .continuous,
        subjects: Int = 6,
        sessionsPerSubject: Int = 2,
        recordingsPerSession: Int = 1,
        recordingDuration: Double = 40,
        repetitions: Int = 2,
        samplingRate: Double = 50,
        sensor: SensorModel = SensorModel(),
        gestures: [SyntheticGesture] = SyntheticGesture.allCases,
        backgrounds: [SyntheticBackground] = SyntheticBackground.gentle,
        minimumGap: Double = 2,
        maximumGap: Double = 4.5,
        styleVariation: Double = 1,
        annotateBackground: Bool = false,
        mannerVariation: Double = 0,
        minimumGestureDuration: Double? = nil,
        maximumGestureDuration: Double? = nil
    ) {
        self.seed = seed
        self.name = name
        self.kind = kind
        self.subjects = subjects
        self.sessionsPerSubject = sessionsPerSubject
        self.recordingsPerSession = recordingsPerSession
        self.recordingDuration = recordingDuration
        self.repetitions = repetitions
        self.samplingRate = samplingRate
        self.sensor = sensor
        self.gestures = gestures
        self.backgrounds = backgrounds
        self.minimumGap = minimumGap
        self.maximumGap = maximumGap
        self.styleVariation = styleVariation
        self.annotateBackground = annotateBackground
        self.mannerVariation = mannerVariation
        self.minimumGestureDuration = minimumGestureDuration
        self.maximumGestureDuration = maximumGestureDuration
    }

    private enum CodingKeys: String, CodingKey {
        case seed, name, kind, subjects, sessionsPerSubject, recordingsPerSession, recordingDuration, repetitions,
             samplingRate, sensor, gestures, backgrounds, minimumGap, maximumGap, styleVariation, annotateBackground, mannerVariation,
             minimumGestureDuration, maximumGestureDuration
    }

    /// Decodes a spec; missing keys take the defaults.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = SyntheticDatasetSpec()
        self.init(
            seed: try c.decode(.seed, default: d.seed),
            name: try c.decode(.name, default: d.name),
            kind: try c.decode(.kind, default: d.kind),
            subjects: try c.decode(.subjects, default: d.subjects),
            sessionsPerSubject: try c.decode(.sessionsPerSubject, default: d.sessionsPerSubject),
            recordingsPerSession: try c.decode(.recordingsPerSession, default: d.recordingsPerSession),
            recordingDuration: try c.decode(.recordingDuration, default: d.recordingDuration),
            repetitions: try c.decode(.repetitions, default: d.repetitions),
            samplingRate: try c.decode(.samplingRate, default: d.samplingRate),
            sensor: try c.decode(.sensor, default: d.sensor),
            gestures: try c.decode(.gestures, default: d.gestures),
            backgrounds: try c.decode(.backgrounds, default: d.backgrounds),
            minimumGap: try c.decode(.minimumGap, default: d.minimumGap),
            maximumGap: try c.decode(.maximumGap, default: d.maximumGap),
            styleVariation: try c.decode(.styleVariation, default: d.styleVariation),
            annotateBackground: try c.decode(.annotateBackground, default: d.annotateBackground),
            mannerVariation: try c.decode(.mannerVariation, default: d.mannerVariation),
            minimumGestureDuration: try c.decodeIfPresent(Double.self, forKey: .minimumGestureDuration),
            maximumGestureDuration: try c.decodeIfPresent(Double.self, forKey: .maximumGestureDuration)
        )
    }

    /// Reads a spec file (YAML, or JSON by its name); missing keys take the defaults. A malformed file is an
    /// error naming the file and the key.
    package init(contentsOf url: URL) throws(DataFileError) {
        do {
            self = try ConfigurationFile.read(url).decode(SyntheticDatasetSpec.self)
        } catch let error as DecodingError {
            throw DataFileError(file: url.path, decoding: error)
        } catch let error as DataFileError {
            throw error
        } catch {
            throw DataFileError(file: url.path, "cannot read: \(error.localizedDescription)")
        }
    }

    /// Throws, naming the key, unless the spec can be generated.
    package func validate() throws(ConfigurationError) {
        for (key, value) in [("subjects", subjects), ("sessionsPerSubject", sessionsPerSubject),
                             ("recordingsPerSession", recordingsPerSession), ("repetitions", repetitions)] {
            guard (1...999).contains(value) else { throw ConfigurationError(key: key, "must be between 1 and 999, got \(value)") }
        }
        guard samplingRate.isFinite, samplingRate >= 10, samplingRate <= 1000 else {
            throw ConfigurationError(key: "samplingRate", "must be between 10 and 1000 Hz, got \(samplingRate)")
        }
        guard recordingDuration.isFinite, recordingDuration >= 10, recordingDuration <= 86_400 else {
            throw ConfigurationError(key: "recordingDuration", "must be between 10 s and one day, got \(recordingDuration)")
        }
        guard minimumGap.isFinite, minimumGap >= 1 else {
            throw ConfigurationError(key: "minimumGap", "must be at least 1 s so detectors can settle, got \(minimumGap)")
        }
        guard maximumGap.isFinite, maximumGap >= minimumGap else {
            throw ConfigurationError(key: "maximumGap", "must be at least minimumGap (\(minimumGap) s), got \(maximumGap)")
        }
        guard styleVariation.isFinite, (0...2).contains(styleVariation) else {
            throw ConfigurationError(key: "styleVariation", "must be in [0, 2], got \(styleVariation)")
        }
        guard mannerVariation.isFinite, (0...1).contains(mannerVariation) else {
            throw ConfigurationError(key: "mannerVariation", "must be in [0, 1], got \(mannerVariation)")
        }
        switch (minimumGestureDuration, maximumGestureDuration) {
        case (nil, nil): break
        case let (minimum?, maximum?):
            guard minimum.isFinite, minimum >= 0.5 else {
                throw ConfigurationError(key: "minimumGestureDuration", "must be at least 0.5 s, got \(minimum)")
            }
            guard maximum.isFinite, maximum >= minimum, maximum + minimumGap + 3 <= recordingDuration else {
                throw ConfigurationError(key: "maximumGestureDuration",
                                         "must be at least minimumGestureDuration (\(minimum) s) and leave the lead-in (3 s) and minimumGap "
                                         + "(\(minimumGap) s) within recordingDuration (\(recordingDuration) s), got \(maximum)")
            }
        case (nil, _): throw ConfigurationError(key: "minimumGestureDuration", "set it with maximumGestureDuration, or neither")
        case (_, nil): throw ConfigurationError(key: "maximumGestureDuration", "set it with minimumGestureDuration, or neither")
        }
        if kind == .continuous {
            guard !gestures.isEmpty else { throw ConfigurationError(key: "gestures", "name at least one gesture family") }
            guard !backgrounds.isEmpty else { throw ConfigurationError(key: "backgrounds", "name at least one background activity") }
        }
        try sensor.validate("sensor")
    }
}
