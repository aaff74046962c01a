import Foundation
import GestureData
import GestureKit
import Testing
import GestureEval

/// The memo gives exactly what deriving the channel gives, keyed by the samples, not by the recording's name.
@Suite struct RhythmRegularityMemoTests {
    /// Strokes every 1.2 s for 40 s at 50 Hz, then stillness.
    private static func strokes(id: String, amplitude: Double) -> Recording {
        let times = (0..<2_500).map { Double($0) / 50 }
        let x = times.map { $0 < 40 ? amplitude * sin(2 * .pi * $0 / 1.2) : 0 }
        return Recording(id: id, timestamps: times, channels: [(.accelX, x), (.accelY, x.map { _ in 0 }), (.accelZ, x.map { _ in -1 })])
    }

    private static func bits(_ values: [Double]?) -> [UInt64]? { values?.map(\.bitPattern) }

    @Test func aHitIsWhatDerivingGivesAndOtherSamplesAreNotAHit() throws {
        let memo = RhythmRegularityMemo(byteCeiling: 1 << 20)
        let channel = MotionChannel(rawValue: "rhythmRegularity")!
        let a = Self.strokes(id: "a", amplitude: 0.8)
        let derived = try #require(a.derivingChannels([channel]).column(Channel(channel)))
        #expect(Self.bits(memo.regularity(of: a)) == Self.bits(derived))
        #expect(Self.bits(memo.regularity(of: a)) == Self.bits(derived), "a hit")
        // The same samples under another name share the column; other samples do not.
        var renamed = a
        renamed.id = "renamed"
        #expect(Self.bits(memo.regularity(of: renamed)) == Self.bits(derived))
        let louder = Self.strokes(id: "a", amplitude: 1.6)
        let louderDerived = try #require(louder.derivingChannels([channel]).column(Channel(channel)))
        #expect(Self.bits(memo.regularity(of: louder)) == Self.bits(louderDerived))
        #expect(Self.bits(louderDerived) != Self.bits(derived))
    }

    /// Past its ceiling the memo forgets the least recently used column and still answers right.
    @Test func pastItsCeilingItForgetsAndStillAnswersRight() throws {
        let memo = RhythmRegularityMemo(byteCeiling: 8 * 2_500 * 2)
        let recordings = [0.5, 0.9, 1.3].map { Self.strokes(id: "\($0)", amplitude: $0) }
        let channel = MotionChannel(rawValue: "rhythmRegularity")!
        for _ in 0..<2 {
            for r in recordings {
                #expect(Self.bits(memo.regularity(of: r)) == Self.bits(r.derivingChannels([channel]).column(Channel(channel))))
            }
        }
    }
}
