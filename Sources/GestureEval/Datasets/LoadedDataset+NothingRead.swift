extension LoadedDataset {
    /// Throws unless at least one recording has a row that was read without a reading error, so a
    /// dataset whose files are all empty, hold only a header, or whose rows all fail is an error
    /// rather than an empty success. `source` names the dataset in the error; the first reading
    /// problem, when there is one, says why nothing was read.
    ///
    /// - Complexity: O(rows + problems).
    public func requireSomethingRead(from source: String) throws(DataFileError) {
        var badLines: [String: Set<Int32>] = [:]
        for problem in problems where problem.severity == .error {
            if let line = problem.location.line { badLines[problem.location.file, default: []].insert(Int32(line)) }
        }
        for (recording, origin) in zip(dataset.recordings, provenance) where !recording.timestamps.isEmpty {
            // Without line numbers (generated or segment data) every row was read.
            guard let bad = badLines[origin.file], !origin.lines.isEmpty else { return }
            if origin.lines.contains(where: { !bad.contains($0) }) { return }
        }
        if let first = problems.first(where: { $0.severity == .error }) {
            throw DataFileError(file: source, "nothing read: \(first.location)")
        }
        throw DataFileError(file: source, dataset.recordings.isEmpty ? "the dataset has no recordings" : "every recording is empty")
    }
}
