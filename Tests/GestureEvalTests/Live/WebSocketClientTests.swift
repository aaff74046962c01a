import Foundation
@testable import GestureEval
import Testing

/// The parts of the WebSocket client that need no server; the handshake, frames, fragments, pings and the
/// close are exercised against the `websockets` package in `LiveInputCommandTests`.
@Suite struct WebSocketClientTests {
    @Test func sha1MatchesTheStandardsVectors() {
        func hex(_ text: String) -> String { SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(String(repeating: "a", count: 1000)) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }

    @Test func theAcceptKeyOfRFC6455sExample() {
        // RFC 6455 §1.3: key dGhlIHNhbXBsZSBub25jZQ== is answered with s3pPLMBiTxaQ9kYGzzhZRbK+xOo=.
        let digest = SHA1.digest(Array("dGhlIHNhbXBsZSBub25jZQ==258EAFA5-E914-47DA-95CA-C5AB0DC85B11".utf8))
        #expect(Data(digest).base64EncodedString() == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func aSensorServerQueryIsEscapedForTheRequestLine() {
        #expect(WebSocketClient.escaped(#"/sensors/connect?types=["a.b","c"]"#) == "/sensors/connect?types=%5B%22a.b%22,%22c%22%5D")
        #expect(WebSocketClient.escaped("/sensor/connect?type=android.sensor.gyroscope") == "/sensor/connect?type=android.sensor.gyroscope")
    }
}
