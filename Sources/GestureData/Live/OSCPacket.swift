import Foundation

/// An Open Sound Control 1.0 packet: a message, or a bundle of packets with a time tag.
///
/// The wire format (big-endian, every part padded with zeros to a multiple of 4 bytes): a message is an
/// address (`/gyrosc/accel`), a type tag string (`,fff`) and the arguments; a bundle is `#bundle`, an NTP
/// time tag and elements each preceded by its size. Decoding never traps on malformed bytes: it throws
/// ``OSCError`` saying what is wrong at which byte.
///
/// Written here rather than taken from a package: no maintained OSC package for Swift builds on Linux
/// from the packages this project may depend on, and the format is small (this file).
public enum OSCPacket: Hashable, Sendable {
    /// A message.
    case message(OSCMessage)
    /// A bundle: its time tag (NTP, 1 means "immediately") and its elements, in order.
    case bundle(timeTag: UInt64, elements: [OSCPacket])

    /// Every message in the packet, bundles flattened in order, each with the time tag of its innermost bundle (`nil`
    /// outside bundles).
    public var messages: [(message: OSCMessage, timeTag: UInt64?)] {
        switch self {
        case let .message(m): [(m, nil)]
        case let .bundle(tag, elements): elements.flatMap { e in e.messages.map { ($0.message, $0.timeTag ?? tag) } }
        }
    }

    /// Decodes one datagram. O(bytes). Nested bundles deeper than 8 are refused.
    /// - Throws: ``OSCError`` naming the byte offset.
    public init(decoding bytes: some Collection<UInt8>) throws(OSCError) {
        var reader = OSCReader(Array(bytes))
        self = try reader.packet(depth: 0)
    }

    /// The packet's bytes (written by `OSCWriter`). O(bytes).
    public var encoded: [UInt8] {
        var writer = OSCWriter()
        writer.append(self)
        return writer.bytes
    }
}

/// An OSC message: an address pattern and typed arguments.
public struct OSCMessage: Hashable, Sendable {
    /// One argument.
    public enum Argument: Hashable, Sendable {
        case int32(Int32), float32(Float), string(String), blob([UInt8]), int64(Int64), double(Double)
        case `true`, `false`, `nil`, impulse

        /// The argument as a number, when it is one (booleans as 1 and 0).
        public var number: Double? {
            switch self {
            case let .int32(v): Double(v)
            case let .float32(v): Double(v)
            case let .int64(v): Double(v)
            case let .double(v): v
            case .true: 1
            case .false: 0
            default: nil
            }
        }
    }

    /// The address, such as `/accxyz`.
    public var address: String
    /// The arguments, in order.
    public var arguments: [Argument]

    /// A message to `address` with `arguments`.
    public init(_ address: String, _ arguments: [Argument] = []) {
        self.address = address
        self.arguments = arguments
    }

    /// The message's bytes (written by `OSCWriter`). O(bytes).
    public var encoded: [UInt8] {
        var writer = OSCWriter()
        writer.append(self)
        return writer.bytes
    }
}

/// What is wrong with an OSC datagram.
public struct OSCError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The byte offset where decoding stopped.
    public var offset: Int
    /// What was expected there.
    public var reason: String
    public var description: String { "OSC packet, byte \(offset): \(reason)" }
}

/// Reads the big-endian, 4-byte aligned parts of an OSC packet.
private struct OSCReader {
    let bytes: [UInt8]
    var position = 0
    let end: Int

    init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        position = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    func fail(_ reason: String) -> OSCError { OSCError(offset: position, reason: reason) }

    mutating func packet(depth: Int) throws(OSCError) -> OSCPacket {
        guard position < end else { throw fail("empty packet") }
        if bytes[position] == UInt8(ascii: "#") {
            guard depth < 8 else { throw fail("bundles nested more than 8 deep") }
            guard try string() == "#bundle" else { throw fail("a '#' packet must be a #bundle") }
            let tag = try integer64()
            var elements: [OSCPacket] = []
            while position < end {
                let size = Int(try integer32())
                guard size >= 0, size % 4 == 0, size <= end - position else { throw fail("bundle element of \(size) bytes in \(end - position) left") }
                var inner = OSCReader(bytes, range: position..<(position + size))
                elements.append(try inner.packet(depth: depth + 1))
                position += size
            }
            return .bundle(timeTag: tag, elements: elements)
        }
        guard bytes[position] == UInt8(ascii: "/") else { throw fail("a message address starts with '/'") }
        let address = try string()
        // OSC 1.0 allows a message without a type tag string (old senders): it then has no arguments we can read.
        guard position < end else { return .message(OSCMessage(address)) }
        let tags = try string()
        guard tags.first == "," else { throw fail("type tag string must start with ','") }
        var arguments: [OSCMessage.Argument] = []
        for tag in tags.dropFirst() {
            switch tag {
            case "i": arguments.append(.int32(Int32(bitPattern: try integer32())))
            case "f": arguments.append(.float32(Float(bitPattern: try integer32())))
            case "s", "S": arguments.append(.string(try string()))
            case "b":
                let count = Int(try integer32())
                guard count >= 0, count <= end - position else { throw fail("blob of \(count) bytes in \(end - position) left") }
                arguments.append(.blob(Array(bytes[position..<(position + count)])))
                position += (count + 3) / 4 * 4
                guard position <= end else { throw fail("blob padding runs past the end") }
            case "h", "t": arguments.append(.int64(Int64(bitPattern: try integer64())))
            case "d": arguments.append(.double(Double(bitPattern: try integer64())))
            case "c", "r", "m": arguments.append(.int32(Int32(bitPattern: try integer32())))
            case "T": arguments.append(.true)
            case "F": arguments.append(.false)
            case "N": arguments.append(.nil)
            case "I": arguments.append(.impulse)
            case "[", "]": continue  // arrays: their elements follow as plain arguments
            default: throw fail("unknown type tag '\(tag)'")
            }
        }
        return .message(OSCMessage(address, arguments))
    }

    mutating func integer32() throws(OSCError) -> UInt32 {
        guard end - position >= 4 else { throw fail("expected 4 bytes, \(end - position) left") }
        var v: UInt32 = 0
        for k in 0..<4 { v = v << 8 | UInt32(bytes[position + k]) }
        position += 4
        return v
    }

    mutating func integer64() throws(OSCError) -> UInt64 {
        let high = UInt64(try integer32()), low = UInt64(try integer32())
        return high << 32 | low
    }

    /// A zero-terminated string padded to 4 bytes.
    mutating func string() throws(OSCError) -> String {
        guard let zero = bytes[position..<end].firstIndex(of: 0) else { throw fail("string without its terminating zero") }
        let text = String(decoding: bytes[position..<zero], as: UTF8.self)
        position = (zero + 4) / 4 * 4
        guard position <= end else { throw fail("string padding runs past the end") }
        return text
    }
}
