/// The frames of a WebSocket byte stream (RFC 6455 §5.2): bytes go in as they arrive, whole frames come out
/// with their payload unmasked. The buffer is compacted as frames leave, so it holds at most one frame and
/// one read. Used by ``WebSocketClient``; usable with any other socket. O(frame) per frame.
public struct WebSocketFrames: Sendable {
    /// Frames and messages larger than this are refused, bytes.
    package static let maximumSize = 1 << 24
    private var pending: [UInt8] = []
    private var offset = 0

    /// An empty stream.
    public init() {}

    /// Adds received bytes.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        pending.append(contentsOf: bytes)
    }

    /// The next whole frame (opcode, FIN, unmasked payload), or `nil` when more bytes are needed.
    /// - Throws: ``LiveInputError/protocolViolation(url:reason:)`` naming `url` for reserved bits, an unknown opcode or an oversized frame.
    public mutating func next(url: String) throws(LiveInputError) -> (opcode: UInt8, final: Bool, payload: [UInt8])? {
        let available = pending.count - offset
        guard available >= 2 else { return nil }
        let first = pending[offset], second = pending[offset + 1]
        guard first & 0x70 == 0 else { throw .protocolViolation(url: url, reason: "a frame with reserved bits set (no extension was agreed)") }
        let opcode = first & 0x0F
        guard [0x0, 0x1, 0x2, 0x8, 0x9, 0xA].contains(opcode) else { throw .protocolViolation(url: url, reason: "a frame with the unknown opcode \(opcode)") }
        var header = 2, length = UInt64(second & 0x7F)
        if length >= 126 {
            let size = length == 126 ? 2 : 8
            guard available >= 2 + size else { return nil }
            length = 0
            for i in 0..<size { length = length << 8 | UInt64(pending[offset + 2 + i]) }
            header += size
        }
        guard length <= UInt64(Self.maximumSize) else { throw .protocolViolation(url: url, reason: "a frame of \(length) bytes, over \(Self.maximumSize)") }
        let masked = second & 0x80 != 0
        if masked { header += 4 }
        guard available >= header + Int(length) else { return nil }
        var payload = Array(pending[(offset + header)..<(offset + header + Int(length))])
        if masked {
            // Servers must not mask, but a masked frame is still readable.
            let mask = pending[(offset + header - 4)..<(offset + header)].map { $0 }
            for i in payload.indices { payload[i] ^= mask[i & 3] }
        }
        offset += header + Int(length)
        // Keep the buffer from growing with the stream.
        if offset == pending.count {
            pending.removeAll(keepingCapacity: true)
            offset = 0
        } else if offset > 1 << 16 {
            pending.removeSubrange(0..<offset)
            offset = 0
        }
        return (opcode, first & 0x80 != 0, payload)
    }
}
