import Foundation
import GestureKit
import Testing

/// ``ExponentialSmoothing``'s file form: `timeConstant: τ` (seconds) or `perSample: f`.
@Suite struct ExponentialSmoothingTests {
    static func json(_ value: ExponentialSmoothing) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode(_ json: String) throws -> ExponentialSmoothing {
        try JSONDecoder().decode(ExponentialSmoothing.self, from: Data(json.utf8))
    }

    @Test func encodesAPlainNumber() throws {
        #expect(try Self.json(.timeConstant(0.19)) == #"{"timeConstant":0.19}"#)
        #expect(try Self.json(.perSample(0.1)) == #"{"perSample":0.1}"#)
        for value in [ExponentialSmoothing.timeConstant(0.19), .perSample(0.1), .documented] {
            #expect(try JSONDecoder().decode(ExponentialSmoothing.self, from: JSONEncoder().encode(value)) == value)
        }
    }

    @Test func readsThePlainAndTheOldNestedForm() throws {
        #expect(try Self.decode(#"{"timeConstant": 0.19}"#) == .timeConstant(0.19))
        #expect(try Self.decode(#"{"timeConstant": {"_0": 0.19}}"#) == .timeConstant(0.19))
        #expect(try Self.decode(#"{"perSample": 0.1}"#) == .perSample(0.1))
        #expect(throws: (any Error).self) { try Self.decode(#"{"timeConstant": 0.19, "perSample": 0.1}"#) }
        #expect(throws: (any Error).self) { try Self.decode("{}") }
        #expect(throws: (any Error).self) { try Self.decode(#"{"timeConstant": {"_1": 0.19}}"#) }
    }
}
