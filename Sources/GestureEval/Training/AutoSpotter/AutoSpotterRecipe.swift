import GestureKit
import GestureData

/// The candidates of a `spotter` entry, derived from its training recordings alone: the same rules on every task, no
/// number chosen by looking at a task's results.
///
/// **What the annotations say** (``Evidence``): the median duration of the judged annotations, the onset-to-onset
/// spacing of consecutive annotations in a recording (median and 10th percentile), the recordings' rate, and whether
/// the background is periodic (the median ``GestureKit/PhysicalQuantities/Kind/rhythmRegularity`` outside the
/// annotations at least 0.5: strokes, steps).
///
/// **The rules.**
/// - window: the median duration, to 0.1 s (at least 0.3 s): the span a window labels is a typical gesture;
/// - hop: an eighth of the window, 0.05–0.5 s, so every gesture is scored about eight times;
/// - refractory time: half the 10th-percentile spacing, at least half a window: a gesture rarely repeats within its
///   own duration, and never faster than the training recordings show. Where gestures are dense (that rule would make
///   windows centred on two neighbours of the 10th-percentile spacing compete), windows compete only when their centres
///   lie closer than that spacing (at least half a window), so nine neighbours in ten can both be kept: the refractory
///   time is then negative, an overlap allowed (``GestureKit/MiniRocketModel/Stream/refractoryTime``);
/// - context either side: a quarter window, one window and two windows, none longer than the median spacing (a window
///   sees at most the neighbouring gesture);
/// - rate: 200 samples over the window and its context (5 Hz at least, never above the recordings'), so every
///   candidate costs about the same; MiniRocket's dilations cover the rest;
/// - channels: the magnitudes (|a|, and |ω| with a gyroscope: independent of how the device sits); the magnitudes
///   with the rhythm channels where the background is periodic; the magnitudes with the orientation-free channels
///   (acceleration along gravity, tilt, stillness, and the rotation about gravity with a gyroscope); the device axes
///   (acceleration, and rotation rate with a gyroscope: a sensor strapped in place keeps its axes). With several sensor
///   units on the body (placed columns such as `accel.x@lowerarm`), every set but the rhythm's spans all of them:
///   each unit's magnitudes, orientation-free channels or axes;
/// - class weights: none, then balanced;
/// - per-recording normalisation: none, then each channel in g or rad/s (how hard the person moves) as its standard
///   score against its own running mean and deviation (``GestureKit/RunningStandardizer``, causal, the same in `detect`) with a time constant of ten median
///   spacings (about ten gestures of the person's own motion; at least 30 s, and 30 windows without a spacing):
///   what depends on the person (how hard they move, how they wear the device) reads on a common scale;
/// - windows drawn: with C classes, 4/C negatives per positive (at least 0.25), so the background weighs about four
///   classes' worth and the classes share the rest of the 1,200 windows (the ridge is cubic in them);
/// - DTW templates (``templateCandidates``): the magnitudes with the shortest context, as read and as intensity
///   envelopes (moving standard deviation over a third of the window, at least 0.3 s); three medoids per class, band
///   10 %, gestures of half the 10th- to twice the 90th-percentile duration, the refractory time above (never
///   negative: the matcher keeps one match among overlapping ones), thresholds by the same stream calibration and
///   cross-fitting groups as the window classifiers'.
///
/// Any key the entry sets is fixed in every candidate; a fixed window or context is also what the rules above derive
/// from (the hop, the refractory time, the rate).
struct AutoSpotterRecipe {
    /// What the training recordings say, the basis of every rule above.
    struct Evidence {
        var medianDuration: Double
        /// The 10th and 90th percentiles of the durations, seconds.
        var shortDuration: Double, longDuration: Double
        var medianSpacing: Double?
        var shortSpacing: Double?
        var samplingRate: Double
        var classes: Int
        var periodicBackground: Bool
        var gyroscope: Bool
        var accelerationSource: String
        /// The other sensor units' placements, sorted, each with whether it has a gyroscope.
        var placements: [(name: String, gyroscope: Bool)] = []

        /// The evidence as named numbers (``GestureKit/AutoSpotterSelection/evidence``).
        var named: [String: Double] {
            var values = ["medianDuration": medianDuration, "shortDuration": shortDuration, "longDuration": longDuration, "samplingRate": samplingRate,
                          "periodicBackground": periodicBackground ? 1 : 0, "gyroscope": gyroscope ? 1 : 0, "classes": Double(classes)]
            if let medianSpacing { values["medianSpacing"] = medianSpacing }
            if let shortSpacing { values["shortSpacing"] = shortSpacing }
            if !placements.isEmpty { values["placements"] = Double(placements.count) }
            return values
        }
    }

    /// One candidate: settings that ``MiniRocketStreamSettings`` decodes.
    struct Candidate {
        var round: Int
        var channels: [MotionChannel]
        var window: Double, hop: Double, context: Double, refractoryTime: Double, samplingRate: Double
        var balanced: Bool
        /// The time constant of the per-recording normalisation, seconds; `nil`: none.
        var normalization: Double? = nil
        var negativesPerPositive: Double = 4
        var maxWindows: Int = 1200
        /// Templates: the recognizer (`dtw`; `nil`: the window classifier), the intensity envelope's window (`nil`: raw
        /// values), and the durations of the gestures reported, seconds.
        var recognizer: String? = nil
        var movingDeviation: Double? = nil
        var durations: ClosedRange<Double> = 0...0

        /// The keys of the entry that templates take as well; the others set the window classifier only.
        static let keysTemplatesTake: Set<String> = ["channels", "context", "refractoryTime", "movingDeviation", "crossFitGroups",
                                                     "strictCrossFitting", "rejection", "augmentation"]

        /// Whether `other` scores the same windows: the same channels, rate, window, hop, context and refractory time
        /// (normalisation and class weights may differ), so the two can be averaged window by window.
        func sharesWindows(with other: Self) -> Bool {
            (channels, samplingRate, window, hop, context, refractoryTime) == (other.channels, other.samplingRate, other.window, other.hop, other.context, other.refractoryTime)
        }

        /// The candidate over `fixed` (the entry's configuration, whose keys win) with `overrides` (the cheaper
        /// search's), as a configuration value: a `minirocket-stream` one, or for templates ``templateConfiguration(fixed:)``.
        func configuration(fixed: [String: ConfigurationValue], overrides: [String: ConfigurationValue] = [:]) -> ConfigurationValue {
            if recognizer != nil { return templateConfiguration(fixed: fixed) }
            var map: [String: ConfigurationValue] = [
                "channels": .array(channels.map { .string($0.rawValue) }), "window": .number(window), "hop": .number(hop),
                "context": .number(context), "refractoryTime": .number(refractoryTime), "samplingRate": .number(samplingRate),
                "classWeights": .string(balanced ? "balanced" : "none"),
                "negativesPerPositive": .number(negativesPerPositive), "maxWindows": .number(Double(maxWindows)),
            ]
            if let normalization { map["normalization"] = .number(normalization) }
            for (key, value) in overrides where fixed[key] == nil { map[key] = value }
            map.merge(fixed) { _, entry in entry }
            return .object(map)
        }

        /// A `dtw` configuration of the candidate, with the entry's keys that templates take.
        func templateConfiguration(fixed: [String: ConfigurationValue]) -> ConfigurationValue {
            var map: [String: ConfigurationValue] = [
                "channels": .array(channels.map { .string($0.rawValue) }), "context": .number(context), "refractoryTime": .number(refractoryTime),
                "minimumDuration": .number(durations.lowerBound), "maximumDuration": .number(durations.upperBound),
                "selection": .number(3), "band": .number(0.1), "crossFitGroups": .number(3),
                "rejection": .object(["method": .string("stream"), "objective": .string("f1")]),
            ]
            if let movingDeviation { map["movingDeviation"] = .number(movingDeviation) }
            map.merge(fixed.filter { Self.keysTemplatesTake.contains($0.key) }) { _, entry in entry }
            return .object(map)
        }
    }

    var evidence: Evidence
    /// The entry's own window and context, seconds, when it sets them.
    var fixedWindow: Double?, fixedContext: Double?

    /// The evidence of judged training `recordings` (staged), with the entry's `fixed` keys. Throws when they hold no
    /// annotation or no rate.
    init(_ recordings: [Recording], fixed: [String: ConfigurationValue] = [:]) throws(TrainingError) {
        if case .number(let w)? = fixed["window"] { fixedWindow = w }
        if case .number(let c)? = fixed["context"] { fixedContext = c }
        let durations = recordings.flatMap { $0.annotations.map { $0.end - $0.start } }.filter { $0 > 0 && $0.isFinite }
        guard !durations.isEmpty else { throw TrainingError("the training recordings hold no judged annotation to derive a window from") }
        var spacings: [Double] = []
        for r in recordings {
            let starts = r.annotations.map(\.start).sorted()
            spacings += zip(starts.dropFirst(), starts).map { $0 - $1 }.filter { $0 > 0 }
        }
        let rates = recordings.compactMap(\.samplingRate).filter { $0.isFinite && $0 > 0 }
        guard let rate = try? Descriptive.median(rates) else { throw TrainingError("no training recording has two samples at increasing times") }
        guard let first = recordings.first(where: { $0.count > 0 }) else { throw TrainingError("the training recordings hold no sample") }
        let accelerationSource = first.has(Channel.acceleration) ? "accel" : "user"
        evidence = Evidence(medianDuration: try! Descriptive.median(durations), shortDuration: try! Descriptive.quantile(durations, 0.1),
                            longDuration: try! Descriptive.quantile(durations, 0.9), medianSpacing: try? Descriptive.median(spacings),
                            shortSpacing: try? Descriptive.quantile(spacings, 0.1), samplingRate: rate,
                            classes: Set(recordings.flatMap { $0.annotations.map(\.label) }).count,
                            periodicBackground: Self.periodicBackground(recordings), gyroscope: first.has(Channel.rotationRate),
                            accelerationSource: accelerationSource)
        let placed = first.channelNames.compactMap(\.motion).filter { $0.placement != nil && $0.unplaced == MotionChannel.acceleration[0] }
        evidence.placements = placed.map { p in
            (p.placement!, first.has(MotionChannel.rotationRate.compactMap { $0.placed(at: p.placement!) }.map(Channel.init)))
        }.sorted { $0.name < $1.name }
    }

    /// Whether the median rhythm regularity outside the annotations is at least 0.5. O(samples), each recording's
    /// regularity derived once a process (``RhythmRegularityMemo``).
    static func periodicBackground(_ recordings: [Recording]) -> Bool {
        var values: [Double] = []
        for r in recordings {
            guard let column = RhythmRegularityMemo.shared.regularity(of: r) else { return false }
            var a = 0
            let annotations = r.annotations.sorted { $0.start < $1.start }
            // Every fourth sample: the regularity changes over seconds.
            for i in stride(from: 0, to: column.count, by: 4) {
                let t = r.timestamps[i]
                while a < annotations.count, annotations[a].end < t { a += 1 }
                if a < annotations.count, annotations[a].start <= t { continue }
                if column[i].isFinite { values.append(column[i]) }
            }
        }
        return ((try? Descriptive.median(values)) ?? 0) >= 0.5
    }

    /// `value` to a tenth.
    static func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    var window: Double { fixedWindow ?? max(0.3, Self.tenth(evidence.medianDuration)) }
    var hop: Double { min(0.5, max(0.05, (window / 8 * 20).rounded() / 20)) }
    /// The refractory time of windows with `context` seconds each side (see the rules above).
    func refractoryTime(context: Double) -> Double {
        let sparse = Self.tenth(max(window / 2, (evidence.shortSpacing ?? window) / 2))
        let span = window + 2 * context
        // Windows compete when their centres lie closer than span + r; dense neighbours must not.
        let centres = max(window / 2, evidence.shortSpacing ?? .infinity)
        return centres < span + sparse ? Self.tenth(centres - span) : sparse
    }

    /// The contexts of round 1, shortest first, without repeats.
    var contexts: [Double] {
        if let fixedContext { return [fixedContext] }
        let cap = evidence.medianSpacing ?? .infinity
        var result: [Double] = []
        for c in [window / 4, window, 2 * window].map({ Self.tenth(min($0, cap)) }) where !result.contains(c) { result.append(c) }
        return result
    }

    /// The normalisation's time constant: ten median spacings (30 windows without one), at least 30 s, to a tenth.
    var normalizationTimeConstant: Double { Self.tenth(max(30, 10 * (evidence.medianSpacing ?? 3 * window))) }

    /// 200 samples over the window and its context, 5 Hz at least, the recordings' rate at most, to a whole Hz.
    func samplingRate(context: Double) -> Double {
        min(evidence.samplingRate.rounded(), max(5, (200 / (window + 2 * context)).rounded()))
    }

    /// `channels` of the primary unit, then the same of every other unit (those with a gyroscope only for `gyro`).
    func everyUnit(_ channels: [String], gyro: [String] = []) -> [MotionChannel] {
        let named = { (names: [String]) in names.map { MotionChannel(rawValue: $0)! } }
        return named(channels + (evidence.gyroscope ? gyro : [])) + evidence.placements.flatMap { unit in
            named(channels + (unit.gyroscope ? gyro : [])).map { $0.placed(at: unit.name)! }
        }
    }

    /// Round 1's channels: every unit's magnitudes.
    var magnitudes: [MotionChannel] { everyUnit(["\(evidence.accelerationSource).magnitude"], gyro: ["gyro.magnitude"]) }

    /// The channel sets of round 2 after the magnitudes (round 1's).
    var otherChannelSets: [[MotionChannel]] {
        let named = { (names: [String]) in names.map { MotionChannel(rawValue: $0)! } }
        var sets: [[MotionChannel]] = []
        if evidence.periodicBackground { sets.append(magnitudes + named(["strokePeriod", "rhythmRegularity"])) }
        sets.append(magnitudes + everyUnit(["verticalAcceleration", "tilt", "stillness"], gyro: ["yawRate"]))
        let axes = (evidence.accelerationSource == "accel" ? MotionChannel.acceleration : MotionChannel.userAcceleration).map(\.rawValue)
        sets.append(everyUnit(axes, gyro: MotionChannel.rotationRate.map(\.rawValue)))
        return sets
    }

    /// Round 1: the magnitudes at each context; round 2 pairs each context with the other channel sets.
    var firstRound: [Candidate] {
        contexts.map { c in
            Candidate(round: 1, channels: magnitudes, window: window, hop: hop, context: c, refractoryTime: refractoryTime(context: c),
                      samplingRate: samplingRate(context: c), balanced: false,
                      negativesPerPositive: max(0.25, 4 / Double(max(1, evidence.classes))))
        }
    }

    /// Round 1's candidates: the magnitudes at each context, as read and normalised per recording.
    var firstRoundCandidates: [Candidate] {
        firstRound.flatMap { first in
            var normalized = first
            normalized.normalization = normalizationTimeConstant
            return [first, normalized]
        }
    }

    /// Round 2's candidates: every other channel set at every context, read with `normalization` (round 1's choice:
    /// seconds, `nil` for none).
    func secondRound(normalization: Double?) -> [Candidate] {
        otherChannelSets.flatMap { channels in
            firstRound.map { first in
                var c = first
                (c.round, c.channels, c.normalization) = (2, channels, normalization)
                return c
            }
        }
    }

    /// Round 6: DTW templates of the magnitudes with the shortest context, as read and as intensity envelopes.
    var templateCandidates: [Candidate] {
        guard let context = contexts.first else { return [] }
        let durations = max(0.1, Self.tenth(evidence.shortDuration / 2))...max(0.2, Self.tenth(2 * evidence.longDuration))
        return [nil, max(0.3, Self.tenth(window / 3))].map { envelope in
            Candidate(round: 6, channels: magnitudes, window: window, hop: 0, context: context, refractoryTime: max(0, refractoryTime(context: context)),
                      samplingRate: evidence.samplingRate, balanced: false, recognizer: DTWTemplateMatcher.identifier, movingDeviation: envelope,
                      durations: durations)
        }
    }
}
