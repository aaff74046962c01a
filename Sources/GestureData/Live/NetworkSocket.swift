import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A POSIX socket for the live inputs and outputs: UDP bound to a local address (receiving), UDP aimed at a
/// remote one (sending), or TCP connected to a server. The descriptor closes when the value is released.
public final class NetworkSocket: @unchecked Sendable {
    /// The descriptor.
    package let descriptor: Int32
    /// `host:port` as given, for messages.
    public let name: String

    private init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    deinit { close(descriptor) }

    /// A UDP socket bound to `host:port` (port 0: any free one, see ``port``); reads wait at most `timeout` seconds.
    /// - Throws: ``LiveInputError`` naming the address and the system's reason.
    public static func udpListening(host: String, port: Int, timeout: Double) throws(LiveInputError) -> NetworkSocket {
        let (address, length) = try resolve(host: host, port: port, type: SOCK_DGRAM)
        let fd = socket(Int32(address.ss_family), Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw .socketUnavailable(address: "udp://\(host):\(port)", errno: errno) }
        let s = NetworkSocket(descriptor: fd, name: "\(host):\(port)")
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var storage = address
        let bound = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0 else { throw .bindFailed(address: "udp://\(host):\(port)", port: port, errno: errno) }
        s.setTimeout(timeout)
        return s
    }

    /// A UDP socket whose writes go to `host:port`.
    public static func udpSending(host: String, port: Int) throws(LiveInputError) -> NetworkSocket {
        try connected(host: host, port: port, type: SOCK_DGRAM, scheme: "udp")
    }

    /// A TCP connection to `host:port`; reads wait at most `timeout` seconds.
    package static func tcpConnected(host: String, port: Int, timeout: Double) throws(LiveInputError) -> NetworkSocket {
        let s = try connected(host: host, port: port, type: SOCK_STREAM, scheme: "tcp")
        s.setTimeout(timeout)
        return s
    }

    /// The local port (useful after binding port 0).
    public var port: Int {
        var storage = sockaddr_storage(), length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { p -> Int in
            if family == sa_family_t(AF_INET6) {
                return p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// Sends `bytes` (one datagram on UDP). Errors are returned, not thrown: a live output must not stop the input.
    @discardableResult
    public func transmit(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Reads one datagram (or what a stream holds) into `buffer`: the byte count, 0 at the end of a stream, or
    /// `nil` when nothing arrived within the timeout or a signal interrupted the wait.
    /// - Throws: ``LiveInputError`` on a socket error.
    package func receive(into buffer: inout [UInt8]) throws(LiveInputError) -> Int? {
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count >= 0 { return count }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return nil }
        throw .receiveFailed(address: name, errno: errno)
    }

    private func setTimeout(_ seconds: Double) {
        var t = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func connected(host: String, port: Int, type: __socket_type, scheme: String) throws(LiveInputError) -> NetworkSocket {
        let (address, length) = try resolve(host: host, port: port, type: type)
        let fd = socket(Int32(address.ss_family), Int32(type.rawValue), 0)
        guard fd >= 0 else { throw .socketUnavailable(address: "\(scheme)://\(host):\(port)", errno: errno) }
        let s = NetworkSocket(descriptor: fd, name: "\(host):\(port)")
        var storage = address
        let status = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) } }
        guard status == 0 else { throw .connectionFailed(address: "\(scheme)://\(host):\(port)", errno: errno) }
        return s
    }

    private static func resolve(host: String, port: Int, type: __socket_type) throws(LiveInputError) -> (sockaddr_storage, socklen_t) {
        guard (0...65535).contains(port) else { throw .invalidPort(host: host, port: port) }
        var hints = addrinfo()
        hints.ai_socktype = Int32(type.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host.isEmpty ? nil : host, String(port), &hints, &result)
        guard status == 0, let first = result else {
            throw .unresolvedHost(host: host, port: port, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(result) }
        var storage = sockaddr_storage()
        memcpy(&storage, first.pointee.ai_addr, Int(first.pointee.ai_addrlen))
        return (storage, first.pointee.ai_addrlen)
    }
}
