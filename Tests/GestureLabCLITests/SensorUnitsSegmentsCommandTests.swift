import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// Segment datasets span sensor units (issue 58): multivariate DTW and MiniRocket's channel subsets take channels of
/// the primary unit and of the lower arm together, where only the lower arm tells the two classes apart.
@Suite struct SensorUnitsSegmentsCommandTests {
    /// 3 subjects × 2 classes × 3 examples of 1.5 s at 20 Hz: the primary unit still (a little seeded noise), the lower
    /// arm making ``SensorUnitsFixture/armMotion(_:)`` (`arm-a`) or the same with its axes swapped (`arm-b`).
    static func dataset() throws -> URL {
        let root = try SensorUnitsCommandTests.scratch()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("annotations"), withIntermediateDirectories: true)
        var random = SplitMix64(seed: 58)
        var entries: [String] = []
        for subject in 1...3 {
            for label in ["arm-a", "arm-b"] {
                for k in 1...3 {
                    let id = "s\(subject)-\(label)-\(k)"
                    let speed = 0.9 + 0.1 * Double((subject + k) % 3)
                    var text = "time,ax,ay,az,bx,by,bz\n"
                    for i in 0..<30 {
                        let t = Double(i) / 20
                        let u = min(max((t - 0.25) * speed, 0), 0.999)
                        let m = SensorUnitsFixture.armMotion(u)
                        let (x, y) = label == "arm-a" ? (m.x, m.y) : (m.y, m.x)
                        let noise = { 2 * random.gaussian() }
                        text += "\(t),\(noise()),\(noise()),\(-1000 + noise()),\(x * 1000 + noise()),\(y * 1000 + noise()),\(-1000 + noise())\n"
                    }
                    try text.write(to: root.appendingPathComponent("recordings/\(id).csv"), atomically: true, encoding: .utf8)
                    try "start,end,label\n0.25,1.3,\(label)\n".write(to: root.appendingPathComponent("annotations/\(id).csv"), atomically: true, encoding: .utf8)
                    entries.append("  - {id: \(id), subject: s\(subject), session: '1', file: recordings/\(id).csv, annotations: annotations/\(id).csv}")
                }
            }
        }
        let manifest = SensorUnitsFixture.manifest
            .replacingOccurrences(of: "name: units\n", with: "name: units\nkind: segments\nclasses: [arm-a, arm-b]\n")
            .replacingOccurrences(of: "samplingRate: 10", with: "samplingRate: 20")
            .replacingOccurrences(of: "  - {id: units, subject: s1, session: '1', file: recordings/units.csv}", with: entries.joined(separator: "\n"))
        try manifest.write(to: root.appendingPathComponent("dataset.yaml"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func dtwAndMiniRocketClassifySegmentsOnChannelsOfTwoUnits() throws {
        let data = try Self.dataset()
        defer { try? FileManager.default.removeItem(at: data) }
        let validate = try GestureLabBinary.run(["datasets", "validate", data.path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let experiment = """
            name: units-segments
            datasets:
              arm: \(data.path)
            split: leave-one-subject-out
            seed: 1
            metric: f1
            bootstrapReplicates: 100
            entries:
              - name: primary unit
                recognizer: dtw
                configuration: {channels: [accel.x, accel.y], selection: medoid, rejection: none}
                dataset: arm
              - name: dtw across units
                recognizer: dtw
                configuration: {channels: [accel.x, accel.x@lowerarm, accel.y@lowerarm], selection: medoid, rejection: none}
                dataset: arm
              - name: minirocket across units
                recognizer: minirocket
                configuration: {channels: [accel.x, accel.x@lowerarm, accel.y@lowerarm], seed: 1}
                dataset: arm

            """
        let file = data.appendingPathComponent("experiment.yaml")
        try experiment.write(to: file, atomically: true, encoding: .utf8)
        let run = try GestureLabBinary.run(["compare", file.path, "--out", data.appendingPathComponent("report").path, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let result = try ExperimentResult(jsonData: Data(contentsOf: data.appendingPathComponent("report/results.json")))
        let score = Dictionary(uniqueKeysWithValues: result.scores.map { ($0.entry, $0.overall.value) })
        #expect(score["dtw across units"] == 1, "\(score)")
        #expect((score["minirocket across units"] ?? 0) >= 0.9, "\(score)")
        #expect((score["primary unit"] ?? 1) < 0.8, "the primary unit alone cannot tell them apart: \(score)")
    }
}
