import Foundation
import GestureKit
import GestureData

/// Training examples and query series for DTW from recordings.
///
/// A model records exactly the channels it was trained on: a recording's columns are read by name
/// (`user.x` is user acceleration, `dim2` the archive's second column), never renamed to fit.
enum DTWExamples {
    /// The channels a configuration without `channels` trains on: total acceleration when `recording` has
    /// it, else user acceleration, else every archive column (`dim1`…`dimN`) in order.
    static func defaultChannels(_ recording: Recording) throws(TrainingError) -> [MotionChannel] {
        for group in [MotionChannel.acceleration, MotionChannel.userAcceleration] where recording.has(group.map(column)) {
            return group
        }
        let archive = recording.channelNames.compactMap(\.motion).filter(\.isArchiveDimension)
        if !archive.isEmpty { return archive }
        throw TrainingError("recording \(recording.id) has neither accel.x/y/z, user.x/y/z nor archive columns dim1…; name the channels to train on in the dtw configuration (channels: [...]); its columns: \(recording.channelNames.map(\.rawValue).joined(separator: ", "))")
    }

    /// The recording column of `channel`.
    static func column(_ channel: MotionChannel) -> Channel { Channel(channel) }

    /// Examples per class the other subjects must give before stream calibration spots a subject's recordings
    /// with templates trained without it (cross-fitting).
    static let crossFittingMinimumExamples = 5

    /// `recording` with the columns of `channels` that it lacks but that its samples give, as the detecting
    /// pipeline derives them (``GestureData/Recording/derivingChannels(_:)``): templates are then made of the same
    /// signal the deployed recognizer sees. A channel the samples cannot give stays missing, for the caller to report.
    ///
    /// - Complexity: O(samples × channels) when a column is derived, O(channels) otherwise.
    static func derivingChannels(_ channels: [MotionChannel], of recording: Recording) -> Recording {
        recording.derivingChannels(channels)
    }

    /// The series of `recording` on `channels`, one dimension each (``GestureData/Recording/series(channels:samples:name:)``:
    /// gravity, user acceleration, magnitudes and the orientation-free channels derived when missing); a missing
    /// column is an error naming it.
    static func series(_ recording: Recording, channels: [MotionChannel]) throws -> DTWSeries {
        do { return try recording.series(channels: channels) } catch {
            switch error {
            case let .missingChannel(c, id, has):
                throw TrainingError("recording \(id) has no column \(c) (its columns: \(has.map(\.rawValue).joined(separator: ", "))); train on channels the data has (channels: [...] in the dtw configuration)")
            case let .invalid(reason): throw reason
            }
        }
    }

    /// The query series of a segment for `model` (an intensity envelope when the model compares those).
    static func series(_ recording: Recording, model: DTWModel) throws -> DTWSeries {
        try series(enveloped(recording, channels: model.channels, seconds: model.movingDeviation), channels: model.channels)
    }

    /// `recording` with the columns of `channels` replaced by their moving standard deviation over `seconds`
    /// (``GestureKit/MovingDeviation`` at the recording's rate, over the whole recording, as a matcher computes it
    /// along a stream), so that examples cut from it are what the matcher compares; unchanged when `seconds` is
    /// `nil`. Only for cutting examples: the columns no longer hold the channels' values.
    ///
    /// - Complexity: O(samples × channels).
    static func enveloped(_ recording: Recording, channels: [MotionChannel], seconds: Double?) throws -> Recording {
        guard let seconds, recording.count >= 2 else { return recording }
        let recording = derivingChannels(channels, of: recording)
        guard let rate = recording.samplingRate else { return recording }
        var columns: [[Double]] = []
        for c in channels {
            guard let values = recording.column(column(c)) else { return recording }   // reported when the series is read
            columns.append(values)
        }
        var copy = recording
        for (c, values) in zip(channels, try MovingDeviation.apply(seconds: seconds, samplingRate: rate, to: columns)) {
            copy.setColumn(column(c), values)
        }
        return copy
    }
}
