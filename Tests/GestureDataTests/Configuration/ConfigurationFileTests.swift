import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// ``ConfigurationFile``: JSON by name, YAML otherwise, written atomically and read back strictly.
@Suite struct ConfigurationFileTests {
    struct Settings: Codable, Equatable { var peakThreshold: Double; var axes: [String] }
    static let value = ConfigurationValue.object(["peakThreshold": .number(1.5), "axes": .array([.string("x"), .string("y")])])

    @Test(arguments: ["tuned.yaml", "tuned.json"])
    func writesAndReadsBack(name: String) throws {
        let folder = TemporaryFolder.root.appendingPathComponent("gesturelab-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try ConfigurationFile.write(Self.value, comments: ["tuned by a test"], to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasPrefix("# tuned by a test\n") == !ConfigurationFile.isJSON(url))
        #expect(try ConfigurationFile.read(url).decode(Settings.self) == Settings(peakThreshold: 1.5, axes: ["x", "y"]))
        #expect(ConfigurationFile.isJSON(url) == (try ConfigurationFile.read(url) is JSONConfiguration))
    }

    @Test func aMissingFileNamesIt() {
        #expect(throws: DataFileError.self) { try ConfigurationFile.read(URL(fileURLWithPath: "/nonexistent/tuned.json")) }
        #expect(throws: DataFileError.self) { try ConfigurationFile.read(URL(fileURLWithPath: "/nonexistent/tuned.yaml")) }
    }
}
