import Foundation
import GestureData
import Testing

/// Physics judged for every sensor unit on its own (issue 58): a lower-arm unit in m/s² read as g, or in degrees per
/// second read as rad/s, is reported naming that unit's channels and columns, while the primary unit passes.
@Suite struct UnitPhysicsTests {
    /// 10 s at 20 Hz: the primary unit still at −1 g on z; the lower arm still with `armZ` on z and a constant `gyroX`.
    static func csv(armZ: Double, gyroX: Double) -> String {
        var text = "time,ax,ay,az,bx,by,bz,gx,gy,gz\n"
        for i in 0..<200 { text += "\(Double(i) / 20),0,0,-1,0,0,\(armZ),\(gyroX),0,0\n" }
        return text
    }

    static let manifest = """
        name: unit-physics
        samplingRate: 20
        channels:
          - {name: accel.x, column: ax}
          - {name: accel.y, column: ay}
          - {name: accel.z, column: az}
        sensors:
          - placement: lowerarm
            channels:
              - {name: accel.x, column: bx}
              - {name: accel.y, column: by}
              - {name: accel.z, column: bz}
              - {name: gyro.x, column: gx}
              - {name: gyro.y, column: gy}
              - {name: gyro.z, column: gz}
        recordings:
          - {id: arm, subject: s1, session: '1', file: arm.csv}

        """

    static func unitsProblems(armZ: Double, gyroX: Double, armScale: String? = nil, name: String = #function) throws -> [DatasetProblem] {
        let folder = datasetTestFolder(name)
        var manifest = manifest
        if let armScale {
            for axis in ["x", "y", "z"] {
                manifest = manifest.replacingOccurrences(of: "{name: accel.\(axis), column: b\(axis)}", with: "{name: accel.\(axis), column: b\(axis), scale: \(armScale)}")
            }
        }
        try writeFixture(manifest, "dataset.yaml", in: folder)
        try writeFixture(csv(armZ: armZ, gyroX: gyroX), "arm.csv", in: folder)
        return try DatasetSource(folder.path).load().problems.filter { $0.kind == .units }
    }

    @Test func aLowerArmInMetresPerSecondSquaredReadAsGIsNamed() throws {
        let problems = try Self.unitsProblems(armZ: -9.80665, gyroX: 0)
        let problem = try #require(problems.first)
        #expect(problems.count == 1 && problem.location.field == "bx")
        #expect(problem.location.message.contains("accel.x@lowerarm, accel.y@lowerarm, accel.z@lowerarm"), "\(problem.location.message)")
        #expect(problem.location.message.contains("9.8"))
    }

    @Test func aLowerArmGyroscopeInDegreesReadAsRadiansIsNamed() throws {
        let problems = try Self.unitsProblems(armZ: -1, gyroX: 90)
        let problem = try #require(problems.first)
        #expect(problems.count == 1 && problem.location.field == "gx")
        #expect(problem.location.message.contains("gyro.x@lowerarm, gyro.y@lowerarm, gyro.z@lowerarm"), "\(problem.location.message)")
    }

    @Test func aLowerArmTurningWhileStillIsNamed() throws {
        // 1.5 rad/s across gravity while the arm lies still: a zero point or degrees, on the lower arm's gyroscope.
        let problems = try Self.unitsProblems(armZ: -1, gyroX: 1.5)
        let problem = try #require(problems.first)
        #expect(problems.count == 1 && problem.location.field == "gx")
        #expect(problem.location.message.contains("gyro.x@lowerarm"), "\(problem.location.message)")
    }

    @Test func aLowerArmsOwnScaleIsAppliedAndChecked() throws {
        // Milli-g on the lower arm alone, scaled by its own columns' scale: passes.
        #expect(try Self.unitsProblems(armZ: -1000, gyroX: 0, armScale: "0.001").isEmpty)
        // A stated scale that leaves the lower arm at 10 g: a warning (the scale was stated) naming the unit and the scale.
        let problems = try Self.unitsProblems(armZ: -1000, gyroX: 0, armScale: "0.01")
        let problem = try #require(problems.first)
        #expect(problems.count == 1 && problem.severity == .warning && problem.location.field == "bx")
        #expect(problem.location.message.contains("with the stated scale 0.01") && problem.location.message.contains("accel.z@lowerarm"))
    }

    @Test func plausibleUnitsPass() throws {
        // A gyroscope's zero point of 1.1 °/s while the arm lies still (0.2 rad/s held for 10 s would turn gravity by
        // 115° that the accelerometer does not see: issue 75).
        #expect(try Self.unitsProblems(armZ: -1, gyroX: 0.02).isEmpty)
    }
}
