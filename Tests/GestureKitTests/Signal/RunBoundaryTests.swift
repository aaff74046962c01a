import Foundation
import GestureKit
import Testing

/// A gap longer than the resampler's (0.5 s) ends a run: every stage with history gives, on a stream cut by a gap, what
/// it gives on the two halves run as fresh streams.
@Suite struct RunBoundaryTests {
    /// 24 s of an arm stroking every 1.2 s while it turns and pushes, at 50 Hz, with a gyroscope and a magnetometer; the
    /// second half shifted by `gap` s, as a recording cut at 12 s.
    static func halves(gap: Double) -> (first: [MotionSample], second: [MotionSample]) {
        let samples = PhysicalChannelEstimatorTests.device(
            mounting: Quaternion(angle: 1.1, axis: Vector3(1, 2, 3)), heading: { 0.8 * sin(2 * .pi * $0 / 1.2) + 0.1 * $0 },
            acceleration: { Vector3(0.3 * sin(2 * .pi * $0 / 1.2), 0, 0.2 * cos(3 * $0)) }, pressure: { 1000 + 0.2 * $0 },
            duration: 24, rate: 50)
        let cut = samples.count / 2
        let second = samples[cut...].map { s in
            var s = s
            s.timestamp += gap - 1.0 / 50
            return s
        }
        return (Array(samples[..<cut]), second)
    }

    /// What a fresh `stage` hands on for `samples`.
    static func run(_ specification: StageSpecification, _ samples: [MotionSample]) throws -> [MotionSample] {
        var stage = try specification.makeStage()
        var out: [MotionSample] = []
        for s in samples { stage.process(s, into: &out) }
        return out
    }

    static let stages: [StageSpecification] = [
        .gravitySplit, .attitude(.init()), .oneEuro(.init()), .resample(rate: 25), .physical(.init()),
        .physical(.init(rhythmSource: .acceleration)),
    ]

    /// Gaps of 0.6, 1 and 2.5 s (shorter than the rhythm's longest period, which alone used to restart it): each
    /// stage's output over the whole stream is its output over each half from a fresh start.
    @Test(arguments: stages)
    func aStreamCutByAGapIsItsTwoHalvesAsFreshStreams(_ specification: StageSpecification) throws {
        for gap in [0.6, 1.0, 2.5] {
            let (first, second) = Self.halves(gap: gap)
            let whole = try Self.run(specification, first + second)
            let apart = try Self.run(specification, first) + Self.run(specification, second)
            #expect(whole.count == apart.count, "\(specification), gap \(gap) s")
            let differing = zip(whole, apart).filter { $0 != $1 }.count
            #expect(differing == 0, "\(specification), gap \(gap) s: \(differing) samples differ")
        }
    }

    /// A gap up to the resampler's carries the history on: the output differs from a fresh start, so the rule above is
    /// about gaps and not a stage forgetting everything all the time.
    @Test func aShortGapKeepsTheHistory() throws {
        let (first, second) = Self.halves(gap: 0.4)
        let whole = try Self.run(.physical(.init()), first + second)
        let apart = try Self.run(.physical(.init()), first) + Self.run(.physical(.init()), second)
        #expect(zip(whole, apart).contains { $0 != $1 })
    }

    @Test func theBoundaryIsTheValidatorsGap() {
        var boundary = RunBoundary()
        #expect(!boundary.isGap(before: 100))
        boundary.note(1)
        #expect(!boundary.isGap(before: 1 + SampleValidator.defaultMaximumGap))
        #expect(boundary.isGap(before: 1.01 + SampleValidator.defaultMaximumGap))
        boundary.note(0.5)
        #expect(boundary.isGap(before: 1.6), "an earlier time is not remembered")
        boundary.reset()
        #expect(!boundary.isGap(before: 100))
    }
}
