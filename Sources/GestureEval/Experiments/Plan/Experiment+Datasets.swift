import GestureKit
import GestureData

extension Experiment {
    /// Loads the datasets the entries use, by key. A `{train, test}` reference becomes one dataset whose
    /// recordings' sessions are `train` and `test` (ids prefixed `train-` / `test-`). `notes` receives
    /// what reading inferred rather than read as stated (``ReadingReport/notes``), prefixed by the source,
    /// once per dataset and note.
    ///
    /// Every dataset goes through the reading checks `gesturelab datasets validate` makes: a reading
    /// error (a bad data row, a missing column, an annotation file that is not `start,end,label`) stops
    /// loading, naming file, line and field, rather than dropping the row or file; errors in data that was
    /// read (unsorted or duplicate times, values out of range, one-sample recordings) are counted by kind in
    /// one note, so nothing is used without a word.
    ///
    /// `acceleration` states the unit of `csv:` files' acceleration columns (`--acceleration`); `nil` takes g
    /// unless a header names a unit.
    /// - Throws: the first reading error, naming file, line and field.
    public func loadDatasets(notes: ((String) -> Void)? = nil,
                             acceleration: SampleCSVFormat.AccelerationUnit? = nil,
                             rotationRate: RotationUnit? = nil) throws(DataFileError) -> [String: Dataset] {
        let options = DatasetSource.Options(samplingRate: samplingRate, acceleration: acceleration, rotationRate: rotationRate)
        var loaded: [String: Dataset] = [:]
        func load(_ text: String) throws(DataFileError) -> Dataset {
            let dataset = try DatasetSource(text).load(options)
            for note in dataset.report.notes { notes?("\(text): \(note)") }
            for p in dataset.problems where p.kind == .unlistedFile { notes?("\(text): \(p.location)") }
            let readingErrors = dataset.problems.filter { $0.severity == .error }
            if let first = readingErrors.first {
                var error = first.location
                error.message += "; \(readingErrors.count) reading error\(readingErrors.count == 1 ? "" : "s") in \(text) "
                    + "(`gesturelab datasets validate \(text)` lists them); fix the files: no command uses a dataset with reading errors"
                throw error
            }
            var counts: [DatasetProblem.Kind: Int] = [:]
            for p in DatasetValidator().validate(dataset) where p.severity == .error { counts[p.kind, default: 0] += 1 }
            if !counts.isEmpty {
                let byKind = DatasetProblem.Kind.allCases.compactMap { k in counts[k].map { "\(k.rawValue) \($0)" } }
                notes?("\(text): used as read with \(counts.values.reduce(0, +)) validation errors (\(byKind.joined(separator: ", "))); "
                           + "`gesturelab datasets validate \(text)` lists them, `datasets convert --repair` repairs them")
            }
            return dataset.dataset
        }
        for key in Set(entries.flatMap(\.datasets)).sorted() {
            guard let reference = datasets[key] else { continue }
            switch reference {
            case let .source(text):
                loaded[key] = try load(text)
            case let .split(trainText, testText):
                let train = try load(trainText), test = try load(testText)
                func relabel(_ r: Recording, _ session: String) -> Recording {
                    var r = r
                    r.id = "\(session)-\(r.id)"
                    r.session = session
                    return r
                }
                loaded[key] = Dataset(name: key, kind: train.kind, samplingRate: train.samplingRate,
                                      recordings: train.recordings.map { relabel($0, "train") } + test.recordings.map { relabel($0, "test") },
                                      license: train.license, citation: train.citation)
            }
        }
        return loaded
    }
}
