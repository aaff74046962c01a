extension LoadedDataset {
    /// Throws unless at least one recording has a usable row (a finite time and finite values of the primary unit:
    /// another unit's NaN is its own gap), so a dataset whose files are all empty, hold only a header, or whose rows all
    /// fail (unreadable, NaN or infinite) is an error rather than an empty success. `source` names the dataset in the
    /// error; the first reading problem, or else the first file, says where to look.
    ///
    /// - Complexity: O(rows × channels) at worst, usually O(1): it stops at the first usable row.
    package func requireSomethingRead(from source: String) throws(DataFileError) {
        for recording in dataset.recordings {
            let columns = zip(recording.channelNames, recording.columns).filter { $0.0.placement == nil }.map(\.1)
            for (i, time) in recording.timestamps.enumerated() where time.isFinite {
                if columns.allSatisfy({ $0[i].isFinite }) { return }
            }
        }
        if let first = problems.first(where: { $0.severity == .error }) {
            throw DataFileError(file: source, "nothing read: \(first.location)")
        }
        guard let file = provenance.first?.file else { throw DataFileError(file: source, "the dataset has no recordings") }
        throw DataFileError(file: source, "nothing read: no row of any recording has a finite time and values (first file: \(file))")
    }
}
