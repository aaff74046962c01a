import GestureEval
import Testing

@Suite struct DescriptiveTests {
    @Test func meanOfSmallSample() throws {
        #expect(try Descriptive.mean([1, 2, 3, 4]) == 2.5)
    }
}
