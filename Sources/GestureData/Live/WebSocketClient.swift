import Foundation

/// A WebSocket client (RFC 6455) on a TCP connection: the opening handshake, then whole messages, with
/// fragmented frames joined, pings answered and the server's close returned. Plain `ws://` only (no TLS), no
/// extensions (no compression): what sensor apps on a local network serve.
///
/// O(message) per message; the receive buffer is reused.
public struct WebSocketClient {
    /// What ``next()`` found.
    public enum Event: Equatable, Sendable {
        /// A whole message, its payload and whether it is text (UTF-8) rather than binary.
        case message([UInt8], isText: Bool)
        /// Nothing arrived within the socket's timeout.
        case idle
        /// The server closed the connection, with its status code when it sent one.
        case closed(code: Int?)
    }

    /// `ws://host:port/path`, for messages.
    public let url: String
    private let socket: NetworkSocket
    private var frames = WebSocketFrames()
    private var fragments: [UInt8] = []
    private var fragmentsAreText = false
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    /// Connects to `host:port`, asks for `path` (with its query) and checks the server's answer; later reads
    /// wait at most `timeout` seconds (see ``Event/idle``).
    /// - Throws: ``LiveInputError`` naming the URL: no connection (``LiveInputError/connectionFailed(address:errno:)``),
    ///   a refusal (the server's status line) or a wrong `Sec-WebSocket-Accept`
    ///   (``LiveInputError/handshakeRejected(url:reason:)``), or no answer within `handshakeTimeout` seconds
    ///   (``LiveInputError/handshakeTimedOut(url:seconds:)``).
    public init(host: String, port: Int, path: String, timeout: Double, handshakeTimeout: Double = 5) throws(LiveInputError) {
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        url = "ws://\(authority)\(path)"
        socket = try NetworkSocket.tcpConnected(host: host, port: port, timeout: timeout)
        var nonce = [UInt8](repeating: 0, count: 16)
        for i in nonce.indices { nonce[i] = UInt8.random(in: 0...255) }
        let key = Data(nonce).base64EncodedString()
        let request = "GET \(Self.escaped(path)) HTTP/1.1\r\nHost: \(authority)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\nUser-Agent: gesturelab\r\n\r\n"
        guard socket.transmit(Array(request.utf8)) else { throw .handshakeFailed(url: url, reason: "cannot send the handshake") }
        try readHandshake(key: key, within: handshakeTimeout)
    }

    /// The next message, or ``Event/idle`` after the timeout, or ``Event/closed(code:)`` at the end.
    /// - Throws: ``LiveInputError`` on a socket error or a frame that breaks the protocol
    ///   (``LiveInputError/protocolViolation(url:reason:)``).
    public mutating func next() throws(LiveInputError) -> Event {
        while true {
            while let (opcode, final, payload) = try frames.next(url: url) {
                switch opcode {
                case 0x1, 0x2:
                    guard fragments.isEmpty else { throw .protocolViolation(url: url, reason: "a new message began inside a fragmented one") }
                    if final { return .message(payload, isText: opcode == 0x1) }
                    fragments = payload
                    fragmentsAreText = opcode == 0x1
                case 0x0:
                    fragments += payload
                    guard fragments.count <= WebSocketFrames.maximumSize else { throw .protocolViolation(url: url, reason: "a message over \(WebSocketFrames.maximumSize) bytes") }
                    if final {
                        defer { fragments = [] }
                        return .message(fragments, isText: fragmentsAreText)
                    }
                case 0x8:
                    let code = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
                    send(opcode: 0x8, Array(payload.prefix(2)))
                    return .closed(code: code)
                case 0x9:
                    send(opcode: 0xA, payload)
                default:
                    break  // A pong.
                }
            }
            guard let count = try socket.receive(into: &chunk) else { return .idle }
            if count == 0 { return .closed(code: nil) }
            frames.append(chunk[0..<count])
        }
    }

    /// Sends a close frame (status 1000), so the server ends the connection cleanly.
    public func close() {
        send(opcode: 0x8, [0x03, 0xE8])
    }

    /// Sends one final frame, masked as a client must.
    private func send(opcode: UInt8, _ payload: [UInt8]) {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8 & 0xFF), UInt8(payload.count & 0xFF)]
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        socket.transmit(frame)
    }

    private mutating func readHandshake(key: String, within seconds: Double) throws(LiveInputError) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        let end: [UInt8] = [13, 10, 13, 10]
        var pending: [UInt8] = [], headerEnd: Int?
        while headerEnd == nil {
            guard pending.count < 1 << 14 else { throw .handshakeFailed(url: url, reason: "the server's answer has no end of headers within 16 KB") }
            guard let count = try socket.receive(into: &chunk) else {
                guard DispatchTime.now().uptimeNanoseconds < deadline else { throw .handshakeTimedOut(url: url, seconds: seconds) }
                continue
            }
            guard count > 0 else { throw .handshakeFailed(url: url, reason: "the server closed the connection during the handshake") }
            pending.append(contentsOf: chunk[0..<count])
            if pending.count >= 4 {
                headerEnd = (0...(pending.count - 4)).first { pending[$0..<($0 + 4)].elementsEqual(end) }
            }
        }
        let text = String(decoding: pending[0..<headerEnd!], as: UTF8.self)
        frames.append(pending[(headerEnd! + 4)...])
        let lines = text.components(separatedBy: "\r\n")
        let status = lines[0].split(separator: " ")
        guard status.count >= 2, status[1] == "101" else {
            throw .handshakeRejected(url: url, reason: "the server refused the WebSocket: '\(lines[0])'")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let expected = Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
        guard headers["sec-websocket-accept"] == expected else {
            throw .handshakeRejected(url: url, reason: "the server's Sec-WebSocket-Accept is '\(headers["sec-websocket-accept"] ?? "")', expected '\(expected)'")
        }
        if let extensions = headers["sec-websocket-extensions"], !extensions.isEmpty {
            throw .handshakeRejected(url: url, reason: "the server chose extensions that were not asked for: \(extensions)")
        }
    }

    /// `path` with the characters a request line may not hold (quotes, brackets, spaces of a SensorServer
    /// `types=[…]` query) percent-encoded.
    static func escaped(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~/?=&%:@!$'()*+,;".contains(c) {
                out.append(c)
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
