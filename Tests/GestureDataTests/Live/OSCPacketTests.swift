import GestureData
import Testing

/// OSC 1.0 packets: the specification's own example bytes, round trips, and malformed datagrams refused with
/// the byte where decoding stopped.
@Suite struct OSCPacketTests {
    /// The OSC 1.0 specification's example: "/oscillator/4/frequency" with the float 440.0.
    static let specificationExample: [UInt8] = [
        0x2f, 0x6f, 0x73, 0x63, 0x69, 0x6c, 0x6c, 0x61, 0x74, 0x6f, 0x72, 0x2f, 0x34, 0x2f, 0x66, 0x72,
        0x65, 0x71, 0x75, 0x65, 0x6e, 0x63, 0x79, 0x00, 0x2c, 0x66, 0x00, 0x00, 0x43, 0xdc, 0x00, 0x00,
    ]

    @Test func decodesTheSpecificationsExample() throws {
        let packet = try OSCPacket(decoding: Self.specificationExample)
        #expect(packet == .message(OSCMessage("/oscillator/4/frequency", [.float32(440)])))
        #expect(packet.encoded == Self.specificationExample)
    }

    @Test func roundTripsEveryArgumentTypeAndNestedBundles() throws {
        let message = OSCMessage("/a/b", [.int32(-7), .float32(1.5), .string("abc"), .blob([1, 2, 3, 4, 5]), .int64(1 << 40), .double(-2.25),
                                          .true, .false, .nil, .impulse])
        let packet = OSCPacket.bundle(timeTag: 42, elements: [.message(message), .bundle(timeTag: 1, elements: [.message(OSCMessage("/c", [.string("")]))])])
        let bytes = packet.encoded
        #expect(bytes.count % 4 == 0)
        let decoded = try OSCPacket(decoding: bytes)
        #expect(decoded == packet)
        #expect(decoded.messages.map(\.message.address) == ["/a/b", "/c"])
        #expect(decoded.messages.map(\.timeTag) == [42, 1], "a message takes its innermost bundle's time tag")
        #expect(message.arguments.map(\.number) == [-7, 1.5, nil, nil, Double(1 << 40), -2.25, 1, 0, nil, nil])
    }

    @Test func theEncoderWritesTheHandCheckedBytesOfABundle() throws {
        let message = OSCMessage("/a", [.int32(-2), .float32(1), .string("hi"), .blob([9, 8, 7, 6, 5]), .true])
        let packet = OSCPacket.bundle(timeTag: 0x0102_0304_0506_0708, elements: [.message(message)])
        let expected: [UInt8] = [
            0x23, 0x62, 0x75, 0x6e, 0x64, 0x6c, 0x65, 0x00,  // "#bundle" and its zero
            0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,  // time tag, big-endian
            0x00, 0x00, 0x00, 0x24,                          // element size: 36 bytes
            0x2f, 0x61, 0x00, 0x00,                          // "/a", zero, padding
            0x2c, 0x69, 0x66, 0x73, 0x62, 0x54, 0x00, 0x00,  // ",ifsbT", zero, padding
            0xff, 0xff, 0xff, 0xfe,                          // int32 -2
            0x3f, 0x80, 0x00, 0x00,                          // float32 1.0
            0x68, 0x69, 0x00, 0x00,                          // "hi", zero, padding
            0x00, 0x00, 0x00, 0x05, 0x09, 0x08, 0x07, 0x06, 0x05, 0x00, 0x00, 0x00,  // blob: size, bytes, padding
        ]                                                    // true: in the tag alone
        #expect(packet.encoded == expected)
        var writer = OSCWriter()
        writer.append(packet)
        #expect(writer.bytes == expected)
        #expect(try OSCPacket(decoding: expected) == packet)
    }

    @Test func aRetaggedBatchIsTheBundleThePacketEncodesTo() throws {
        let inner = (0..<3).map { k in OSCPacket.bundle(timeTag: 7, elements: [.message(OSCMessage("/s", [.float32(Float(k))]))]) }
        let tags: [UInt64] = [100, 101, 102]
        var writer = OSCWriter(capacity: 256)
        writer.append(OSCMessage("/left over"))
        writer.reset()
        writer.appendBundle(retagging: zip(inner.map(\.encoded), tags))
        let retagged = zip(inner, tags).map { packet, tag -> OSCPacket in
            guard case let .bundle(_, elements) = packet else { return packet }
            return .bundle(timeTag: tag, elements: elements)
        }
        #expect(writer.bytes == OSCPacket.bundle(timeTag: 100, elements: retagged).encoded)
        let decoded = try OSCPacket(decoding: writer.bytes)
        #expect(decoded.messages.map(\.timeTag) == tags)
        #expect(decoded.messages.map { $0.message.arguments } == [[.float32(0)], [.float32(1)], [.float32(2)]])
    }

    static func bytes(_ text: String, then more: [UInt8] = []) -> [UInt8] { Array(text.utf8) + more }

    static let malformed: [(bytes: [UInt8], reason: String)] = [
        ([], "empty packet"),
        (bytes("abc\0"), "starts with '/'"),
        (bytes("/abc"), "terminating zero"),
        (bytes("/ab\0,f\0\0", then: [0x43, 0xdc]), "expected 4 bytes, 2 left"),
        (bytes("/ab\0,q\0\0"), "unknown type tag 'q'"),
        (bytes("/ab\0,b\0\0", then: [0, 0, 1, 0]), "blob of 256 bytes in 0 left"),
        (bytes("#bundle\0", then: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]), "bundle element of 9 bytes"),
        (bytes("#bund\0\0\0"), "must be a #bundle"),
    ]

    @Test(arguments: malformed)
    func refusesMalformedDatagrams(bytes: [UInt8], reason: String) {
        #expect { try OSCPacket(decoding: bytes) } throws: { ($0 as? OSCError)?.reason.contains(reason) == true }
    }

    @Test func refusesBundlesNestedTooDeep() {
        var packet = OSCPacket.message(OSCMessage("/x"))
        for _ in 0..<10 { packet = .bundle(timeTag: 1, elements: [packet]) }
        #expect { try OSCPacket(decoding: packet.encoded) } throws: { ($0 as? OSCError)?.reason.contains("nested more than 8") == true }
    }
}
