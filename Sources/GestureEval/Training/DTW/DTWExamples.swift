import Foundation
import GestureKit
import GestureData

/// Training examples and query series for DTW from recordings.
///
/// A model records exactly the channels it was trained on: a recording's columns are read by name
/// (`user.x` is user acceleration, `dim2` the archive's second column), never renamed to fit.
enum DTWExamples {
    /// The channels a configuration without `channels` trains on: total acceleration when `recording` has
    /// it, else user acceleration, else every archive column (`dim1`…`dimN`) in order.
    static func defaultChannels(_ recording: Recording) throws(TrainingError) -> [MotionChannel] {
        for group in [MotionChannel.acceleration, MotionChannel.userAcceleration] where recording.has(group.map(column)) {
            return group
        }
        let archive = recording.channelNames.compactMap(\.motion).filter(\.isArchiveDimension)
        if !archive.isEmpty { return archive }
        throw TrainingError("recording \(recording.id) has neither accel.x/y/z, user.x/y/z nor archive columns dim1…; name the channels to train on in the dtw configuration (channels: [...]); its columns: \(recording.channelNames.map(\.rawValue).joined(separator: ", "))")
    }

    /// The recording column of `channel`.
    static func column(_ channel: MotionChannel) -> Channel { Channel(channel) }

    /// Examples per class the other subjects must give before stream calibration spots a subject's recordings
    /// with templates trained without it (cross-fitting).
    static let crossFittingMinimumExamples = 5

    /// `recording` with the columns of `channels` that it lacks but that its samples give, as the detecting
    /// pipeline derives them (``GestureData/Recording/derivingChannels(_:)``): templates are then made of the same
    /// signal the deployed recognizer sees. A channel the samples cannot give stays missing, for the caller to report.
    ///
    /// - Complexity: O(samples × channels) when a column is derived, O(channels) otherwise.
    static func derivingChannels(_ channels: [MotionChannel], of recording: Recording) -> Recording {
        recording.derivingChannels(channels)
    }

    /// The series of `recording` on `channels`, one dimension each (``GestureData/Recording/series(channels:samples:name:)``:
    /// gravity, user acceleration, magnitudes and the orientation-free channels derived when missing); a missing
    /// column is an error naming it.
    static func series(_ recording: Recording, channels: [MotionChannel]) throws -> DTWSeries {
        do { return try recording.series(channels: channels) } catch {
            switch error {
            case let .missingChannel(c, id, has):
                throw TrainingError("recording \(id) has no column \(c) (its columns: \(has.map(\.rawValue).joined(separator: ", "))); train on channels the data has (channels: [...] in the dtw configuration)")
            case let .invalid(reason): throw reason
            }
        }
    }

    /// The query series of a segment for `model` (an intensity envelope when the model compares those).
    static func series(_ recording: Recording, model: DTWModel) throws -> DTWSeries {
        try series(enveloped(recording, channels: model.channels, seconds: model.movingDeviation), channels: model.channels)
    }

    /// `recording` with the columns of `channels` replaced by their moving standard deviation over `seconds`
    /// (``GestureKit/MovingDeviation`` at the recording's rate, over the whole recording, as a matcher computes it
    /// along a stream), so that examples cut from it are what the matcher compares; unchanged when `seconds` is
    /// `nil`. Only for cutting examples: the columns no longer hold the channels' values.
    ///
    /// - Complexity: O(samples × channels).
    static func enveloped(_ recording: Recording, channels: [MotionChannel], seconds: Double?) throws -> Recording {
        guard let seconds, recording.count >= 2 else { return recording }
        let recording = derivingChannels(channels, of: recording)
        guard let rate = recording.samplingRate else { return recording }
        var columns: [[Double]] = []
        for c in channels {
            guard let values = recording.column(column(c)) else { return recording }   // reported when the series is read
            columns.append(values)
        }
        var copy = recording
        for (c, values) in zip(channels, try MovingDeviation.apply(seconds: seconds, samplingRate: rate, to: columns)) {
            copy.setColumn(column(c), values)
        }
        return copy
    }

    /// Trains a model on the judged annotations of `recordings`: each segment recording, or each
    /// annotated stretch of a continuous one, is an example. With `rejection: {method: stream}` the
    /// thresholds are then calibrated on the same (continuous) recordings, matched with `matching`, and the
    /// candidate carries the calibration's held-out detections (each recording spotted by templates trained
    /// without its subject, where the other subjects give enough examples), by which a search scores it.
    static func train(_ recordings: [Recording], configuration: ConfigurationValue, kind: Dataset.Kind,
                      name: String, matching: EventMatching, cache: DTWTrainingCache? = nil) throws(TrainingError) -> ParameterSearch.Candidate {
        // Without a cache (one training), a private one changes nothing.
        let cache = cache ?? DTWTrainingCache()
        let settings: DTWTrainingSettings
        do { settings = try configuration.decoding.decode(DTWTrainingSettings.self) } catch {
            throw TrainingError(entry: name, "invalid dtw configuration: \(error)")
        }
        var examples: [DTWExample] = []
        var subjects: [String] = []    // of each example, for cross-fitted calibration
        var rate = 0.0
        let channels: [MotionChannel]
        if let configured = settings.channels {
            channels = configured
        } else if let first = recordings.first {
            do { channels = try defaultChannels(first) } catch { throw TrainingError(entry: name, error.message) }
        } else {
            channels = MotionChannel.acceleration
        }
        // Derived on whole recordings, so that the filter runs through each stretch as it does when detecting.
        let copies = settings.augmentation.augmentedCopies(of: recordings).map { derivingChannels(channels, of: $0) }
        let recordings = recordings.map { derivingChannels(channels, of: $0) }
        if settings.context > 0, kind == .segments {
            throw TrainingError(entry: name, "context takes signal around gestures in continuous recordings; a segment dataset has none")
        }
        let context = settings.context
        // What the matcher compares (envelopes, when set), to cut examples from; `recordings` stay the signals that
        // stream calibration spots.
        // Augmented copies only add examples: they come last, after the first example has set the rate.
        let compared: [Recording]
        do { compared = try (recordings + copies).map { try enveloped($0, channels: channels, seconds: settings.movingDeviation) } } catch {
            throw TrainingError(entry: name, "cannot take examples: \(error)")
        }
        do {
            for r in compared {
                let parts = kind == .segments ? [(r, r.annotations[0].label)]
                    : r.annotations.map { (r.slice(from: $0.start - context, to: $0.end + context), $0.label) }
                for (part, label) in parts where part.count >= 2 {
                    examples.append(DTWExample(label: label, series: try series(part, channels: channels)))
                    subjects.append(r.subject)
                    if rate == 0 { rate = Double(part.count - 1) / part.duration }
                }
            }
        } catch {
            throw TrainingError(entry: name, "cannot take examples: \(error)")
        }
        let trainer = settings.trainer(samplingRate: rate > 0 && rate.isFinite ? rate : 100, channels: channels)
        var model: DTWModel, report: DTWTrainingReport
        do { (model, report) = try cache.train(trainer, examples, tag: "all") } catch {
            throw TrainingError(entry: name, "DTW training: \(error.description)")
        }
        var summary = TrainingSummary(values: ["band": report.band, "templates": Double(model.templates.count), "examples": Double(examples.count)])
        if !copies.isEmpty { summary.values["augmentedRecordings"] = Double(copies.count) }
        if settings.band == nil { summary.values["bandLearned"] = 1 }
        var heldOut: [[GestureEvent]]?
        if case let .stream(objective) = settings.rejection {
            guard kind == .continuous else {
                throw TrainingError(entry: name, "rejection method stream calibrates on continuous recordings; use sigma for segments")
            }
            // Cross-fitting: the subjects fall into groups, and each group's recordings are spotted by templates
            // trained on the other groups (at the band already chosen), as the test subject's will be.
            var inner = trainer
            inner.band = report.band
            let groups = CrossFitting.heldOutGroups(of: recordings.map(\.subject), count: settings.crossFitGroups, exampleSubjects: subjects,
                                                    labels: examples.map(\.label), minimumExamples: Self.crossFittingMinimumExamples)
            var groupOf: [String: Int] = [:]
            for (g, members) in groups.enumerated() { for s in members { groupOf[s] = g } }
            var choices: [StreamCalibration.Choice]
            var detections: [[GestureEvent]]
            let calibration = StreamCalibration(objective: objective, matching: matching)
            // Held-out templates stand for the deployed ones only when the other groups give every class a few
            // examples; otherwise (tiny datasets) the group's recordings are spotted by the full model.
            let heldOutModels = CrossFitting.heldOutModels(
                groups: groups, examples: examples, subjects: subjects, minimumExamples: Self.crossFittingMinimumExamples
            ) { others, heldOut in try cache.train(inner, others, tag: "without \(heldOut.joined(separator: ", "))").model }
            let (byGroup, failures) = (heldOutModels.byGroup, heldOutModels.failures)
            do { try CrossFitting.require(strict: settings.strictCrossFitting, inSample: heldOutModels.inSample) } catch {
                throw TrainingError(entry: name, "stream calibration: \(error)")
            }
            do {
                var spotters = recordings.map { groupOf[$0.subject].flatMap { byGroup[$0] } ?? model }
                (model, choices, detections) = try calibration.calibrate(model, on: recordings, spotters: spotters)
                if settings.backgroundTemplates > 0 {
                    // Hard negatives: where the calibrated templates fire on no annotation. Each recording's
                    // spotter gets background mined from the other groups only (cross-fitted like its templates),
                    // then thresholds are chosen again with the background competing.
                    let ranges = calibration.falseActivations(detections: detections, on: recordings)
                    var negatives: [(series: DTWSeries, subject: String)] = []
                    for (r, list) in zip(compared, ranges) {
                        for range in list {
                            let part = r.slice(from: range.start - context, to: range.end + context)
                            if part.count >= 2 { negatives.append((try series(part, channels: channels), r.subject)) }
                        }
                    }
                    let k = settings.backgroundTemplates
                    model.background = try DTWTrainer.backgroundTemplates(from: negatives.map(\.series), for: model, count: k)
                    var backgroundByGroup: [Int: [DTWSeries]] = [:]
                    for g in byGroup.keys {
                        let others = negatives.filter { groupOf[$0.subject] != g }.map(\.series)
                        backgroundByGroup[g] = try DTWTrainer.backgroundTemplates(from: others, for: model, count: k)
                    }
                    spotters = zip(recordings, spotters).map { r, spotter in
                        var s = spotter
                        s.background = groupOf[r.subject].flatMap { backgroundByGroup[$0] } ?? model.background
                        return s
                    }
                    (model, choices, detections) = try calibration.calibrate(model, on: recordings, spotters: spotters)
                    summary.values["negatives"] = Double(negatives.count)
                    summary.values["backgroundTemplates"] = Double(model.background.count)
                }
            } catch {
                throw TrainingError(entry: name, "stream calibration: \(error)")
            }
            // The share of subjects whose recordings were spotted by templates trained without them.
            let crossFitted = recordings.map(\.subject).filter { groupOf[$0].flatMap { byGroup[$0] } != nil }
            // A failed held-out training is not a deliberate skip: counted, and reported with the fold.
            summary.crossFit = .init(subjectShare: Double(Set(crossFitted).count) / Double(Set(recordings.map(\.subject)).count),
                                     groups: byGroup.count, failures: failures, inSample: heldOutModels.inSample)
            // The operating point per class, for the report.
            for c in choices { summary.thresholds[c.label] = .init(threshold: c.threshold, recall: c.recall, falsePerHour: c.falsePerHour) }
            heldOut = detections
        }
        return .init(model: TrainedModel(model, summary: summary), heldOutEvents: heldOut)
    }
}
