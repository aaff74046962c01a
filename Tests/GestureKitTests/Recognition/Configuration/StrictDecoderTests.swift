import Foundation
import GestureKit
import Testing

/// Unknown keys are errors that name the key and the nearest valid one; known keys decode as before.
@Suite struct StrictDecoderTests {
    private func json(_ text: String) -> JSONConfiguration { JSONConfiguration(data: Data(text.utf8)) }

    @Test func aTypoInARecognizerConfigurationNamesTheNearestKey() {
        #expect {
            _ = try RecognizerRegistry.standard.makeRecognizer("peak-direction", configuration: json(#"{"threshhold": 5.0}"#))
        } throws: { error in
            let text = "\(error)"
            return text.contains("threshhold") && text.contains("did you mean 'threshold'")
        }
    }

    @Test func aNestedUnknownKeyIsReportedWithItsPath() {
        struct Inner: Decodable { var scale: Double? }
        struct Outer: Decodable { var time: Inner }
        #expect {
            _ = try StrictDecoder().decode(Outer.self, from: .mapping([
                .init(key: "time", value: .mapping([.init(key: "scal", value: .scalar("0.001"))])),
            ]))
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.key == "time.scal" && error.message.contains("did you mean 'scale'")
        }
    }

    @Test func aKeyFarFromEveryKnownOneListsTheKnownKeys() {
        struct Settings: Decodable { var alpha: Double?; var beta: Double? }
        #expect {
            _ = try StrictDecoder().decode(Settings.self, from: .mapping([.init(key: "completelyDifferent", value: .number(1))]))
        } throws: { error in
            "\(error)".contains("expected one of alpha, beta")
        }
    }

    @Test func unknownKeysInsideSequencesAreFound() {
        struct Item: Decodable { var name: String }
        struct List: Decodable { var items: [Item] }
        let node = ConfigurationNode.mapping([.init(key: "items", value: .sequence([
            .mapping([.init(key: "name", value: .scalar("a"))]),
            .mapping([.init(key: "name", value: .scalar("b")), .init(key: "nmae", value: .scalar("c"))]),
        ]))])
        #expect { _ = try StrictDecoder().decode(List.self, from: node) } throws: { error in
            (error as? ConfigurationError)?.key == "items[1].nmae"
        }
    }

    /// `{"hop": 0.2, …, "hop": 0.4}` trained with one of the two without a word; which one was meant is not ours to guess.
    @Test func aKeyWrittenTwiceIsAnErrorNamingItsPath() throws {
        struct Stream: Decodable { var hop: Double; var label: String? }
        struct Settings: Decodable { var stream: Stream; var items: [Stream]? }
        let cases = [
            (#"{"stream": {"hop": 0.2, "label": "a", "hop": 0.4}}"#, "stream.hop"),
            (#"{"stream": {"hop": 0.2}, "items": [{"hop": 1}, {"hop": 1, "hop": 2}]}"#, "items[1].hop"),
            (#"{"stream": {"hop": 0.2}, "stream": {"hop": 0.2}}"#, "stream"),
        ]
        for (text, path) in cases {
            #expect { _ = try json(text).decode(Settings.self) } throws: { error in
                (error as? ConfigurationError)?.key == path && "\(error)".contains("written twice")
            }
        }
        // Escapes spell the same key: `peak\u0054hreshold` is `peakThreshold`.
        #expect { _ = try json(#"{"stream": {"hop": 0.2, "h\u006fp": 0.4}}"#).decode(Settings.self) } throws: { error in
            (error as? ConfigurationError)?.key == "stream.hop" && "\(error)".contains("written twice")
        }
        // The same key in two objects, and key-like text inside values, are not repeats.
        let settings = try json(#"{"stream": {"hop": 0.2, "label": "hop\",\"hop"}, "items": [{"hop": 1}, {"hop": 2}]}"#).decode(Settings.self)
        #expect(settings.stream.label == #"hop","hop"# && settings.items?.map(\.hop) == [1, 2])
        // A tree read from YAML keeps both entries: the decoder refuses it as well.
        let node = ConfigurationNode.mapping([.init(key: "stream", value: .mapping([
            .init(key: "hop", value: .number(0.2)), .init(key: "hop", value: .number(0.4)),
        ]))])
        #expect { _ = try StrictDecoder().decode(Settings.self, from: node) } throws: { error in
            (error as? ConfigurationError)?.key == "stream.hop"
        }
        // Through the registry, as an app would load a recognizer.
        #expect {
            _ = try RecognizerRegistry.standard.makeRecognizer("peak-direction", configuration: json(#"{"threshold": 5.0, "threshold": 6.0}"#))
        } throws: { error in
            "\(error)".contains("threshold") && "\(error)".contains("written twice")
        }
    }

    @Test func aWholeNumberOutOfItsTypesRangeIsAMismatchNamingTheKey() {
        // `seed: -1` (found by fuzzing an experiment file) recursed without end instead of failing.
        struct Settings: Decodable { var seed: UInt64?; var count: UInt32?; var small: Int32?; var size: UInt? }
        for (key, value) in [("seed", -1.0), ("count", -3.0), ("count", 5e9), ("small", 3e9), ("size", -2.0)] {
            #expect {
                _ = try StrictDecoder().decode(Settings.self, from: .mapping([.init(key: key, value: .number(value))]))
            } throws: { error in
                guard case let DecodingError.typeMismatch(_, context) = error else { return false }
                return context.codingPath.map(\.stringValue) == [key] && context.debugDescription.contains("whole number")
            }
        }
        let decoded = try? StrictDecoder().decode(Settings.self, from: .mapping([.init(key: "seed", value: .number(7))]))
        #expect(decoded?.seed == 7)
    }

    @Test func everyDefaultConfigurationRoundTripsThroughTheStrictDecoder() throws {
        func roundTrip<C: Codable & Equatable>(_ value: C) throws {
            let data = try JSONEncoder().encode(value)
            #expect(try json(String(decoding: data, as: UTF8.self)).decode(C.self) == value)
        }
        try roundTrip(ShakeCounter.Configuration())
        try roundTrip(PeakDirectionDetector.Configuration())
        try roundTrip(PeakDirectionDetector.Configuration.slap)
        try roundTrip(AttitudeFlipDetector.Configuration())
        try roundTrip(OrientationTracker.Configuration())
    }

    @Test func scalarsWrittenAsTextTakeTheRequestedType() throws {
        struct Values: Decodable, Equatable { var count: Int; var rate: Double; var name: String; var on: Bool; var missing: Double? }
        let node = ConfigurationNode.mapping([
            .init(key: "count", value: .scalar("3")), .init(key: "rate", value: .scalar("1e-3")),
            .init(key: "name", value: .scalar("5")), .init(key: "on", value: .scalar("true")),
            .init(key: "missing", value: .null),
        ])
        #expect(try StrictDecoder().decode(Values.self, from: node) == Values(count: 3, rate: 0.001, name: "5", on: true, missing: nil))
        #expect(throws: DecodingError.self) {
            _ = try StrictDecoder().decode(Values.self, from: .mapping([.init(key: "count", value: .scalar("3.5"))]))
        }
    }
}
