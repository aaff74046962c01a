import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

/// The stages a trained model records: what it was scored behind, derivations written out (issue 53, cases 1 and 2).
@Suite struct TrainingSetupTests {
    static func recording(_ id: String, gyroscope: Bool) -> Recording {
        let samples = (0..<50).map { i in
            MotionSample(timestamp: Double(i) / 50, acceleration: Vector3(0, 0, -1), rotationRate: gyroscope ? Vector3(0, 0, 0.1) : nil)
        }
        return Recording(id: id, subject: id, session: "s", samples: samples, annotations: [])
    }

    static func channels(_ names: [String]) -> [MotionChannel] { names.map { MotionChannel(rawValue: $0)! } }

    @Test func channelsOfTheRecordingNeedNoDerivation() {
        let setup = TrainingSetup(name: "e", recognizer: "dtw", stages: [.gravitySplit], kind: .continuous, registry: .standard)
        #expect(setup.scoredStages(reading: Self.channels(["user.x", "accel.magnitude"]), training: [Self.recording("a", gyroscope: true)]) == [.gravitySplit])
    }

    /// An orientation-free channel: the estimator a pipeline would add is written out, after the entry's stages.
    @Test func thePhysicalEstimatorIsWrittenOutAfterTheStages() {
        let setup = TrainingSetup(name: "e", recognizer: "dtw", stages: [.oneEuro(.init())], kind: .continuous, registry: .standard)
        let stages = setup.scoredStages(reading: Self.channels(["verticalAcceleration"]), training: [Self.recording("a", gyroscope: false)])
        #expect(stages == [.oneEuro(.init()), .physical(.init())], "no rhythm channel: the source stays the sample's")
    }

    /// The rhythm's source is the one every training recording gave; the entry's own physical settings are kept.
    @Test func theRhythmsSourceIsTheTrainingRecordings() {
        let rhythm = Self.channels(["accel.magnitude", "strokePeriod", "rhythmRegularity"])
        let setup = TrainingSetup(name: "e", recognizer: "minirocket-stream", stages: [.physical(.init(rhythmWindow: 3))], kind: .continuous, registry: .standard)
        let gyro = [Self.recording("a", gyroscope: true), Self.recording("b", gyroscope: true)]
        let accel = [Self.recording("a", gyroscope: false), Self.recording("b", gyroscope: false)]
        #expect(setup.scoredStages(reading: rhythm, training: gyro) == [.physical(.init(rhythmWindow: 3, rhythmSource: .rotationRate))])
        #expect(setup.scoredStages(reading: rhythm, training: accel) == [.physical(.init(rhythmWindow: 3, rhythmSource: .acceleration))])
        #expect(setup.scoredStages(reading: rhythm, training: [gyro[0], accel[1]]) == [.physical(.init(rhythmWindow: 3))],
                "mixed: the sample's own, as it was trained")
        let fixed = TrainingSetup(name: "e", recognizer: "minirocket-stream", stages: [.physical(.init(rhythmSource: .acceleration))], kind: .continuous, registry: .standard)
        #expect(fixed.scoredStages(reading: rhythm, training: gyro) == [.physical(.init(rhythmSource: .acceleration))], "a source the entry set stays")
    }
}
