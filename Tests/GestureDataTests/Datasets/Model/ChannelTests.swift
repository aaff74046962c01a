import Foundation
import GestureData
import GestureKit
import Testing

/// A recording's columns speak GestureKit's channel vocabulary: standard names are `MotionChannel`s, other
/// names are auxiliary columns, and a name survives JSON as itself.
@Suite struct ChannelTests {
    @Test func standardNamesAreGestureKitChannels() throws {
        for name in MotionChannel.validNames where name != "dimN" {
            let column = Channel(rawValue: name)
            #expect(column.motion?.rawValue == name, "\(name)")
            #expect(column == Channel(try #require(MotionChannel(rawValue: name))))
        }
        #expect(Channel(rawValue: "dim3").motion == .dimension(3))
        #expect(Channel.acceleration.map(\.motion) == MotionChannel.acceleration)
        #expect(Channel.userZ.motion == MotionChannel.userAcceleration[2])
    }

    @Test func otherNamesAreAuxiliaryColumns() {
        for name in ["light", "heartRate", "accel.w", "dim0", "quat", "mag.w"] {
            let column: Channel = .init(rawValue: name)
            #expect(column.motion == nil, "\(name)")
            #expect(column.physicalUnit == "")
        }
    }

    @Test func unitsForPeopleComeFromTheChannel() {
        #expect(Channel.accelX.physicalUnit == "g")
        #expect(Channel("gyro.magnitude").physicalUnit == "rad/s")
        #expect(Channel("mag.x").physicalUnit == "µT" && Channel.magneticField.map(\.motion) == MotionChannel.magneticField)
        #expect(Channel("pressure").physicalUnit == "hPa" && Channel.pressure.motion == MotionChannel.pressure)
        #expect(Channel("headingChange").physicalUnit == "rad" && Channel("yawRate").physicalUnit == "rad/s")
        #expect(Channel("pressureChange").physicalUnit == "hPa" && Channel("stillness").physicalUnit == "g")
        #expect(MotionChannel.group(named: "physical")?.map(\.rawValue) == ["verticalAcceleration", "horizontalAcceleration", "tilt", "yawRate", "headingChange", "stillness"])
        #expect(MotionChannel.group(named: "rhythm")?.map(\.rawValue) == ["strokePeriod", "rhythmRegularity"])
        #expect(Channel("strokePeriod").physicalUnit == "s" && Channel("rhythmRegularity").physicalUnit == "")   // unitless
        #expect(Channel.userY.physicalUnit == "g")
        #expect(Channel.roll.physicalUnit == "rad")
        #expect(Channel.quatW.physicalUnit == "")
        #expect(Channel("dim2").physicalUnit == "")
    }

    @Test func encodesAsItsName() throws {
        let columns: [Channel] = [.gyroX, "heartRate"]
        let json = try JSONEncoder().encode(columns)
        #expect(String(decoding: json, as: UTF8.self) == #"["gyro.x","heartRate"]"#)
        #expect(try JSONDecoder().decode([Channel].self, from: json) == columns)
    }
}
