import GestureKit
import GestureData

extension DTWTemplateMatcherTrainer {
    /// Trains a model on the judged annotations of `recordings`: each segment recording, or each
    /// annotated stretch of a continuous one, is an example. With `rejection: {method: stream}` the
    /// thresholds are then calibrated on the same (continuous) recordings, matched with `matching`, and the
    /// candidate carries the calibration's held-out detections (each recording spotted by templates trained
    /// without its subject, where the other subjects give enough examples), by which a search scores it.
    static func templates(_ recordings: [Recording], configuration: ConfigurationValue, kind: Dataset.Kind, name: String,
                          matching: EventMatching, cache: DTWTrainingCache? = nil) throws(TrainingError) -> ParameterSearch<DTWModel>.Candidate {
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
            do { channels = try DTWExamples.defaultChannels(first) } catch { throw TrainingError(entry: name, error.message) }
        } else {
            channels = MotionChannel.acceleration
        }
        // Derived on whole recordings, so that the filter runs through each stretch as it does when detecting.
        let copies = settings.augmentation.augmentedCopies(of: recordings).map { DTWExamples.derivingChannels(channels, of: $0) }
        let recordings = recordings.map { DTWExamples.derivingChannels(channels, of: $0) }
        if settings.context > 0, kind == .segments {
            throw TrainingError(entry: name, "context takes signal around gestures in continuous recordings; a segment dataset has none")
        }
        let context = settings.context
        // What the matcher compares (envelopes, when set), to cut examples from; `recordings` stay the signals that
        // stream calibration spots.
        // Augmented copies only add examples: they come last, after the first example has set the rate.
        let compared: [Recording]
        do { compared = try (recordings + copies).map { try DTWExamples.enveloped($0, channels: channels, seconds: settings.movingDeviation) } } catch {
            throw TrainingError(entry: name, "cannot take examples: \(error)")
        }
        do {
            for r in compared {
                let parts = kind == .segments ? [(r, r.annotations[0].label)]
                    : r.annotations.filter { !matching.ignores($0.label) }.map { (r.slice(from: $0.start - context, to: $0.end + context), $0.label) }
                for (part, label) in parts where part.count >= 2 {
                    examples.append(DTWExample(label: label, series: try DTWExamples.series(part, channels: channels)))
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
        guard case let .stream(objective) = settings.rejection else { return .init(model: Trained(model, summary: summary)) }
        let cut = Cut(examples: examples, subjects: subjects, recordings: recordings, compared: compared, channels: channels, context: context)
        let heldOut = try calibrated(&model, summary: &summary, objective: objective, trainer: trainer, band: report.band, cut: cut,
                                     settings: settings, kind: kind, name: name, matching: matching, cache: cache)
        return .init(model: Trained(model, summary: summary), heldOutEvents: heldOut)
    }

    /// The examples of a training and what they were cut from, for stream calibration.
    struct Cut {
        /// The examples, and the subject of each.
        var examples: [DTWExample], subjects: [String]
        /// The recordings as spotted (channels derived) and as compared (envelopes, augmented copies).
        var recordings: [Recording], compared: [Recording]
        /// The channels compared, and the context around each gesture, seconds.
        var channels: [MotionChannel], context: Double
    }

    /// Calibrates `model`'s thresholds on the continuous recordings of `cut` (cross-fitted: each subject group spotted
    /// by templates trained without it, at `band`), mining background templates when the settings ask, and records
    /// what it chose in `summary`: the held-out detections, by which a search scores the candidate.
    static func calibrated(_ model: inout DTWModel, summary: inout TrainingSummary, objective: StreamCalibration.Objective,
                           trainer: DTWTrainer, band: Double, cut: Cut, settings: DTWTrainingSettings, kind: Dataset.Kind, name: String,
                           matching: EventMatching, cache: DTWTrainingCache) throws(TrainingError) -> [[GestureEvent]] {
        let (examples, subjects, recordings, compared, channels, context) = (cut.examples, cut.subjects, cut.recordings, cut.compared, cut.channels, cut.context)
        guard kind == .continuous else {
            throw TrainingError(entry: name, "rejection method stream calibrates on continuous recordings; use sigma for segments")
        }
        // Cross-fitting: the subjects fall into groups, and each group's recordings are spotted by templates
        // trained on the other groups (at the band already chosen), as the test subject's will be.
        var inner = trainer
        inner.band = band
        let groups = CrossFitting.heldOutGroups(of: recordings.map(\.subject), count: settings.crossFitGroups, exampleSubjects: subjects,
                                                labels: examples.map(\.label), minimumExamples: DTWExamples.crossFittingMinimumExamples)
        var groupOf: [String: Int] = [:]
        for (g, members) in groups.enumerated() { for s in members { groupOf[s] = g } }
        var choices: [StreamCalibration.Choice]
        var detections: [[GestureEvent]]
        let calibration = StreamCalibration(objective: objective, matching: matching)
        // Held-out templates stand for the deployed ones only when the other groups give every class a few
        // examples; otherwise (tiny datasets) the group's recordings are spotted by the full model.
        let heldOutModels = CrossFitting.heldOutModels(
            groups: groups, examples: examples, labels: examples.map(\.label), subjects: subjects, minimumExamples: DTWExamples.crossFittingMinimumExamples
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
                        if part.count >= 2 { negatives.append((try DTWExamples.series(part, channels: channels), r.subject)) }
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
        return detections
    }
}
