import Foundation
import GestureTestSupport
import Testing

@Suite struct CLITests {
    @Test func versionPrints() throws {
        let result = try GestureLabBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
    }
}
