import Foundation
import GestureData
import GestureTestSupport
import Testing

/// The offset between two devices' clocks, from the |a| of an event both saw.
@Suite struct ClockOffsetEstimatorTests {
    /// The phone's and the watch's |a| as ``TwoDeviceFixture`` records them: the watch at 25 Hz, `ahead` seconds ahead.
    static func signals(ahead: Double) -> (phone: ClockOffsetEstimator.Signal, watch: ClockOffsetEstimator.Signal) {
        let phoneTimes = (0..<1000).map { Double($0) / 50 }
        let phone = phoneTimes.map { (1 + TwoDeviceFixture.shake($0) * TwoDeviceFixture.shake($0)).squareRoot() }
        let watchPhoneTimes = (0..<425).map { 1 + Double($0) / 25 }
        let watch = watchPhoneTimes.map { t in
            (1 + 0.49 * TwoDeviceFixture.shake(t) * TwoDeviceFixture.shake(t) + (t >= 14 && t < 15 ? 0.3 : 0)).squareRoot()
        }
        return (.init(times: phoneTimes, values: phone), .init(times: watchPhoneTimes.map { $0 + ahead }, values: watch))
    }

    @Test(arguments: [2.34, -3.71, 0.0])
    func theShakeGivesTheOffsetToWithinAFewMilliseconds(ahead: Double) throws {
        let (phone, watch) = Self.signals(ahead: ahead)
        let found = try #require(ClockOffsetEstimator.estimate(reference: phone, other: watch, search: -5...5, event: 3...9))
        #expect(abs(found.seconds + ahead) < 0.005, "estimated \(found.seconds) s, true \(-ahead) s")
        #expect(found.correlation > 0.8 && !found.atEdge, "\(found)")
    }

    @Test func anOffsetOutsideTheSearchRangeIsDoubtful() throws {
        // The true offset, −2.34 s, lies outside: the best found sits at the range's edge or correlates weakly.
        let (phone, watch) = Self.signals(ahead: 2.34)
        let found = try #require(ClockOffsetEstimator.estimate(reference: phone, other: watch, search: -1...1, event: 3...9))
        #expect(found.atEdge || found.correlation < 0.5, "\(found)")
    }

    @Test func withoutOverlapThereIsNoEstimate() {
        let (phone, watch) = Self.signals(ahead: 100)
        #expect(ClockOffsetEstimator.estimate(reference: phone, other: watch, search: -5...5, event: 3...9) == nil)
        // An event window outside the reference: nothing to correlate.
        #expect(ClockOffsetEstimator.estimate(reference: phone, other: watch, search: -5...5, event: 30...40) == nil)
    }
}
