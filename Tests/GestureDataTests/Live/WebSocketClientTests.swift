import Foundation
@testable import GestureData
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

/// Frames cut from a byte stream however it arrives.
@Suite struct WebSocketFramesTests {
    static func frame(_ opcode: UInt8, _ payload: [UInt8], final: Bool = true, mask: [UInt8]? = nil) -> [UInt8] {
        var bytes: [UInt8] = [(final ? 0x80 : 0) | opcode]
        let m: UInt8 = mask == nil ? 0 : 0x80
        switch payload.count {
        case ..<126: bytes.append(m | UInt8(payload.count))
        case ..<65536: bytes += [m | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: bytes += [m | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> (8 * $0)) }
        }
        if let mask { bytes += mask + payload.enumerated().map { $0.element ^ mask[$0.offset & 3] } } else { bytes += payload }
        return bytes
    }

    @Test func framesOfEveryLengthEncodingComeOutWholeWhateverTheCuts() throws {
        let payloads: [[UInt8]] = [Array("hi".utf8), [UInt8](repeating: 7, count: 300), (0..<70_000).map { UInt8($0 & 0xFF) }]
        var stream: [UInt8] = []
        for p in payloads { stream += Self.frame(0x1, p) }
        stream += Self.frame(0x2, [1, 2, 3, 4, 5], mask: [9, 8, 7, 6])
        // Cut the stream into uneven reads: a frame appears only once all of it has arrived.
        var frames = WebSocketFrames(), got: [[UInt8]] = [], position = 0, cut = 1
        while position < stream.count {
            let end = min(stream.count, position + cut)
            frames.append(stream[position..<end])
            position = end
            cut = cut * 3 + 1
            while let f = try frames.next(url: "test") { got.append(f.payload) }
        }
        #expect(got == payloads + [[1, 2, 3, 4, 5]])
        #expect(try frames.next(url: "test") == nil)
    }

    @Test func reservedBitsUnknownOpcodesAndHugeFramesAreErrors() {
        var reserved = WebSocketFrames()
        reserved.append([0xC1, 0x00])
        #expect { try reserved.next(url: "ws://x") } throws: {
            ($0 as? LiveInputError) == .protocolViolation(url: "ws://x", reason: "a frame with reserved bits set (no extension was agreed)")
        }
        var unknown = WebSocketFrames()
        unknown.append([0x83, 0x00])
        #expect { try unknown.next(url: "ws://x") } throws: { ($0 as? LiveInputError) == .protocolViolation(url: "ws://x", reason: "a frame with the unknown opcode 3") }
        var huge = WebSocketFrames()
        huge.append([0x82, 127, 0xFF, 0, 0, 0, 0, 0, 0, 0])
        #expect { try huge.next(url: "ws://x") } throws: {
            ($0 as? LiveInputError) == .protocolViolation(url: "ws://x", reason: "a frame of 18374686479671623680 bytes, over \(WebSocketFrames.maximumSize)")
        }
    }
}
