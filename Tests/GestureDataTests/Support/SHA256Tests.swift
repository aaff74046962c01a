import GestureData
import Testing

/// `SHA256` against FIPS 180-4's examples and Python's `hashlib` (the digests below were computed there, not here).
@Suite struct SHA256Tests {
    private static func hex(_ bytes: [UInt8]) -> String {
        var h = SHA256()
        h.add(bytes)
        return h.hex
    }

    @Test func standardVectors() {
        #expect(Self.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // 56 bytes: the padding spills into a second block.
        #expect(Self.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // hashlib.sha256(b'a' * 1000003)
        #expect(Self.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_003)) == "cf5f310cac13bb0f1de288d09940e8ee441e8d5d88b0fd4ec6021c405fda8c8c")
    }

    /// Doubles are hashed as their count (8 bytes, little-endian), then their little-endian IEEE bytes, whatever the
    /// split between whole blocks and the partial one; strings as their UTF-8 length, then their bytes.
    @Test func doublesAndStringsHashAsTheirBytes() {
        // hashlib.sha256(struct.pack('<Q', 1000) + struct.pack('<1000d', *[i * 0.37 - 3.5 for i in range(1000)]))
        let values = (0..<1000).map { Double($0) * 0.37 - 3.5 }
        var whole = SHA256()
        whole.add(values)
        #expect(whole.hex == "452d33ae7c4f2aed25b31151ed847a24288d67a612a0a0dff4abbfd28a4ec607")
        // hashlib.sha256(struct.pack('<Q', 6) + 'héllo'.encode())
        var text = SHA256()
        text.add("héllo")
        #expect(text.hex == "75f80a028c0bcf47c35d4d61886815ea78bd57fa932fcbcc53f4a72e555d412d")
        // Reading the digest leaves the hash as it was: more bytes continue it.
        var split = SHA256()
        split.add(Array("ab".utf8))
        _ = split.hex
        split.add(Array("c".utf8))
        #expect(split.hex == Self.hex(Array("abc".utf8)))
    }
}
