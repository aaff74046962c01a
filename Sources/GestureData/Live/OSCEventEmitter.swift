import GestureKit

/// Sends each event as an OSC message over UDP, so a Max or Pure Data patch, SuperCollider or Wekinator can
/// react: the address is the prefix and the label (`/gesturelab/shake`), the arguments the phase (string),
/// score, start, end and detection time (float32, seconds on the input's clock). A send that fails is
/// counted, never fatal. O(1) per event.
package struct OSCEventEmitter {
    /// The address prefix.
    package let prefix: String
    /// Events sent.
    package private(set) var sent = 0
    /// Events whose datagram could not be sent.
    package private(set) var failed = 0
    private let socket: NetworkSocket

    /// An emitter sending to `socket` (see ``NetworkSocket/udpSending(host:port:)``) under `prefix`.
    package init(socket: NetworkSocket, prefix: String = "/gesturelab") {
        self.socket = socket
        self.prefix = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
    }

    /// The message for `event`.
    package func message(for event: GestureEvent) -> OSCMessage {
        OSCMessage("\(prefix)/\(event.label)", [.string(event.phase.rawValue), .float32(Float(event.score)), .float32(Float(event.start)),
                                               .float32(Float(event.end)), .float32(Float(event.time))])
    }

    /// Sends `event`.
    package mutating func emit(_ event: GestureEvent) {
        if socket.transmit(OSCPacket.message(message(for: event)).encoded) { sent += 1 } else { failed += 1 }
    }
}
