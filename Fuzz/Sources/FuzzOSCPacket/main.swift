// Fuzzes OSCPacket(decoding:): one datagram as `gesturelab detect --input osc://…` receives it from the
// network, its messages routed by the standard address map as the live source does, then encoded again.
import Foundation
import FuzzSupport
import GestureData
import GestureEval

Fuzzer.run { input in
    guard let packet = try? OSCPacket(decoding: input) else { return }
    for (message, _) in packet.messages {
        _ = OSCAddressMap.standard.route(for: message.address)
        _ = message.arguments.map(\.number)
    }
    _ = try? OSCPacket(decoding: packet.encoded)
}
