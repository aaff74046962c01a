import Foundation
import GestureData
import Testing

/// Live inputs fail with a ``LiveInputError`` case a caller can match on, and a description that names the
/// address as before.
@Suite struct LiveInputErrorTests {
    /// The error `body` throws, when it is a ``LiveInputError``.
    static func error(_ body: () throws -> Void) -> LiveInputError? {
        do { try body() } catch { return error as? LiveInputError }
        return nil
    }

    @Test(arguments: [
        ("osc://host:70000", "expected osc://HOST:PORT with a port 0…65535"),
        ("http://host:1", "unknown scheme 'http'; use a file, -, osc://, udp://, tcp:// or ws://"),
        ("udp://host:1/x", "udp:// takes no path"),
        ("wss://host:443/x", "wss:// (TLS) is not supported; sensor apps on a local network serve ws://"),
    ])
    func anAddressThatNamesNoEndpointIsInvalid(text: String, reason: String) {
        let error = Self.error { _ = try LiveEndpoint(text) }
        #expect(error == .invalidEndpoint(text, reason: reason))
        #expect(error?.description == "\(text): \(reason)")
    }

    @Test func aPortOutsideItsRangeIsRefusedBeforeAnySocket() {
        let error = Self.error { _ = try NetworkSocket.udpListening(host: "127.0.0.1", port: 70_000, timeout: 0.1) }
        #expect(error == .invalidPort(host: "127.0.0.1", port: 70_000))
        #expect(error?.description == "127.0.0.1:70000: port must be 0…65535")
    }

    @Test func listeningOnAnAddressThisMachineDoesNotHaveFailsToBind() throws {
        // 192.0.2.1 (TEST-NET-1, RFC 5737) is on no interface: bind fails with EADDRNOTAVAIL.
        let error = try #require(Self.error { _ = try NetworkSocket.udpListening(host: "192.0.2.1", port: 9, timeout: 0.1) })
        guard case let .bindFailed(address, port, code) = error else {
            Issue.record("expected .bindFailed, got \(error)")
            return
        }
        #expect(address == "udp://192.0.2.1:9" && port == 9 && code == EADDRNOTAVAIL)
        #expect(error.description == "udp://192.0.2.1:9: cannot listen: \(String(cString: strerror(EADDRNOTAVAIL)))")
    }

    @Test func connectingWhereNothingListensFailsToConnect() throws {
        // A port just freed: nothing listens on it over TCP.
        let port = try NetworkSocket.udpListening(host: "127.0.0.1", port: 0, timeout: 0.1).port
        let error = try #require(Self.error { _ = try NetworkSocket.tcpConnected(host: "127.0.0.1", port: port, timeout: 0.1) })
        guard case let .connectionFailed(address, code) = error else {
            Issue.record("expected .connectionFailed, got \(error)")
            return
        }
        #expect(address == "tcp://127.0.0.1:\(port)" && code == ECONNREFUSED)
        #expect(error.description.hasPrefix("tcp://127.0.0.1:\(port): cannot connect: "))
        // A WebSocket client fails the same way, before any handshake.
        let client = Self.error { _ = try WebSocketClient(host: "127.0.0.1", port: port, path: "/", timeout: 0.1) }
        #expect(client == .connectionFailed(address: "tcp://127.0.0.1:\(port)", errno: ECONNREFUSED))
    }

    @Test func aHandshakeTimeoutSaysHowLongItWaited() {
        let error = LiveInputError.handshakeTimedOut(url: "ws://10.0.0.2:8080/", seconds: 5)
        #expect(error.address == "ws://10.0.0.2:8080/" && error.message == "no answer to the handshake within 5.0 s")
    }
}
