import Foundation

extension DatasetReader {
    /// Checks that a time column whose unit the manifest does not state (no `unit`, no `scale`) is
    /// plausibly in seconds: the median step between its first 65 times must give a rate within
    /// ``SampleCSVFormat/plausibleRates`` (1 Hz–10 kHz). Otherwise nanoseconds or milliseconds would be
    /// read as seconds without a word; the error names the file, the first data line and the column,
    /// and the unit that would fit.
    ///
    /// - Parameters:
    ///   - raw: the column's values as read (before any scaling), in file order.
    ///   - lines: their 1-based line numbers.
    static func checkUnstatedTimeUnit(_ raw: [Double], lines: [Int32], time: DatasetManifest.TimeMapping,
                                      file: String) throws(DataFileError) {
        guard time.unit == nil, time.scale == nil else { return }
        let head = raw.prefix(65).filter(\.isFinite)
        let steps = zip(head, head.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        guard !steps.isEmpty else { return }
        let median = steps[steps.count / 2]
        let rate = 1 / median
        guard !SampleCSVFormat.plausibleRates.contains(rate) else { return }
        let fitting = SampleCSVFormat.TimeUnit.allCases.filter { SampleCSVFormat.plausibleRates.contains(rate / ($0.secondsPerUnit)) }
        let hint = fitting.first.map { "; if the column is in \($0.name), write time: {…, unit: \($0.rawValue)}" } ?? ""
        throw DataFileError(file: file, line: lines.first.map(Int.init), field: time.column ?? time.index.map { "column \($0)" } ?? "time",
                            "read as seconds, the median step between times (\(String(format: "%.4g", median)) s) gives "
                                + "\(String(format: "%.4g", rate)) Hz, outside 1 Hz–10 kHz; state the unit (time.unit: s, ms, us, ns)\(hint)")
    }
}
