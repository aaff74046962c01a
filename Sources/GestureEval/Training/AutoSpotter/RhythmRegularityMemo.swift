import GestureKit
import GestureData
import Synchronization

/// Each recording's rhythm regularity (the `rhythmRegularity` channel), derived once per process: the spotter's recipe
/// reads it for every fold a recording trains in, and the plan for every step it counts, where deriving it costs more
/// than the rest of an unchanged re-run.
///
/// A recording is keyed by its samples (times, channel names, values), compared in full on a hit (arrays that share
/// storage compare in O(1)), so a hit is exactly what deriving again would give. Least recently used columns are
/// dropped beyond ``byteCeiling`` bytes of derived values.
package final class RhythmRegularityMemo: Sendable {
    /// The process's memo, 256 MiB of derived values.
    package static let shared = RhythmRegularityMemo(byteCeiling: 256 << 20)

    /// Most bytes of derived values (8 per sample) held.
    package let byteCeiling: Int

    private struct Key: Hashable {
        var timestamps: [Double]
        var channels: [Channel]
        var columns: [[Double]]
    }

    private struct State {
        var columns: [Key: [Double]] = [:]
        /// Keys from least to most recently used.
        var order: [Key] = []
        var bytes = 0
    }

    private let state = Mutex(State())

    /// An empty memo holding at most `byteCeiling` bytes.
    package init(byteCeiling: Int) { self.byteCeiling = byteCeiling }

    /// `recording`'s rhythm regularity per sample, or `nil` when its channels cannot give it. O(samples) to key it, and
    /// to derive it on a miss.
    package func regularity(of recording: Recording) -> [Double]? {
        let key = Key(timestamps: recording.timestamps, channels: recording.channelNames, columns: recording.columns)
        let hit: [Double]? = state.withLock { state in
            guard let column = state.columns[key] else { return nil }
            if let i = state.order.firstIndex(of: key) { state.order.append(state.order.remove(at: i)) }
            return column
        }
        if let hit { return hit }
        let channel = MotionChannel(rawValue: "rhythmRegularity")!
        guard let column = recording.derivingChannels([channel]).column(Channel(channel)) else { return nil }
        let bytes = 8 * column.count
        guard bytes <= byteCeiling else { return column }
        state.withLock { state in
            guard state.columns[key] == nil else { return }
            state.columns[key] = column
            state.order.append(key)
            state.bytes += bytes
            while state.bytes > byteCeiling, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                state.bytes -= 8 * (state.columns.removeValue(forKey: oldest)?.count ?? 0)
            }
        }
        return column
    }
}
