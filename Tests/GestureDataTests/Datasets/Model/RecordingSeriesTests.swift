import Foundation
import GestureData
import GestureKit
import Testing

/// A recording read as a multichannel series: its columns in the order asked, what it lacks derived as a pipeline
/// derives it, a channel it cannot give an error naming it.
@Suite struct RecordingSeriesTests {
    private func channel(_ name: String) -> MotionChannel { MotionChannel(rawValue: name)! }

    /// Two seconds at 50 Hz of a device tipping and shaking, with a gyroscope unless `gyroscope` is false.
    private func recording(gyroscope: Bool = true) -> Recording {
        let times = (0..<100).map { Double($0) / 50 }
        var channels: [(Channel, [Double])] = [
            (.accelX, times.map { 0.3 * sin(7 * $0) }), (.accelY, times.map { 0.2 * cos(3 * $0) + 0.1 }),
            (.accelZ, times.map { -1 + 0.05 * sin(11 * $0) }),
        ]
        if gyroscope {
            channels += [(.gyroX, times.map { 0.5 * sin($0) }), (.gyroY, times.map { 0.1 * $0 }), (.gyroZ, times.map { _ in 0.2 })]
        }
        return Recording(id: "tip", timestamps: times, channels: channels)
    }

    @Test func columnsInTheOrderAsked() throws {
        let r = recording()
        let series = try r.series(channels: [channel("gyro.y"), channel("accel.x"), channel("accel.z")])
        #expect(series.dimensions == 3 && series.length == r.count)
        #expect(series.dimension(0) == r.column(.gyroY))
        #expect(series.dimension(1) == r.column(.accelX))
        #expect(series.dimension(2) == r.column(.accelZ))
    }

    @Test func aMagnitudeIsTheLengthOfItsAxes() throws {
        let r = recording()
        let series = try r.series(channels: [channel("accel.magnitude"), channel("gyro.magnitude")])
        let (x, y, z) = (r.column(.accelX)!, r.column(.accelY)!, r.column(.accelZ)!)
        let (gx, gy, gz) = (r.column(.gyroX)!, r.column(.gyroY)!, r.column(.gyroZ)!)
        // Bit for bit: `find` read magnitudes by this formula before it read them here.
        #expect(series.dimension(0) == r.timestamps.indices.map { (x[$0] * x[$0] + y[$0] * y[$0] + z[$0] * z[$0]).squareRoot() })
        #expect(series.dimension(1) == r.timestamps.indices.map { (gx[$0] * gx[$0] + gy[$0] * gy[$0] + gz[$0] * gz[$0]).squareRoot() })
    }

    @Test func anOrientationFreeChannelIsDerivedAsAPipelineDerivesIt() throws {
        let r = recording()
        let tilt = channel("tilt")
        let series = try r.series(channels: [channel("accel.x"), tilt])
        let derived = try #require(r.derivingChannels([tilt]).column("tilt"))
        #expect(series.dimension(1) == derived)
        #expect(series.dimension(0) == r.column(.accelX))
    }

    @Test func aMissingChannelIsAnErrorNamingIt() {
        let r = recording(gyroscope: false)
        #expect(throws: Recording.SeriesError.missingChannel(channel("gyro.x"), recording: "tip", has: [.accelX, .accelY, .accelZ])) {
            try r.series(channels: [channel("accel.x"), channel("gyro.x")])
        }
        let error = Recording.SeriesError.missingChannel(channel("gyro.x"), recording: "tip", has: [.accelX, .accelY, .accelZ])
        #expect(error.description == "the recording 'tip' has no channel gyro.x; it has accel.x, accel.y, accel.z")
        #expect(throws: Recording.SeriesError.self) { try r.series(channels: [channel("gyro.magnitude")]) }
    }

    @Test func samplesSliceAfterDeriving() throws {
        let r = recording()
        let tilt = channel("tilt")
        let series = try r.series(channels: [channel("accel.y"), tilt, channel("accel.magnitude")], samples: 10..<30)
        #expect(series.length == 20)
        #expect(series.dimension(0) == Array(r.column(.accelY)![10..<30]))
        // Derived over the whole recording, then cut: the estimator has run through the first ten samples.
        #expect(series.dimension(1) == Array(try #require(r.derivingChannels([tilt]).column("tilt"))[10..<30]))
        #expect(series.dimension(2) == Array(try r.series(channels: [channel("accel.magnitude")]).dimension(0)[10..<30]))
        // The series is named after the recording, or as asked.
        #expect(throws: Recording.SeriesError.invalid(.empty(what: "tip"))) { try r.series(channels: [tilt], samples: 5..<5) }
        #expect(throws: Recording.SeriesError.invalid(.empty(what: "query"))) { try r.series(channels: [tilt], samples: 5..<5, name: "query") }
    }
}
