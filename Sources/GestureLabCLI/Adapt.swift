import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab adapt`: a trained model adapted to one person, exactly as `compare` adapted it when it tested them.
struct Adapt: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Adapt a trained model to one person from their calibration data, as compare scored it.",
        discussion: """
            The entry of --experiment says how (its `adaptation:`): `labelled: K` reads \
            the person's calibration stretch (from the start of their first recording to \
            the end of the K-th annotated event of each judged label) with its \
            annotations; `unlabelled: all` reads all of the person's recordings without \
            annotations, `unlabelled: S` their first S seconds. The strengths are those \
            training chose (or the entry forced), carried in the model file. `detect` \
            with the adapted model gives the detections compare scored for that person. \
            --dataset reads a new person's recordings instead of the entry's dataset.
            Examples:
              gesturelab train --experiment adapt.yaml --entry "labelled 3" \\
                --fold s4 --out shakes.json
              gesturelab adapt --experiment adapt.yaml --entry "labelled 3" \\
                --model shakes.json --subject s4 --out shakes-s4.json
              gesturelab detect --recognizer spotter --config shakes-s4.json \\
                --input s4-session.csv
            """
    )

    @Option(help: "The experiment file whose entry trained the model.")
    var experiment: String

    @Option(name: .customLong("entry"), help: "The entry's name in --experiment; it must have `adaptation:`.")
    var entryName: String

    @Option(help: "The model file `train --experiment … --entry …` wrote (with --fold F: the model compare adapted to F's test subjects).")
    var model: String

    @Option(help: "The person's recordings: a folder with dataset.yaml or FORMAT:PATH (default: the entry's dataset).")
    var dataset: String?

    @Option(help: "The person (the dataset's subject) to adapt to; default: the dataset's only subject.")
    var subject: String?

    @Option(help: "Output model file (JSON).")
    var out: String

    @OptionGroup var units: AccelerationOption

    @OptionGroup var parallel: ThreadOptions

    func validate() throws {
        guard !out.isEmpty else { throw ValidationError("--out needs a file path") }
    }

    func run() throws {
        parallel.apply()
        var spec = try Experiment(contentsOf: URL(fileURLWithPath: experiment), trainers: GestureLab.registries.trainers)
        guard var entry = spec.entries.first(where: { $0.name == entryName }) else {
            throw DataFileError(file: experiment, field: "entries", "no entry named '\(entryName)'; entries: \(spec.entries.map(\.name).joined(separator: ", "))")
        }
        guard let adaptation = entry.adaptation else {
            throw DataFileError(file: experiment, field: "entries", "entry '\(entryName)' does not adapt: give it `adaptation: {labelled: K}` or `{unlabelled: all | SECONDS}`")
        }
        entry.datasets = [entry.datasets[0]]
        if let dataset { spec.datasets[entry.datasets[0]] = .source(dataset) }
        spec.datasets = spec.datasets.filter { $0.key == entry.datasets[0] }
        spec.entries = [entry]
        let loaded = try spec.loadDatasets(notes: CommandLineError.printNote, acceleration: units.acceleration, rotationRate: units.gyroscope)
        let data = loaded[entry.datasets[0]]!
        let subjects = Set(data.recordings.map(\.subject)).sorted()
        guard let person = subject ?? (subjects.count == 1 ? subjects[0] : nil) else {
            throw ValidationError("\(data.name) holds \(subjects.count) subjects; name the person with --subject (\(subjects.joined(separator: ", ")))")
        }
        guard subjects.contains(person) else {
            throw DataFileError(file: dataset ?? experiment, "no recording of subject '\(person)' in \(data.name); subjects: \(subjects.joined(separator: ", "))")
        }
        let trainer = try EntryTrainer(entry: entry, experiment: spec, kind: data.kind, registry: GestureLab.registries.recognizers,
                                       trainers: GestureLab.registries.trainers)
        let recognizer = GestureLab.registries.trainers.trainer(for: entry.recognizer)
        let trained = try recognizer.readModel(at: URL(fileURLWithPath: model))
        let (adapted, calibration) = try trainer.adapt(trained, toSubject: person, in: data.recordings)
        guard !calibration.recordings.isEmpty else {
            throw DataFileError(file: dataset ?? experiment, "subject \(person) has no calibration data under \(adaptation.description): nothing to adapt from")
        }
        try recognizer.writeModel(adapted, to: URL(fileURLWithPath: out))
        let seconds = calibration.recordings.reduce(0.0) { $0 + (($1.samples.last?.timestamp ?? 0) - ($1.samples.first?.timestamp ?? 0)) }
        let events = calibration.recordings.reduce(0) { $0 + $1.annotations.count }
        print("adapted \(entry.name) to \(person) (\(adaptation.description)): \(calibration.recordings.count) recording\(calibration.recordings.count == 1 ? "" : "s"), "
              + "\(ExperimentReport.fmt(seconds)) s" + (calibration.isLabelled ? ", \(events) annotated events" : ", read without annotations"))
        for (label, count) in calibration.shortLabels.sorted(by: { $0.key < $1.key }) {
            CommandLineError.printLine("warning: \(person)'s calibration holds only \(count) event\(count == 1 ? "" : "s") of \(label); all of them were given")
        }
        let strengths = adapted.summary.values.filter { $0.key.hasPrefix("adapt") }.sorted { $0.key < $1.key }
        if !strengths.isEmpty { print(strengths.map { "\($0.key)=\(CSVTable.number($0.value))" }.joined(separator: " ")) }
        print("wrote \(out)")
    }
}
