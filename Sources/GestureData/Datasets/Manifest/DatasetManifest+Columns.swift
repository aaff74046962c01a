import GestureKit

extension DatasetManifest {
    /// A column that labels every sample. Runs of equal values become annotations from the first
    /// sample's time to the last sample's time of the run; background values make none, ignored
    /// values make none and are counted in the ``ReadingReport``. Values compare as numbers when
    /// they are numbers (`5`, `5.0` and `5.00` are one value), else as trimmed text.
    package struct LabelMapping: Codable, Hashable, Sendable {
        /// Header name of the label column.
        package var column: String?
        /// 0-based index of the label column (files without a header).
        package var index: Int?
        /// Values that mean "no gesture" (for example `"0"`, or `""` for an empty field).
        package var background: [String]?
        /// Values whose runs are dropped and reported (undocumented or transitional labels).
        package var ignore: [String]?
        /// Class names by value (`"5": turn`); a value not listed is its own name.
        package var names: [String: String]?
        /// Creates a mapping.
        package init(column: String? = nil, index: Int? = nil, background: [String]? = nil,
                    ignore: [String]? = nil, names: [String: String]? = nil) {
            self.column = column
            self.index = index
            self.background = background
            self.ignore = ignore
            self.names = names
        }
    }

    /// One sensor's file of a multi-file recording: its own table, time column and channels.
    package struct StreamMapping: Codable, Hashable, Sendable {
        /// The stream's name (`accelerometer`, `gyroscope`, …), the key of ``RecordingEntry/files``.
        package var name: String
        /// For a ``Source``: the file's pattern, using only captures of the matched pattern
        /// (`{subject}`, `{session}`, `{label}`) — for example `{session}/Gyroscope.csv`.
        package var pattern: String?
        /// The text layout; the manifest's ``table`` when absent.
        package var table: TableFormat?
        /// The time column; the manifest's ``time`` when absent.
        package var time: TimeMapping?
        /// The channels this file holds.
        package var channels: [ChannelMapping]
        /// Whether a recording may lack this stream's file (not the first stream): then the recording has
        /// none of its channels, and the reading report counts the recordings without it.
        package var optional: Bool?
        /// Where the sensor unit (device) of this file is worn (`wrist`, `pocket`, `lowerarm`): its channels become
        /// `<name>@<placement>`, interpolated onto the primary unit's clock, and the times where this unit has no
        /// reading (outside its span, inside its gaps) are its own gap, never the primary unit's. `nil` for the
        /// primary unit's files (the first stream is always one of them).
        package var placement: String?
        /// How this unit's clock relates to the primary unit's: an offset stated in seconds, or one estimated from an
        /// event both devices saw. Applies to every stream of the same ``placement``; `nil`: the clocks agree.
        package var clock: StreamClock?
        /// Creates a stream.
        package init(name: String, pattern: String? = nil, table: TableFormat? = nil, time: TimeMapping? = nil,
                    channels: [ChannelMapping], optional: Bool? = nil, placement: String? = nil, clock: StreamClock? = nil) {
            self.optional = optional
            self.name = name
            self.pattern = pattern
            self.table = table
            self.time = time
            self.channels = channels
            self.placement = placement
            self.clock = clock
        }

        /// The stream as its file is read: with a ``placement``, each channel named `<name>@<placement>` (a column
        /// stated by the channel's name alone is the unplaced name in the file), as ``SensorMapping`` names its
        /// columns; without one, itself.
        var placedForReading: StreamMapping {
            guard let placement else { return self }
            var placed = self
            placed.channels = SensorMapping(placement: placement, channels: channels).placedChannels
            return placed
        }
    }

    /// The clock of a ``StreamMapping`` with a placement against the primary unit's: `t_primary = t_stream + offset`,
    /// after both files' times are in seconds (epoch clocks counted from one origin). In YAML, one of
    ///
    /// ```yaml
    /// clock: {offset: -1.25}                 # seconds, stated (measured by hand, or by the devices' sync)
    /// clock: {search: [-10, 10], event: [0, 30]}
    /// ```
    ///
    /// The second estimates the offset from an event both devices saw (a shake or a few taps): the offset in
    /// `search` (seconds) at which the acceleration magnitude |a| of this unit best correlates (Pearson) with the
    /// primary unit's over `event` (seconds after the primary unit's first sample; its whole span when absent).
    /// The estimate, its correlation and search range are in the ``ReadingReport``; a weak correlation or an
    /// estimate at the edge of the range is a warning, and so is a single offset that no longer aligns the signals near
    /// the recording's end (clocks that drift).
    ///
    /// The third relates clocks that drift: `events`, two windows `[from, to]` (seconds after the primary unit's first
    /// sample) where both devices saw something, each estimated as above; the unit's times are then mapped by the line
    /// through the two (offset and rate), and the report states the rate.
    package struct StreamClock: Codable, Hashable, Sendable {
        /// A stated offset, seconds, added to the stream's times.
        package var offset: Double?
        /// The range of offsets searched, seconds `[lowest, highest]`, for an estimate.
        package var search: [Double]?
        /// Where the shared event is, seconds `[from, to]` after the primary unit's first sample; the whole
        /// recording when absent.
        package var event: [Double]?
        /// Two shared events, `[[from, to], [from, to]]` seconds after the primary unit's first sample, for clocks that
        /// drift: an offset estimated at each gives the offset and the rate.
        package var events: [[Double]]?
        /// Creates a clock relation.
        package init(offset: Double? = nil, search: [Double]? = nil, event: [Double]? = nil, events: [[Double]]? = nil) {
            self.offset = offset
            self.search = search
            self.event = event
            self.events = events
        }
    }

    /// How the streams of a multi-file recording become one: every stream is interpolated (linearly;
    /// quaternions by slerp) at the reference times — the first stream's timestamps, or a grid at
    /// ``rate`` — and reference times outside any stream's span are dropped (reported).
    package struct Alignment: Codable, Hashable, Sendable {
        /// The stream whose clock is kept; the first stream when absent.
        package var to: String?
        /// A fixed output rate, Hz, instead of a stream's clock.
        package var rate: Double?
        /// Creates an alignment.
        package init(to: String? = nil, rate: Double? = nil) {
            self.to = to
            self.rate = rate
        }
    }

    /// One channel: `value = raw × scale + offset`, read from a column given by name or index.
    package struct ChannelMapping: Codable, Hashable, Sendable {
        /// The channel it becomes.
        package var name: Channel
        /// Header name of the source column; defaults to `name`.
        package var column: String?
        /// 0-based index of the source column (files without a header).
        package var index: Int?
        /// Multiplier applied to the raw value (units and sign); 1 when absent.
        package var scale: Double?
        /// Added after scaling; 0 when absent.
        package var offset: Double?
        /// Valid raw range `[min, max]`; values outside are reported by validation (and dropped by the
        /// `drop-out-of-range` repair).
        package var valid: [Double]?
        /// Creates a mapping.
        package init(_ name: Channel, column: String? = nil, index: Int? = nil, scale: Double? = nil,
                    offset: Double? = nil, valid: [Double]? = nil) {
            self.name = name
            self.column = column
            self.index = index
            self.scale = scale
            self.offset = offset
            self.valid = valid
        }
    }

    /// Valid ranges per channel in converted units, from the raw `valid` ranges of the channels and the streams'
    /// channels (each scaled and offset as its values are); what ``LoadedDataset`` carries as `limits`.
    package var limits: [Channel: ClosedRange<Double>] {
        var result: [Channel: ClosedRange<Double>] = [:]
        for mapping in channelsWithSensors + (streams ?? []).flatMap(\.placedForReading.channels) {
            guard let valid = mapping.valid, valid.count == 2 else { continue }
            let s = mapping.scale ?? 1, o = mapping.offset ?? 0
            let a = valid[0] * s + o, b = valid[1] * s + o
            result[mapping.name] = min(a, b)...max(a, b)
        }
        return result
    }
}

extension DatasetManifest {
    /// Another sensor unit worn with the primary one and logged in the same file, rows on the same clock: its
    /// placement and the columns it gives, each read as ``ChannelMapping`` reads a channel (scale, offset, valid
    /// range). In YAML:
    ///
    /// ```yaml
    /// sensors:
    ///   - placement: lowerarm
    ///     channels: [{name: accel.x, column: acc_2_x, scale: -0.001}, {name: gyr_2_x}]
    /// ```
    ///
    /// Each channel becomes the column `<name>@<placement>` (`accel.x@lowerarm`; an auxiliary name stays auxiliary,
    /// `gyr_2_x@lowerarm`). An empty cell in a unit's columns is that unit's gap on that row (NaN in all its columns,
    /// counted per unit in the ``ReadingReport``), never an error and never another unit's gap; a row whose primary
    /// columns (the manifest's `channels`) are all empty is dropped and counted, and a row with only some of them
    /// empty is an error as without sensors.
    package struct SensorMapping: Codable, Hashable, Sendable {
        /// Where the unit is worn (`lowerarm`, `wrist`, `trunk`): letters, digits, `_` and `-`.
        package var placement: String
        /// The unit's channels, named without placement (`accel.x`, not `accel.x@lowerarm`).
        package var channels: [ChannelMapping]

        /// Creates a unit.
        package init(placement: String, channels: [ChannelMapping]) {
            self.placement = placement
            self.channels = channels
        }

        /// The unit's channels as the file is read: each named `<name>@<placement>`.
        var placedChannels: [ChannelMapping] {
            channels.map { m in
                var placed = m
                placed.name = Channel(rawValue: "\(m.name.rawValue)@\(placement)")
                // A column stated by the channel's name alone is the unplaced name in the file.
                if placed.column == nil, placed.index == nil { placed.column = m.name.rawValue }
                return placed
            }
        }
    }

    /// The channels one file of this manifest gives: ``channels``, then every ``sensors`` unit's placed channels.
    var channelsWithSensors: [ChannelMapping] {
        channels + (sensors ?? []).flatMap(\.placedChannels)
    }

    /// Checks the sensor units: placements spelled as channel names allow and unique, channels not placed twice,
    /// no ``streams`` beside them (units share the one file's rows).
    func checkSensors(file: String) throws(DataFileError) {
        guard let sensors else { return }
        if streams != nil { throw DataFileError(file: file, field: "sensors", .conflictingKeys("streams", "sensors")) }
        var seen = Set<String>()
        for (i, unit) in sensors.enumerated() {
            guard MotionChannel.isPlacement(unit.placement), seen.insert(unit.placement).inserted else {
                throw DataFileError(file: file, field: "sensors[\(i)].placement", .invalidValue(
                    "'\(unit.placement)' must be a new placement of letters, digits, _ and - (e.g. lowerarm, left-wrist)"))
            }
            for (k, m) in unit.channels.enumerated() where m.name.rawValue.contains("@") {
                throw DataFileError(file: file, field: "sensors[\(i)].channels[\(k)].name", .invalidValue(
                    "'\(m.name.rawValue)' names its placement already: write \(m.name.rawValue.split(separator: "@")[0]) under the unit"))
            }
        }
    }
}
