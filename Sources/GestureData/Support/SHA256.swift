/// SHA-256 (FIPS 180-4) in pure Swift, fed piece by piece: the content keys of the experiment cache, where a
/// 64-bit hash could let two different inputs share a key. Identical on every platform.
///
/// - Complexity: O(bytes), about 64 rounds per 64-byte block.
package struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
    private var block = [UInt8](repeating: 0, count: 64)
    private var filled = 0
    private var length: UInt64 = 0

    /// An empty hash.
    package init() {}

    /// Adds `bytes`. O(bytes).
    package mutating func add(_ bytes: some Sequence<UInt8>) {
        if let done: Void = bytes.withContiguousStorageIfAvailable({ add(UnsafeRawBufferPointer($0)) }) { return done }
        for byte in bytes {
            block[filled] = byte
            filled += 1
            length &+= 1
            if filled == 64 { let full = block; full.withUnsafeBytes { compress($0) }; filled = 0 }
        }
    }

    /// Adds the bytes of `raw`: whole blocks straight from it, the rest through the block. O(bytes).
    package mutating func add(_ raw: UnsafeRawBufferPointer) {
        var offset = 0
        length &+= UInt64(raw.count)
        if filled > 0 {
            let take = min(64 - filled, raw.count)
            for i in 0..<take { block[filled + i] = raw[i] }
            filled += take
            offset = take
            guard filled == 64 else { return }
            let full = block; full.withUnsafeBytes { compress($0) }
            filled = 0
        }
        while raw.count - offset >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + 64)]))
            offset += 64
        }
        for i in offset..<raw.count { block[i - offset] = raw[i] }
        filled = raw.count - offset
    }

    /// Adds `values`' count, then their little-endian IEEE bytes. O(values).
    package mutating func add(_ values: [Double]) {
        add(UInt64(values.count))
        values.withUnsafeBytes { add($0) }
    }

    /// Adds `x`'s 8 little-endian bytes.
    package mutating func add(_ x: UInt64) {
        withUnsafeBytes(of: x.littleEndian) { add($0) }
    }

    /// Adds `s`'s UTF-8 length, then its bytes, so that consecutive strings cannot run into each other.
    package mutating func add(_ s: String) {
        add(UInt64(s.utf8.count))
        add(s.utf8)
    }

    /// The digest as 64 hexadecimal digits; the hash itself is left as it was. O(1).
    package var hex: String {
        var copy = self
        let bits = length &* 8
        copy.addPadding(bits: bits)
        let words = [copy.state.0, copy.state.1, copy.state.2, copy.state.3, copy.state.4, copy.state.5, copy.state.6, copy.state.7]
        return words.map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    private mutating func addPadding(bits: UInt64) {
        var pad: [UInt8] = [0x80]
        let afterOne = (filled + 1) % 64
        pad += [UInt8](repeating: 0, count: afterOne <= 56 ? 56 - afterOne : 120 - afterOne)
        for shift in stride(from: 56, through: 0, by: -8) { pad.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        let saved = length
        pad.withUnsafeBytes { add($0) }
        length = saved
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// One 64-byte block into the state; the message schedule lives on the stack.
    private mutating func compress(_ bytes: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for i in 0..<16 {
                w[i] = UInt32(bytes[4 * i]) << 24 | UInt32(bytes[4 * i + 1]) << 16 | UInt32(bytes[4 * i + 2]) << 8 | UInt32(bytes[4 * i + 3])
            }
            for i in 16..<64 {
                let s0 = w[i - 15].rotatedRight(7) ^ w[i - 15].rotatedRight(18) ^ (w[i - 15] >> 3)
                let s1 = w[i - 2].rotatedRight(17) ^ w[i - 2].rotatedRight(19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = state
            Self.k.withUnsafeBufferPointer { k in
                for i in 0..<64 {
                    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
                }
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
        }
    }
}

private extension UInt32 {
    func rotatedRight(_ n: UInt32) -> UInt32 { self >> n | self << (32 - n) }
}
