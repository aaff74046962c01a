import Foundation
import GestureKit

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
                // One origin serves the whole recording, the first stream's: stated anywhere else it would be ignored.
                if i > 0, let time = stream.time, time.origin != nil || time.relative != nil {
                    throw DataFileError(file: file, field: "streams[\(i)].time.\(time.origin != nil ? "origin" : "relative")", .invalidValue(
                        "a recording has one time origin, the first stream's (streams[0]), so this one would not be applied: delete it here; "
                            + "to put another device's clock on the first stream's, give this stream a placement and a clock "
                            + "(clock: {offset: SECONDS} or clock: {search: [LOW, HIGH]})"))
                }
                try stream.table?.check(file: file, field: "streams[\(i)].table")
            }
            if let to = align?.to, !names.contains(to) {
                throw DataFileError(file: file, field: "align.to", .noSuchStream(to))
            }
            try checkPlacedStreams(streams, file: file)
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

extension DatasetManifest {
    /// Checks the streams' placements and clocks: the first stream is the primary unit's (no placement), a placement
    /// is spelled as channel names allow, channels under it are named without one, `align.to` names a primary
    /// stream (the primary unit's clock is kept), and a clock is stated only with a placement, once per placement,
    /// as an offset or as a search range whose stream reads the acceleration the estimate correlates.
    func checkPlacedStreams(_ streams: [StreamMapping], file: String) throws(DataFileError) {
        var clocked = Set<String>()
        for (i, stream) in streams.enumerated() {
            let field = "streams[\(i)]"
            guard let placement = stream.placement else {
                if stream.clock != nil {
                    throw DataFileError(file: file, field: "\(field).clock", .invalidValue(
                        "a clock relates another device's stream to the primary unit's: give the stream a placement (e.g. placement: wrist)"))
                }
                continue
            }
            guard i > 0 else {
                throw DataFileError(file: file, field: "\(field).placement", .invalidValue(
                    "the first stream is the primary unit's, whose clock the others are put on: list a stream without placement first"))
            }
            guard MotionChannel.isPlacement(placement) else {
                throw DataFileError(file: file, field: "\(field).placement", .invalidValue(
                    "'\(placement)' must be letters, digits, _ and - (e.g. lowerarm, left-wrist)"))
            }
            for (k, m) in stream.channels.enumerated() where m.name.rawValue.contains("@") {
                throw DataFileError(file: file, field: "\(field).channels[\(k)].name", .invalidValue(
                    "'\(m.name.rawValue)' names its placement already: write \(m.name.rawValue.split(separator: "@")[0]) under the stream's placement"))
            }
            if align?.to == stream.name {
                throw DataFileError(file: file, field: "align.to", .invalidValue(
                    "'\(stream.name)' is the \(placement) unit's stream; the recording keeps the primary unit's clock: name a stream without placement"))
            }
            guard let clock = stream.clock else { continue }
            guard clocked.insert(placement).inserted else {
                throw DataFileError(file: file, field: "\(field).clock", .invalidValue(
                    "another stream of \(placement) states its clock already; one clock serves every stream of a placement"))
            }
            try clock.check(file: file, field: "\(field).clock", channels: stream.channels.map(\.name))
        }
    }
}

extension DatasetManifest.StreamClock {
    /// Checks that exactly one of `offset` and `search` is given, with finite seconds in order, and that an estimate's
    /// stream maps `accel.x`, `accel.y` and `accel.z` (the |a| it correlates).
    func check(file: String, field: String, channels: [Channel]) throws(DataFileError) {
        switch (offset, search) {
        case (nil, nil):
            throw DataFileError(file: file, field: field, .invalidValue(
                "state offset (seconds, e.g. offset: -1.25) or search (seconds, e.g. search: [-10, 10]) to estimate it"))
        case (.some, .some):
            throw DataFileError(file: file, field: "\(field).search", .conflictingKeys("offset", "search"))
        case let (offset?, nil):
            guard offset.isFinite else { throw DataFileError(file: file, field: "\(field).offset", .invalidValue("must be a number of seconds")) }
            if event != nil { throw DataFileError(file: file, field: "\(field).event", .conflictingKeys("offset", "event")) }
            if events != nil { throw DataFileError(file: file, field: "\(field).events", .conflictingKeys("offset", "events")) }
        case let (nil, search?):
            guard search.count == 2, search.allSatisfy(\.isFinite), search[0] < search[1] else {
                throw DataFileError(file: file, field: "\(field).search", .invalidValue(
                    "must be [lowest, highest] seconds, lowest below highest (e.g. search: [-10, 10])"))
            }
            func isWindow(_ w: [Double]) -> Bool { w.count == 2 && w.allSatisfy(\.isFinite) && w[0] >= 0 && w[0] < w[1] }
            if let event, !isWindow(event) {
                throw DataFileError(file: file, field: "\(field).event", .invalidValue(
                    "must be [from, to] seconds after the primary unit's first sample, 0 ≤ from < to (e.g. event: [0, 30])"))
            }
            if let events {
                if event != nil { throw DataFileError(file: file, field: "\(field).events", .conflictingKeys("event", "events")) }
                guard events.count == 2, events.allSatisfy(isWindow), events[0][1] <= events[1][0] else {
                    throw DataFileError(file: file, field: "\(field).events", .invalidValue(
                        "must be two windows [from, to] seconds after the primary unit's first sample, the first ending before the "
                            + "second starts, far apart (e.g. events: [[3, 8], [590, 598]]): one shared event near each end"))
                }
            }
            guard Channel.acceleration.allSatisfy(channels.contains) else {
                throw DataFileError(file: file, field: "\(field).search", .invalidValue(
                    "the estimate correlates |a|: this stream maps no accel.x, accel.y and accel.z (state offset instead, or estimate on the unit's accelerometer stream)"))
            }
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
