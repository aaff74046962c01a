import GestureData
/// A 64-bit FNV-1a hash, pure Swift and identical on every platform.
struct FNV1a64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
    }

    mutating func add(_ x: UInt64) {
        var x = x
        for _ in 0..<8 {
            value ^= x & 0xff
            value &*= 0x0000_0100_0000_01b3
            x >>= 8
        }
    }
    mutating func add(_ x: Double) { add(x.bitPattern) }
    mutating func add(_ s: String) { add(UInt64(s.utf8.count)); add(s.utf8) }

    /// The hash as 16 hexadecimal digits.
    var hex: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension Dataset {
    /// A checksum of the dataset's contents: `"fnv1a64:"` and 16 hex digits of the FNV-1a hash
    /// of name, kind, and every recording's identifiers, timestamps, channel names and values
    /// (IEEE bit patterns, little-endian) and annotations, in order, with lengths as separators.
    /// Deterministic across runs and platforms. O(total values).
    package var checksum: String {
        var h = FNV1a64()
        h.add(name)
        h.add(kind.rawValue)
        h.add(UInt64(recordings.count))
        for r in recordings {
            h.add(r.id); h.add(r.subject); h.add(r.session)
            h.add(UInt64(r.count))
            for t in r.timestamps { h.add(t) }
            h.add(UInt64(r.channelNames.count))
            for (channel, column) in zip(r.channelNames, r.columns) {
                h.add(channel.rawValue)
                for v in column { h.add(v) }
            }
            h.add(UInt64(r.annotations.count))
            for a in r.annotations { h.add(a.start); h.add(a.end); h.add(a.label) }
        }
        return "fnv1a64:" + h.hex
    }
}
