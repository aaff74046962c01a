import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// A sample CSV may carry other sensor units as columns named `<name>@<placement>` (issue 58): streamed into
/// ``GestureKit/MotionSample/units`` and loaded as placed columns, an empty cell the unit's gap.
@Suite struct SampleCSVFormatUnitsTests {
    static let text = """
        time,accel_x,accel_y,accel_z,accel_x@lowerarm,accel_y@lowerarm,accel_z@lowerarm,gyro_x@lowerarm,gyro_y@lowerarm,gyro_z@lowerarm,gyr_2_x@upperarm
        0.0,0,0,-1,0.1,0,-1,0.5,0,0,7
        0.1,0,0,-1,0.2,0,-1,0.5,0,0,7
        0.2,0,0,-1,,,,,,,7
        0.3,0,0,-1,0.4,0,-1,0.5,0,0,7

        """

    @Test func placedColumnsAreAnotherUnitsReadings() throws {
        let lines = Self.text.split(separator: "\n").map(String.init)
        let format = try SampleCSVFormat(header: lines[0])
        #expect(format.sensorUnits.map(\.placement) == ["lowerarm"], "upperarm has no acceleration: left unread")
        #expect(format.notes.contains { $0.contains("'lowerarm' from accel_x@lowerarm") })
        let samples = try lines.dropFirst().enumerated().map { i, line in try format.parse(line: line, lineNumber: i + 2) }
        let arm = try #require(MotionChannel(rawValue: "accel.x@lowerarm")), gyro = try #require(MotionChannel(rawValue: "gyro.x@lowerarm"))
        #expect(samples.map { arm.value(in: $0) } == [0.1, 0.2, nil, 0.4])
        #expect(gyro.value(in: samples[0]) == 0.5)
        #expect(samples[2].units == [:] && samples[2].acceleration == Vector3(0, 0, -1))
        // A cell that is no number is an error, not a gap.
        #expect(throws: DataFileError.self) { try format.parse(line: "0.4,0,0,-1,x,0,-1,0.5,0,0,7", lineNumber: 6) }
        // A file of one unit reads as before.
        let plain = try SampleCSVFormat(header: "time,accel_x,accel_y,accel_z")
        let one = try plain.parse(line: "0,0,0,-1", lineNumber: 2)
        #expect(plain.sensorUnits.isEmpty && one.units == nil)
    }

    @Test func loadedFilesKeepTheUnitsGapsAsNaN() throws {
        let url = try LineEnding.lf.write(Self.text, named: "units.csv")
        let recording = try SampleCSVFormat.load(url).dataset.recordings[0]
        let x = try #require(recording.column(Channel(MotionChannel(rawValue: "accel.x@lowerarm")!)))
        #expect(x[0] == 0.1 && x[2].isNaN && x[3] == 0.4)
        #expect(recording.column(Channel(MotionChannel(rawValue: "gyro.z@lowerarm")!))?.count == 4)
        let samples = Array(recording.samples)
        #expect(samples[2].units?["lowerarm"] == nil && samples[3].units?["lowerarm"]?.acceleration.x == 0.4)
    }
}
