import GestureKit

extension Recording {
    /// Why a recording gives no series on the channels asked for.
    public enum SeriesError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The recording neither has a column for `channel` nor samples that give it (``derivingChannels(_:)``):
        /// the recording's id and the columns it has.
        case missingChannel(MotionChannel, recording: String, has: [Channel])
        /// The columns make no series (no samples, a value that is not finite): GestureKit's explanation.
        case invalid(DTWError)

        /// One line, e.g. `the recording 'walk-1' has no channel gyro.x; it has accel.x, accel.y, accel.z`; for a
        /// channel of a unit the recording lacks, the units it has: `the recording 'walk-1' has no sensor unit at
        /// 'wrist' (for accel.x@wrist); its units: the primary unit, lowerarm`.
        public var description: String {
            switch self {
            case let .missingChannel(channel, recording, has):
                if let placement = channel.placement, !has.contains(where: { $0.placement == placement }) {
                    "the recording '\(recording)' has no sensor unit at '\(placement)' (for \(channel.rawValue)); its units: "
                        + (["the primary unit"] + Self.placements(has)).joined(separator: ", ")
                } else {
                    "the recording '\(recording)' has no channel \(channel.rawValue); it has \(has.map(\.rawValue).joined(separator: ", "))"
                }
            case let .invalid(error): "\(error)"
            }
        }

        /// The placements of `columns`' other units, in column order, each once. O(columns × units).
        static func placements(_ columns: [Channel]) -> [String] {
            var out: [String] = []
            for c in columns { if let p = c.placement, c.motion != nil, !out.contains(p) { out.append(p) } }
            return out
        }
    }

    /// The recording on `channels` as one multichannel series, one dimension per channel in order, over `samples`
    /// (all when `nil`). A channel without a column is derived as ``derivingChannels(_:)`` derives it (over the whole
    /// recording, before `samples` is cut): magnitudes from their vector, gravity and user acceleration by a split,
    /// the orientation-free channels by an estimator. The one place a trainer, a classifier's query and `find` read
    /// a recording's channels.
    ///
    /// - Parameters:
    ///   - samples: the sample indices to take, within `0..<count`.
    ///   - name: the series' name, which GestureKit's errors quote; the recording's id when `nil`.
    /// - Throws: ``SeriesError/missingChannel(_:recording:has:)`` for the first channel the recording neither has nor
    ///   gives; ``SeriesError/invalid(_:)`` when the values make no series (none, or one not finite).
    /// - Complexity: O(samples × channels), plus O(count × channels) when a channel is derived.
    public func series(channels: [MotionChannel], samples: Range<Int>? = nil, name: String? = nil) throws(SeriesError) -> DTWSeries {
        let recording = derivingChannels(channels)
        var columns: [[Double]] = []
        for channel in channels {
            guard let column = recording.column(Channel(channel)) else {
                throw .missingChannel(channel, recording: id, has: recording.channelNames)
            }
            columns.append(samples.map { Array(column[$0]) } ?? column)
        }
        do { return try DTWSeries(dimensions: columns, name: name ?? id) } catch { throw .invalid(error) }
    }
}
