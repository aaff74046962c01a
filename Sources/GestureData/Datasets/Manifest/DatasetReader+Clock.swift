import Foundation

extension DatasetReader {
    /// The unit of a time column the manifest does not state (no `unit`, no `scale`): the one its
    /// header name states (`time_ms`, `time (ns)`), else the one its values imply
    /// (``ClockInference/inferredUnit``: seconds unless that gives a rate outside 1 Hz–10 kHz or the
    /// first time is epoch-sized). Returns `nil` for plain seconds (nothing to say), else the unit and a
    /// note saying what was inferred.
    ///
    /// - Parameters:
    ///   - raw: the column's values as read (before any scaling), in file order; the first 65 are used.
    ///   - lines: their 1-based line numbers.
    ///   - name: the column's header name, when the file has a header.
    /// - Throws: when no unit gives a plausible clock, naming the file, the first data line and the column.
    static func inferTimeUnit(_ raw: [Double], lines: [Int32], name: String?, time: DatasetManifest.TimeMapping,
                              file: String) throws(DataFileError) -> (unit: SampleCSVFormat.TimeUnit, note: String)? {
        guard time.unit == nil, time.scale == nil else { return nil }
        let column = name ?? time.column ?? time.index.map { "column \($0)" } ?? "time"
        // The hint names the unit that was inferred, so that copying it changes nothing.
        func state(_ unit: SampleCSVFormat.TimeUnit) -> String {
            "; state it in the manifest (time: {column: \(time.column ?? "…"), unit: \(unit.rawValue)})"
        }
        if let name, let unit = SampleCSVFormat.TimeUnit.split(name).unit {
            return unit == .s ? nil : (unit, "time: column '\(name)' read as \(unit.name) (from its name)\(state(unit))")
        }
        guard let clock = ClockInference(times: raw.prefix(65).filter(\.isFinite)) else { return nil }
        guard let unit = clock.inferredUnit else {
            throw DataFileError(file: file, line: lines.first.map(Int.init), field: column,
                                clock.unclear + "; state it in the manifest (time.unit: s, ms, us, ns)")
        }
        guard clock.isWorthSaying(unit) else { return nil }
        return (unit, clock.note(column: column, unit: unit) + state(unit))
    }
}
