import GestureKit
import GestureData

/// A ``RecognizerTrainer`` whose model meets each new person: an experiment entry with `adaptation:`
/// (``Experiment/Adaptation``) hands it, per test subject, the model trained on the fold's training subjects and the
/// subject's calibration data (``PersonCalibration``), and scores what the adapted model detects. A trainer declares
/// the capability by conforming; an entry that asks a trainer without it to adapt is refused before any fold runs
/// (``AnyRecognizerTrainer/adapts``), never run unadapted.
///
/// How strongly to adapt is the trainer's to choose inside the training fold, by simulating the entry's protocol
/// (``TrainingSetup/adaptation``) on its training subjects: never on the person it adapts to.
package protocol AdaptingTrainer: RecognizerTrainer {
    /// `model` (with the `summary` its training reported) adapted to one person from `person`; `person` with no
    /// recording or no annotation where annotations are expected leaves the parts it would re-estimate as they were.
    func adapt(_ model: Model, summary: TrainingSummary, to person: PersonCalibration, setup: TrainingSetup) throws(TrainingError) -> Trained<Model>
}

/// What an adapting trainer receives about one test subject: the calibration stretch (``CalibrationStretch``) cut from
/// the subject's judged recordings, with its judged annotations for a labelled adaptation and none for an unlabelled one.
package struct PersonCalibration: Sendable {
    /// The protocol.
    package var adaptation: Experiment.Adaptation
    /// The subject.
    package var subject: String
    /// The calibration stretch's recordings in the subject's order (session, then id), times in seconds.
    package var recordings: [Recording]
    /// Judged labels with fewer events than the protocol asks for, with how many they have (all of them were given).
    package var shortLabels: [String: Int]

    /// Calibration data of `subject`.
    package init(adaptation: Experiment.Adaptation, subject: String, recordings: [Recording], shortLabels: [String: Int] = [:]) {
        (self.adaptation, self.subject, self.recordings, self.shortLabels) = (adaptation, subject, recordings, shortLabels)
    }

    /// Whether the annotations are given (a labelled adaptation). O(1).
    package var isLabelled: Bool { adaptation.labelledEvents != nil }

    /// The subject's calibration data under `adaptation` from its judged test `recordings` (those of any subject; only
    /// `subject`'s are read), judged labels found by their annotations, `ignored` ones skipped.
    /// O(A log A + samples covered).
    package static func of(_ subject: String, in recordings: [Recording], adaptation: Experiment.Adaptation,
                           ignored: (String) -> Bool) -> PersonCalibration {
        let stretch: CalibrationStretch
        switch adaptation {
        case let .labelled(k, _):
            let mine = recordings.filter { $0.subject == subject }
            let found = CalibrationStretch.stretches(of: mine, labelled: k, ignored: ignored).first
            // Indices of `mine` back to those of `recordings`.
            let indices = recordings.indices.filter { recordings[$0].subject == subject }
            stretch = found.map { CalibrationStretch(subject: subject, recordings: $0.recordings.map { indices[$0] }, end: $0.end, shortLabels: $0.shortLabels) }
                ?? CalibrationStretch(subject: subject, recordings: [], end: -.infinity, shortLabels: [:])
        case let .unlabelled(seconds, _):
            stretch = .first(seconds, of: recordings, subject: subject)
        }
        var cut = stretch.cut(recordings, annotated: adaptation.labelledEvents != nil)
        for i in cut.indices { cut[i].annotations.removeAll { ignored($0.label) } }
        return PersonCalibration(adaptation: adaptation, subject: subject, recordings: cut, shortLabels: stretch.shortLabels)
    }
}
