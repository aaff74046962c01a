// Fuzzes what `gesturelab detect --input ws://…` reads from the network: the byte stream cut into WebSocket
// frames (WebSocketFrames, in reads of varying size), and each text payload read as SensorServer JSON.
import Foundation
import FuzzSupport
import GestureData
import GestureEval

Fuzzer.run { input in
    var frames = WebSocketFrames(), decoder = SensorServerDecoder(), position = input.startIndex, cut = 1
    while position < input.endIndex {
        let end = input.index(position, offsetBy: min(cut, input.distance(from: position, to: input.endIndex)))
        frames.append(input[position..<end])
        position = end
        cut = cut * 2 + 1
        do {
            while let frame = try frames.next(url: "fuzz") {
                _ = decoder.sample(from: frame.payload, arrival: 0)
            }
        } catch {
            return
        }
    }
}
