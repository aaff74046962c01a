import Foundation

extension DatasetManifest {
    /// Reads a manifest file. Errors name the file.
    package init(contentsOf url: URL) throws(DataFileError) {
        let text = try DataFileError.readText(url)
        try self.init(yaml: text, file: url.path)
    }

    /// Parses manifest YAML; `file` names it in errors.
    ///
    /// Values from a fixed list (`time.unit`, `time.origin`, `time.batches`, `table.decimal`,
    /// `axisConvention`) are checked as they are decoded; the rules that relate keys are checked here.
    public init(yaml: String, file: String = "dataset.yaml") throws(DataFileError) {
        do {
            self = try YAMLConfiguration(text: yaml, source: file).decode(DatasetManifest.self)
        } catch {
            throw DataFileError(file: file, decoding: error)
        }
        guard format.hasPrefix("gesturelab-dataset/") else {
            throw DataFileError(file: file, field: "format", .unknownFormat(format))
        }
        try time.check(file: file, field: "time")
        try table.check(file: file, field: "table")
        if let streams {
            guard !streams.isEmpty else { throw DataFileError(file: file, field: "streams", .noStreams) }
            var names = Set<String>()
            for (i, stream) in streams.enumerated() {
                guard names.insert(stream.name).inserted else {
                    throw DataFileError(file: file, field: "streams[\(i)].name", .duplicateStream(stream.name))
                }
                try stream.time?.check(file: file, field: "streams[\(i)].time")
                try stream.table?.check(file: file, field: "streams[\(i)].table")
            }
            if let to = align?.to, !names.contains(to) {
                throw DataFileError(file: file, field: "align.to", .noSuchStream(to))
            }
            if let rate = align?.rate, !(rate > 0 && rate.isFinite) {
                throw DataFileError(file: file, field: "align.rate", .notPositiveRate)
            }
        }
        try checkSensors(file: file)
        if let labels, labels.column == nil, labels.index == nil {
            throw DataFileError(file: file, field: "labels", .noLabelColumn)
        }
    }
}

extension DatasetManifest.TableFormat {
    /// Checks the values that cannot be negative or empty; `field` names the table in errors.
    func check(file: String, field: String) throws(DataFileError) {
        if let skipRows, skipRows < 0 {
            throw DataFileError(file: file, field: "\(field).skipRows", .invalidValue("must be 0 or more lines, e.g. skipRows: 10 for ActiGraph's preamble"))
        }
        if let unitsRow, unitsRow < 1 || !header {
            throw DataFileError(file: file, field: "\(field).unitsRow", .invalidValue(
                "must be 1 or more lines under the header (1: the line right under it), and needs header: true"))
        }
        if let trailing, trailing.isEmpty {
            throw DataFileError(file: file, field: "\(field).trailing", .invalidValue("must be the text each line ends with, e.g. trailing: ';'"))
        }
    }
}

extension DatasetManifest.TimeMapping {
    /// Checks the rules that relate keys (a fixed list's values are checked when decoded); `field`
    /// names the mapping in errors.
    func check(file: String, field: String) throws(DataFileError) {
        if unit != nil, scale != nil {
            throw DataFileError(file: file, field: "\(field).scale", .conflictingKeys("unit", "scale"))
        }
        if let relative, let origin, origin != (relative ? .first : .file) {
            throw DataFileError(file: file, field: "\(field).relative", .relativeContradictsOrigin(relative: relative, origin: origin.rawValue))
        }
        if format != nil, unit != nil || scale != nil {
            throw DataFileError(file: file, field: "\(field).format", .conflictingKeys("format", unit != nil ? "unit" : "scale"))
        }
        if let format, format != "iso8601", DateTimePattern(format) == nil {
            throw DataFileError(file: file, field: "\(field).format", .invalidValue(
                "'\(format)' is not a date-time pattern: use iso8601, or yyyy, MM, dd, HH, mm, ss and S… with literal separators, "
                    + "e.g. format: 'M/d/yyyy HH:mm:ss.SSS' or format: 'yyyy-MM-dd HH:mm:ss.SSS'"))
        }
        for (key, row) in [("startRow", startRow), ("rateRow", rateRow)] {
            if let row, row < 1 {
                throw DataFileError(file: file, field: "\(field).\(key)", .invalidValue("must be a 1-based line number, e.g. \(key): \(key == "startRow" ? 1 : 2)"))
            }
        }
        if rateRow != nil, rate != nil {
            throw DataFileError(file: file, field: "\(field).rateRow", .conflictingKeys("rateRow", "rate"))
        }
        if column == nil, index == nil, rateRow == nil, !(rate.map { $0 > 0 && $0.isFinite } ?? false) {
            throw DataFileError(file: file, field: field, .noTimeSource)
        }
    }
}
