import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// `configs/experiments/actrectut.yaml` and `datasets/actrectut-all-sensors` (issue 58): the hand IMU alone against
/// the three IMUs of the arm, in one group on one dataset.
@Suite struct ActRecTutExperimentFileTests {
    static let path = "configs/experiments/actrectut.yaml"

    /// Names say what they read: `hand` entries only the primary unit, `all IMUs` entries every unit; one group, and
    /// every entry says its settings were fixed after runs on these two people.
    @Test func handEntriesReadTheHandAndAllIMUEntriesEveryUnit() throws {
        let spec = try Experiment.shipped(Self.path)
        #expect(try spec.comparisonGroups().count == 1)
        let channels = try spec.entries.map { entry -> [String] in
            let value = try #require(try entry.configuration?.resolve())
            let settings = try value.decoding.decode(MiniRocketStreamSettings.self)
            return (settings.channels ?? []).map(\.rawValue)
        }
        for (entry, names) in zip(spec.entries, channels) {
            if entry.name.contains("hand") { #expect(!names.contains { $0.contains("@") }, "\(entry.name)") }
            if entry.name.contains("all IMUs") {
                #expect(names.contains { $0.hasSuffix("@lowerarm") } && names.contains { $0.hasSuffix("@upperarm") }, "\(entry.name)")
            }
        }
        #expect(spec.entries.filter { $0.name.contains("hand") }.count == 3 && spec.entries.filter { $0.name.contains("all IMUs") }.count == 3)
        #expect(spec.entries.allSatisfy { $0.tunedOnTheseFolds })
    }

    /// The real recordings through the manifest: every unit's fills are its own gaps (the dataset README's 36 and
    /// 3,260 unit-rows), a dropped-out hand row is dropped, and the other units keep their samples.
    @Test(.needsSharedData) func allSensorsReadWithEveryUnitsGapsItsOwn() throws {
        let loaded = try DatasetReader.load(at: SharedData.packageRoot.appendingPathComponent("datasets/actrectut-all-sensors"))
        #expect(DatasetValidator().validate(loaded).filter { $0.severity == .error }.isEmpty)
        let gaps = try #require(loaded.report.sensorGaps)
        #expect(gaps["subject1.csv"]?.values.reduce(0, +) == 36 && gaps["subject2.csv"]?.values.reduce(0, +) == 3260)
        #expect(gaps["subject2.csv"] == ["primary": 252, "lowerarm": 2751, "upperarm": 257])
        let subject2 = try #require(loaded.dataset.recordings.first { $0.id == "subject2" })
        #expect(subject2.count == 70_778 - 252)
        let arm = try #require(subject2.column("accel.x@lowerarm"))
        #expect(arm.filter(\.isNaN).count <= 2751 && arm.filter(\.isNaN).count > 0)
        let handX = try #require(subject2.column(.accelX))
        #expect(handX.allSatisfy { $0.isFinite })
        #expect(subject2.annotations.count == 286)
    }
}
