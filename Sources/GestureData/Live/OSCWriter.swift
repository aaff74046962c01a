/// The one OSC 1.0 encoder: appends the big-endian, 4-byte aligned parts of a packet to a byte buffer.
///
/// ``OSCPacket/encoded`` and ``OSCMessage/encoded`` are written by it, and so is a batch of bundles encoded once
/// and re-tagged in place (``appendBundle(retagging:)``), which a sender at a high rate uses so that it never
/// encodes a message twice. The buffer keeps its capacity when emptied (``reset()``), so a reused writer
/// allocates nothing per packet. Every append is O(bytes written).
package struct OSCWriter: Sendable {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer, keeping its capacity.
    package mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends `packet`: a message, or `#bundle`, its time tag and each element preceded by its size.
    package mutating func append(_ packet: OSCPacket) {
        switch packet {
        case let .message(m): append(m)
        case let .bundle(tag, elements):
            append(string: "#bundle")
            append(tag)
            for e in elements {
                // The size goes before the element: written as 0, set once the element is written.
                let sizeAt = bytes.count
                append(UInt32(0))
                append(e)
                set(UInt32(bytes.count - sizeAt - 4), at: sizeAt)
            }
        }
    }

    /// Appends `message`: its address, its type tag string (`,fs…`) and its arguments.
    package mutating func append(_ message: OSCMessage) {
        append(string: message.address)
        var tags = ","
        for a in message.arguments {
            switch a {
            case .int32: tags += "i"
            case .float32: tags += "f"
            case .string: tags += "s"
            case .blob: tags += "b"
            case .int64: tags += "h"
            case .double: tags += "d"
            case .true: tags += "T"
            case .false: tags += "F"
            case .nil: tags += "N"
            case .impulse: tags += "I"
            }
        }
        append(string: tags)
        for a in message.arguments {
            switch a {
            case let .int32(v): append(UInt32(bitPattern: v))
            case let .float32(v): append(v.bitPattern)
            case let .string(s): append(string: s)
            case let .blob(b):
                append(UInt32(b.count))
                append(padded: b)
            case let .int64(v): append(UInt64(bitPattern: v))
            case let .double(v): append(v.bitPattern)
            case .true, .false, .nil, .impulse: break  // the tag is the value
            }
        }
    }

    /// Appends one bundle holding `bundles`, each an encoded bundle (``OSCPacket/encoded``) whose time tag is
    /// replaced by the one given: the bytes the same packet, re-tagged, encodes to.
    /// The outer bundle's tag is the first inner one. O(bytes).
    package mutating func appendBundle(retagging bundles: some Sequence<([UInt8], UInt64)>) {
        let start = bytes.count
        append(string: "#bundle")
        append(UInt64(0))
        var first = true
        for (encoded, tag) in bundles {
            if first {
                set(tag, at: start + Self.timeTagOffset)
                first = false
            }
            append(UInt32(encoded.count))
            let at = bytes.count
            bytes.append(contentsOf: encoded)
            set(tag, at: at + Self.timeTagOffset)
        }
    }

    /// Where a bundle's time tag starts: after `#bundle` and its zero.
    static let timeTagOffset = 8

    /// Appends a big-endian 32-bit integer (`i`, `f` as its bits, sizes).
    package mutating func append(_ v: UInt32) {
        for k in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (24 - 8 * k))) }
    }

    /// Appends a big-endian 64-bit integer (`h`, `d` as its bits, time tags).
    package mutating func append(_ v: UInt64) {
        append(UInt32(truncatingIfNeeded: v >> 32))
        append(UInt32(truncatingIfNeeded: v))
    }

    /// Appends the string, its terminating zero and zeros to a multiple of 4 bytes.
    package mutating func append(string s: String) {
        bytes.append(contentsOf: s.utf8)
        bytes.append(0)
        pad()
    }

    /// Appends `b` and zeros to a multiple of 4 bytes.
    mutating func append(padded b: [UInt8]) {
        bytes.append(contentsOf: b)
        pad()
    }

    private mutating func pad() {
        while bytes.count % 4 != 0 { bytes.append(0) }
    }

    private mutating func set(_ v: UInt32, at offset: Int) {
        for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: v >> (24 - 8 * k)) }
    }

    private mutating func set(_ v: UInt64, at offset: Int) {
        set(UInt32(truncatingIfNeeded: v >> 32), at: offset)
        set(UInt32(truncatingIfNeeded: v), at: offset + 4)
    }
}
