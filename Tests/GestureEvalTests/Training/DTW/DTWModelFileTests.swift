import Foundation
import GestureEval
import GestureKit
import Testing

@Suite struct DTWModelFileTests {
    @Test func anOlderModelNamesItsRenamedKeysAndTheFile() {
        let v1 = Data(#"{"version": 1, "signal": "userAcceleration", "axes": ["x"], "preprocessing": {"downsampleFactor": 2}}"#.utf8)
        let lines = DTWModelFile.deprecations(in: v1, file: "old.json")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("old.json: a version 1 DTW model: ") })
        #expect(lines.contains { $0.contains("'preprocessing.downsampleFactor' is now 'preprocessing.downsampleRate'") })
        #expect(DTWModelFile.deprecations(in: Data(#"{"version": 2}"#.utf8), file: "f").count == 2)
    }

    @Test func aCurrentOrForeignFileHasNone() {
        #expect(DTWModelFile.deprecations(in: Data(#"{"version": \#(DTWModel.currentVersion)}"#.utf8), file: "f").isEmpty)
        #expect(DTWModelFile.deprecations(in: Data("not json".utf8), file: "f").isEmpty)
    }
}
