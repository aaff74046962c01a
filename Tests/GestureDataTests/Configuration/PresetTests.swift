import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// Each preset in `configs/` decodes to the configuration it names.
@Suite struct PresetTests {
    static func load<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        let url = SharedData.packageRoot.appendingPathComponent("configs/\(name).yaml")
        return try YAMLConfiguration(contentsOf: url).decode(type)
    }

    @Test func shakePresetIsTheDefault() throws {
        #expect(try Self.load("shake", as: ShakeCounter.Configuration.self) == ShakeCounter.Configuration())
    }

    @Test func peakDirectionPresetIsTheDefault() throws {
        #expect(try Self.load("peak-direction", as: PeakDirectionDetector.Configuration.self) == PeakDirectionDetector.Configuration())
    }

    @Test func slapAndClunkPresetsAreTheirNamedConfigurations() throws {
        #expect(try Self.load("slap", as: PeakDirectionDetector.Configuration.self) == .slap)
        #expect(try Self.load("clunk", as: PeakDirectionDetector.Configuration.self) == .clunk)
    }

    @Test func flipPresetIsTheDefault() throws {
        #expect(try Self.load("flip", as: AttitudeFlipDetector.Configuration.self) == AttitudeFlipDetector.Configuration())
    }

    @Test func orientationPresetIsTheDefault() throws {
        #expect(try Self.load("orientation", as: OrientationTracker.Configuration.self) == OrientationTracker.Configuration())
    }

    @Test func presetsMakeRecognizersThroughTheRegistry() throws {
        let cases = [("shake", "shake"), ("peak-direction", "peak-direction"), ("slap", "peak-direction"),
                     ("clunk", "peak-direction"), ("flip", "flip"), ("orientation", "orientation")]
        for (file, identifier) in cases {
            let url = SharedData.packageRoot.appendingPathComponent("configs/\(file).yaml")
            _ = try RecognizerRegistry.standard.makeRecognizer(identifier, configuration: try YAMLConfiguration(contentsOf: url))
        }
    }

    @Test func aPartialPresetKeepsTheOtherDefaults() throws {
        let yaml = YAMLConfiguration(text: "threshold: 1.5\naxes: [y]\n")
        let decoded = try yaml.decode(PeakDirectionDetector.Configuration.self)
        #expect(decoded == PeakDirectionDetector.Configuration(axes: [.y], threshold: 1.5))
        let bad = YAMLConfiguration(text: "flipAngle: 0.5\n", source: "bad.yaml")
        #expect(throws: RecognizerRegistry.Error.self) { try RecognizerRegistry.standard.makeRecognizer("flip", configuration: bad) }
    }
}
