import Foundation
import GestureKit

/// A ``GestureKit/MotionSource`` receiving OSC over UDP: each datagram is decoded (``OSCPacket``), its messages
/// routed by an ``OSCAddressMap``, and a sample is returned when an acceleration arrives, with the last rotation
/// rate. Times are seconds since the first message, from the bundle's time tag when it has one (not
/// "immediately"), else from the arrival on this machine's monotonic clock.
///
/// Malformed datagrams and messages with too few numbers are counted (``malformed``, ``firstProblem``), never
/// fatal. Silences are watched by a ``StallWatch``: one longer than the stall time calls ``onStall`` once;
/// `stop` (set from a signal handler) or `idleLimit` seconds without a datagram end the stream.
/// O(datagram) per datagram.
public struct OSCMotionSource: MotionSource {
    /// Malformed datagrams or messages so far.
    public private(set) var malformed = 0
    /// The first problem seen, for the summary.
    public private(set) var firstProblem: String?
    /// Datagrams received.
    public private(set) var datagrams = 0
    /// Messages whose address no route matched, by address (the first 16 addresses).
    package private(set) var unrouted: [String: Int] = [:]
    /// Called with the seconds waited when nothing arrived for the stall time.
    public var onStall: ((Double) -> Void)? {
        get { watch.onStall }
        set { watch.onStall = newValue }
    }

    private let socket: NetworkSocket
    private let map: OSCAddressMap
    private var watch: StallWatch
    private var buffer = [UInt8](repeating: 0, count: 65_536)
    private var ready: [MotionSample] = []
    private var acceleration: [Double?] = [nil, nil, nil]
    private var rotationRate: Vector3?
    private var origin: Double?
    private var tagOrigin: UInt64?

    /// Listens on `socket` (see ``NetworkSocket/udpListening(host:port:timeout:)``, whose timeout sets how often
    /// `stop` and the stall are checked).
    public init(socket: NetworkSocket, map: OSCAddressMap = .standard, stallTime: Double = 2, idleLimit: Double? = nil, stop: StopFlag = .interrupt) {
        self.socket = socket
        self.map = map
        watch = StallWatch(stallTime: stallTime, idleLimit: idleLimit, stop: stop)
    }

    public mutating func next() throws(LiveInputError) -> MotionSample? {
        var last = PacingClock.system.now()
        while ready.isEmpty {
            if watch.stop.isSet { return nil }
            guard let count = try socket.receive(into: &buffer) else {
                if watch.shouldEnd(afterSilenceOf: PacingClock.system.now() - last) { return nil }
                continue
            }
            let arrival = PacingClock.system.now()
            last = arrival
            datagrams += 1
            do {
                let packet = try OSCPacket(decoding: buffer[0..<count])
                for (message, tag) in packet.messages { route(message, tag: tag, arrival: arrival) }
            } catch {
                note(error.description)
            }
        }
        return ready.removeFirst()
    }

    private mutating func route(_ message: OSCMessage, tag: UInt64?, arrival: Double) {
        guard let r = map.route(for: message.address) else {
            if unrouted.count < 16 || unrouted[message.address] != nil { unrouted[message.address, default: 0] += 1 }
            return
        }
        let numbers = message.arguments.compactMap(\.number)
        let needed = r.axis == nil ? 3 : 1
        guard numbers.count >= needed else {
            note("\(message.address): expected \(needed) numbers, got \(numbers.count)")
            return
        }
        let values = numbers.prefix(needed).map { $0 * r.unit.factor }
        switch (r.signal, r.axis) {
        case (.rotationRate, nil): rotationRate = Vector3(values[0], values[1], values[2])
        case let (.rotationRate, axis?):
            var v = rotationRate ?? .zero
            switch axis { case .x: v.x = values[0]; case .y: v.y = values[0]; case .z: v.z = values[0] }
            rotationRate = v
        case (.acceleration, nil): acceleration = values
        case let (.acceleration, axis?):
            acceleration[axis == .x ? 0 : axis == .y ? 1 : 2] = values[0]
            // A sample once x, y and z have each arrived since the last one.
            guard acceleration.allSatisfy({ $0 != nil }) else { return }
        }
        guard r.signal == .acceleration else { return }
        let time: Double
        if let tag, tag != 1 {
            tagOrigin = tagOrigin ?? tag
            time = Double(Int64(bitPattern: tag &- tagOrigin!)) / 4_294_967_296
        } else {
            origin = origin ?? arrival
            time = arrival - origin!
        }
        ready.append(MotionSample(timestamp: time, acceleration: Vector3(acceleration[0]!, acceleration[1]!, acceleration[2]!), rotationRate: rotationRate))
        acceleration = [nil, nil, nil]
    }

    private mutating func note(_ problem: String) {
        malformed += 1
        if firstProblem == nil { firstProblem = problem }
    }
}
