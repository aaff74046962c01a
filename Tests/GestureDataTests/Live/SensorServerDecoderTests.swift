import GestureData
import GestureKit
import GestureTestSupport
import Testing

@Suite struct SensorServerDecoderTests {
    static func reading(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func accelerationBecomesGWithCoreMotionsSignAndCarriesTheLastRotationRate() throws {
        var decoder = SensorServerDecoder()
        #expect(decoder.sample(from: Self.reading(#"{"type":"android.sensor.gyroscope","values":[0.5,-0.25,1],"timestamp":1000000000,"accuracy":3}"#), arrival: 0) == nil)
        let firstSample = decoder.sample(from: Self.reading(#"{"type":"android.sensor.accelerometer","values":[0,0,9.80665],"timestamp":1000000000}"#), arrival: 5)
        let first = try #require(firstSample)
        // Face up at rest: Android says +9.81 m/s² on z, CoreMotion −1 g.
        #expect(first.timestamp == 0)
        #expect(isClose(first.acceleration.z, -1, absolute: 1e-12))
        #expect(first.acceleration.x == 0)
        #expect(first.rotationRate == Vector3(0.5, -0.25, 1))
        // Times come from the sensor's nanosecond clock, not the arrival.
        let secondSample = decoder.sample(from: Self.reading(#"{"type":"android.sensor.accelerometer","values":[-19.6133,0,0],"timestamp":1020000000}"#), arrival: 99)
        let second = try #require(secondSample)
        #expect(isClose(second.timestamp, 0.02, absolute: 1e-12))
        #expect(isClose(second.acceleration.x, 2, absolute: 1e-12))
    }

    @Test func aSingleSensorConnectionTakesItsTypeFromThePath() throws {
        var gyro = SensorServerDecoder(path: "/sensor/connect?type=android.sensor.gyroscope")
        #expect(gyro.sample(from: Self.reading(#"{"values":[1,2,3],"timestamp":5}"#), arrival: 0) == nil)
        #expect(gyro.malformed == 0)
        var accel = SensorServerDecoder(path: "/sensor/connect?type=android.sensor.accelerometer")
        #expect(accel.sample(from: Self.reading(#"{"values":[0,0,9.80665],"timestamp":5}"#), arrival: 0) != nil)
        // The first versions sent the bare array; its time is the arrival's.
        var bare = SensorServerDecoder()
        _ = bare.sample(from: Self.reading("[0,0,9.8]"), arrival: 10)
        let laterSample = bare.sample(from: Self.reading("[0,0,9.8]"), arrival: 10.25)
        let later = try #require(laterSample)
        #expect(later.timestamp == 0.25)
    }

    @Test func otherTypesAndMalformedMessagesAreCountedNotFatal() {
        var decoder = SensorServerDecoder()
        #expect(decoder.sample(from: Self.reading(#"{"type":"android.sensor.light","values":[12]}"#), arrival: 0) == nil)
        #expect(decoder.sample(from: Self.reading(#"{"type":"android.sensor.accelerometer","values":[1,"x",3]}"#), arrival: 0) == nil)
        #expect(decoder.sample(from: Self.reading("not json"), arrival: 0) == nil)
        #expect(decoder.sample(from: Self.reading(#"{"type":"android.sensor.accelerometer","values":[1,2]}"#), arrival: 0) == nil)
        #expect(decoder.otherTypes == ["android.sensor.light": 1])
        #expect(decoder.malformed == 3)
        #expect(decoder.firstProblem == "android.sensor.accelerometer: expected 3 numbers, got 3 values (2 numbers)")
    }
}
