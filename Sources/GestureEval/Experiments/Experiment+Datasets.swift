import GestureKit

extension Experiment {
    /// Loads the datasets the entries use, by key. A `{train, test}` reference becomes one dataset whose
    /// recordings' sessions are `train` and `test` (ids prefixed `train-` / `test-`). `notes` receives
    /// what reading inferred rather than read as stated (``ReadingReport/notes``), prefixed by the source,
    /// once per dataset and note.
    /// - Throws: the first reading error, naming file, line and field.
    public func loadDatasets(notes: ((String) -> Void)? = nil) throws(DataFileError) -> [String: Dataset] {
        let options = DatasetSource.Options(samplingRate: samplingRate)
        var loaded: [String: Dataset] = [:]
        func load(_ text: String) throws(DataFileError) -> Dataset {
            let dataset = try DatasetSource(text).load(options)
            for note in dataset.report.notes { notes?("\(text): \(note)") }
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
