import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What went wrong with a live input or output: its address, a socket, a WebSocket handshake or the frames
/// that follow it. Callers and tests match on the case; the description is for people and reads
/// `address: message`, as a ``DataFileError``'s reads `file: message`.
///
/// System errors keep the `errno` they came with (its text is `strerror`'s).
public enum LiveInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `text` names no input or output: an unknown or unsupported scheme, no `HOST:PORT` with a port in
    /// 0…65535, or a path where the scheme takes none.
    case invalidEndpoint(String, reason: String)
    /// The port of `host:port` is outside 0…65535.
    case invalidPort(host: String, port: Int)
    /// `host` could not be resolved; `reason` is the resolver's (`gai_strerror`).
    case unresolvedHost(host: String, port: Int, reason: String)
    /// No socket could be created for `address` (`udp://HOST:PORT`, `tcp://HOST:PORT`).
    case socketUnavailable(address: String, errno: Int32)
    /// Listening on `address` failed: the port is in use or not permitted.
    case bindFailed(address: String, port: Int, errno: Int32)
    /// Connecting to `address` failed: refused, unreachable.
    case connectionFailed(address: String, errno: Int32)
    /// Reading from the socket of `address` (`HOST:PORT`) failed.
    case receiveFailed(address: String, errno: Int32)
    /// The WebSocket handshake with `url` did not complete: it could not be sent, the connection closed, or
    /// the answer had no end of headers.
    case handshakeFailed(url: String, reason: String)
    /// No answer to the WebSocket handshake with `url` within `seconds`.
    case handshakeTimedOut(url: String, seconds: Double)
    /// The server at `url` answered the handshake with a refusal or with what was not asked for.
    case handshakeRejected(url: String, reason: String)
    /// A frame or message from `url` breaks the WebSocket protocol (reserved bits, an unknown opcode, a
    /// message inside a fragmented one, a size over ``WebSocketFrames/maximumSize``).
    case protocolViolation(url: String, reason: String)

    /// The address the error is about, as given (`HOST:PORT`, `udp://HOST:PORT`, `ws://HOST:PORT/PATH`).
    public var address: String {
        switch self {
        case let .invalidEndpoint(text, _): text
        case let .invalidPort(host, port), let .unresolvedHost(host, port, _): "\(host):\(port)"
        case let .socketUnavailable(address, _), let .bindFailed(address, _, _), let .connectionFailed(address, _),
             let .receiveFailed(address, _):
            address
        case let .handshakeFailed(url, _), let .handshakeTimedOut(url, _), let .handshakeRejected(url, _),
             let .protocolViolation(url, _):
            url
        }
    }

    /// What is wrong, without the address.
    public var message: String {
        func system(_ code: Int32) -> String { String(cString: strerror(code)) }
        switch self {
        case let .invalidEndpoint(_, reason), let .handshakeFailed(_, reason), let .handshakeRejected(_, reason),
             let .protocolViolation(_, reason):
            return reason
        case .invalidPort: return "port must be 0…65535"
        case let .unresolvedHost(_, _, reason): return "cannot resolve: \(reason)"
        case let .socketUnavailable(_, code): return "cannot create a socket: \(system(code))"
        case let .bindFailed(_, _, code): return "cannot listen: \(system(code))"
        case let .connectionFailed(_, code): return "cannot connect: \(system(code))"
        case let .receiveFailed(_, code): return "cannot read: \(system(code))"
        case let .handshakeTimedOut(_, seconds): return "no answer to the handshake within \(seconds) s"
        }
    }

    /// `address: message`.
    public var description: String { "\(address): \(message)" }
}
