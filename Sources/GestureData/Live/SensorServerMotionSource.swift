import Foundation
import GestureKit

/// A ``GestureKit/MotionSource`` reading SensorServer JSON (see ``SensorServerDecoder``) from a WebSocket.
/// Silences are watched by a ``StallWatch``; the server's close ends the stream. O(message) per message.
public struct SensorServerMotionSource: MotionSource {
    /// What the messages held so far: counts of malformed messages and of unused sensor types.
    public private(set) var decoder: SensorServerDecoder
    /// Messages received.
    public private(set) var messages = 0
    /// The server's close status code (1006 when the connection ended without one), once it closed.
    public private(set) var closeCode: Int?
    /// Called with the seconds waited when nothing arrived for the stall time.
    public var onStall: ((Double) -> Void)? {
        get { watch.onStall }
        set { watch.onStall = newValue }
    }

    private var client: WebSocketClient
    private var watch: StallWatch

    /// Reads `client`'s messages with `decoder` (whose default type should follow the path, see
    /// ``SensorServerDecoder/defaultType(path:)``).
    public init(client: WebSocketClient, decoder: SensorServerDecoder = SensorServerDecoder(), watch: StallWatch = StallWatch()) {
        self.client = client
        self.decoder = decoder
        self.watch = watch
    }

    public mutating func next() throws(LiveInputError) -> MotionSample? {
        var last = PacingClock.system.now()
        while closeCode == nil {
            if watch.stop.isSet { break }
            switch try client.next() {
            case .idle:
                if watch.shouldEnd(afterSilenceOf: PacingClock.system.now() - last) { return nil }
            case let .closed(code):
                closeCode = code ?? 1006
            case let .message(bytes, _):
                last = PacingClock.system.now()
                messages += 1
                if let sample = decoder.sample(from: bytes, arrival: last) { return sample }
            }
        }
        return nil
    }

    /// Ends the connection cleanly (a close frame), for a stop that came from this side.
    public func close() { if closeCode == nil { client.close() } }
}
