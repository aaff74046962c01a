import GestureData
import GestureEval

extension Split {
    /// `text` parsed; an unknown spelling is an error on `source`'s `split` field that lists the known ones.
    static func parsing(_ text: String, in source: String) throws(DataFileError) -> Split {
        do { return try Split(parsing: text) } catch { throw DataFileError(file: source, field: "split", error.description) }
    }
}
