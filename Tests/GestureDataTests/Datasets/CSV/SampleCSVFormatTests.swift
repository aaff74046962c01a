import Foundation
import GestureData
import GestureKit
import Testing

@Suite struct SampleCSVFormatTests {
    @Test func infersPlainNames() throws {
        let format = try SampleCSVFormat(header: "timestamp,accel_x,accel_y,accel_z,gyro_x,gyro_y,gyro_z,quat_w,quat_x,quat_y,quat_z")
        let s = try format.parse(line: "1.5,0,0,-1,0.1,0.2,0.3,1,0,0,0", lineNumber: 2)
        #expect(s.timestamp == 1.5 && s.acceleration == Vector3(0, 0, -1))
        #expect(s.rotationRate == Vector3(0.1, 0.2, 0.3) && s.attitude == .identity)
    }

    @Test func infersXYZAndMilliseconds() throws {
        let format = try SampleCSVFormat(header: "time_ms,x,y,z")
        #expect(try format.parse(line: "20,0.5,0,-1", lineNumber: 2) == MotionSample(timestamp: 0.02, acceleration: Vector3(0.5, 0, -1)))
    }

    @Test func infersCoreMotionLoggerNames() throws {
        let format = try SampleCSVFormat(header: "time,attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z")
        let s = try format.parse(line: "3,0,0,0,0,0,-1,0,0,1,0.5,0,0", lineNumber: 7)
        #expect(s.acceleration == Vector3(0.5, 0, -1))  // gravity + user acceleration
        #expect(s.gravity == Vector3(0, 0, -1) && s.rotationRate == Vector3(0, 0, 1) && s.attitude == Quaternion(EulerAngles(pitch: 0, roll: 0, yaw: 0)))
        let logger = try SampleCSVFormat(header: "loggingTime(txt),accelerometerTimestamp_sinceReboot(s),accelerometerAccelerationX(G),accelerometerAccelerationY(G),accelerometerAccelerationZ(G)")
        #expect(try logger.parse(line: "x,2.0,0.1,0.2,-0.9", lineNumber: 2).acceleration == Vector3(0.1, 0.2, -0.9))
    }

    /// A magnetometer (µT) and a barometer (hPa) are read from their columns; without them the sample has neither.
    @Test func infersMagnetometerAndPressure() throws {
        let format = try SampleCSVFormat(header: "time,accel_x,accel_y,accel_z,mag_x,mag_y,mag_z,pressure")
        let s = try format.parse(line: "0.5,0,0,-1,21.5,-7.25,-40,1013.25", lineNumber: 2)
        #expect(s.magneticField == Vector3(21.5, -7.25, -40) && s.pressure == 1013.25)
        let plain = try SampleCSVFormat(header: "time,x,y,z").parse(line: "0.5,0,0,-1", lineNumber: 2)
        #expect(plain.magneticField == nil && plain.pressure == nil)
    }

    @Test func androidUnitsAreConverted() throws {
        let format = try SampleCSVFormat(header: "t,ax,ay,az", acceleration: .androidMetersPerSecondSquared)
        let s = try format.parse(line: "0,0,0,9.80665", lineNumber: 2)
        #expect(abs(s.acceleration.z + 1) < 1e-12)
    }

    @Test func errorsNameLineAndField() throws {
        let format = try SampleCSVFormat(header: "time,x,y,z", file: "in.csv")
        #expect(throws: DataFileError(file: "in.csv", line: 9, field: "y", "'abc' is not a number")) {
            try format.parse(line: "1,0,abc,0", lineNumber: 9)
        }
        #expect(throws: DataFileError(file: "in.csv", line: 4, field: "z", "'nan' is not finite")) {
            try format.parse(line: "1,0,0,nan", lineNumber: 4)
        }
        #expect {
            try format.parse(line: "1,0,0", lineNumber: 5)
        } throws: { "\($0)" == "in.csv:5: z: the line has 3 of the header's 4 fields: none for this column or any after it" }
        #expect(throws: DataFileError.self) { try SampleCSVFormat(header: "a,b,c") }
        #expect(throws: DataFileError.self) { try SampleCSVFormat(header: "time,gyro_x,gyro_y,gyro_z") }
    }
}

/// `csv:` and `detect` lines split as every dialect splits them (issue 53, "fields are fields").
@Suite struct SampleCSVFormatFieldTests {
    static let header = "time\taccel.x\taccel.y\taccel.z\tlabel"

    @Test func anEmptyTabSeparatedFieldIsNamedAsACommaSeparatedOneIs() throws {
        // Before: the tab after the empty field was swallowed and accel.z read the label, 7 g.
        let tabs = try SampleCSVFormat(header: Self.header, file: "in.tsv")
        #expect(throws: DataFileError(file: "in.tsv", line: 3, field: "accel.x", "'' is not a number")) {
            try tabs.parse(line: "0.50\t\t0.1\t-1.0\t7", lineNumber: 3)
        }
        let commas = try SampleCSVFormat(header: "time,accel.x,accel.y,accel.z,label", file: "in.csv")
        #expect(throws: DataFileError(file: "in.csv", line: 3, field: "accel.x", "'' is not a number")) {
            try commas.parse(line: "0.50,,0.1,-1.0,7", lineNumber: 3)
        }
        #expect(throws: DataFileError(file: "in.tsv", line: 4, field: "accel.y", "'' is not a number")) {
            try tabs.parse(line: "0.50\t0.2\t\t-1.0\t7", lineNumber: 4)
        }
        // Spaces around a tab-separated field are still blanks.
        #expect(try tabs.parse(line: " 0.5 \t 0.2\t0.1 \t-1\t7", lineNumber: 5).acceleration == Vector3(0.2, 0.1, -1))
    }

    @Test func aTabSeparatedHeaderKeepsItsUnnamedFirstColumn() throws {
        // pandas' to_csv(sep="\t") writes the index under an empty name; before, the header was trimmed
        // of it and every column read its left neighbour.
        let format = try SampleCSVFormat(header: "\ttime\taccel.x\taccel.y\taccel.z", file: "in.tsv")
        #expect(format.columns == ["", "time", "accel.x", "accel.y", "accel.z"])
        #expect(try format.parse(line: "0\t1.5\t0.2\t0.1\t-1", lineNumber: 2) == MotionSample(timestamp: 1.5, acceleration: Vector3(0.2, 0.1, -1)))
    }

    @Test func shortAndLongRowsNameTheLineAndTheColumn() throws {
        let format = try SampleCSVFormat(header: Self.header, file: "in.tsv")
        // Short of only the label, which csv: does not read: before, it passed.
        #expect {
            try format.parse(line: "0.5\t0\t0.1\t-1", lineNumber: 6)
        } throws: { "\($0)" == "in.tsv:6: label: the line has 4 of the header's 5 fields: none for this column or any after it" }
        // Before, the sixth field was ignored.
        #expect {
            try format.parse(line: "0.5\t0\t0.1\t-1\t7\t9", lineNumber: 7)
        } throws: { "\($0)" == "in.tsv:7: column 6: the line has 6 fields where the header has 5: a field holding the separator must be quoted" }
        // A decimal comma in a comma-separated row makes it long, not a row of shifted values.
        let commas = try SampleCSVFormat(header: "time,x,y,z", file: "in.csv")
        #expect {
            try commas.parse(line: "0,5,0.1,0.2,-1", lineNumber: 2)
        } throws: { "\($0)" == "in.csv:2: column 5: the line has 5 fields where the header has 4: a field holding the separator must be quoted" }
    }

    @Test func aLineOfTabsAfterATabHeaderIsARowOfEmptyFields() throws {
        var stream = SampleCSVStream(file: "in.tsv", timeUnit: .s)
        #expect(try stream.feed(Self.header) == nil)
        #expect(try stream.feed("0\t0\t0\t-1\t7")?.timestamp == 0)
        #expect(try stream.feed("   ") == nil)  // blank
        #expect(throws: DataFileError(file: "in.tsv", line: 4, field: "time", "'' is not a number")) { try stream.feed("\t\t\t\t") }
    }

    @Test func aStreamSaysWhichLinesAreBlankByItsSeparator() throws {
        var stream = SampleCSVStream(file: "in.tsv", timeUnit: .s)
        #expect(stream.isBlank("\t\t"[...]))  // no header yet: no separator
        _ = try stream.feed(Self.header)
        #expect(!stream.isBlank("\t\t"[...]) && stream.isBlank(" \r"[...]))
        var commas = SampleCSVStream(file: "in.csv", timeUnit: .s)
        _ = try commas.feed("time,x,y,z")
        #expect(commas.isBlank("\t\t"[...]))
    }
}

@Suite struct SampleCSVStreamTests {
    @Test func streamsLinesWithHeaderBlankLinesAndLineNumbers() throws {
        // The unit is stated, so no line is held back to infer it.
        var stream = SampleCSVStream(file: "pipe", timeUnit: .s)
        let lines = ["", "t,x,y,z", "0,0,0,-1", "", "0.02,0.1,0,-1\r", "0.04,0.1,zz,-1"]
        var samples: [MotionSample] = []
        for line in lines.dropLast() { if let s = try stream.feed(line) { samples.append(s) } }
        #expect(samples.map(\.timestamp) == [0, 0.02])
        #expect(samples[1].acceleration == Vector3(0.1, 0, -1))
        #expect(throws: DataFileError(file: "pipe", line: 6, field: "y", "'zz' is not a number")) { try stream.feed(lines[5]) }
    }

    /// Issue 46: a file without a time column is read at a stated rate (`detect --rate`), data row k at k / rate s,
    /// blank lines not counted; a stated rate for a file with its own clock is refused, and the error for a file
    /// without either names the option.
    @Test func aStatedRateClocksAFileWithoutATimeColumn() throws {
        var stream = SampleCSVStream(file: "rows.csv", rate: 50)
        var samples: [MotionSample] = []
        for line in ["x,y,z", "0,0,-1", "", "0.5,0,-1", "0,0.25,-1"] {
            if let s = try stream.feed(line) { samples.append(s) }
        }
        try stream.finish()
        while let s = stream.nextHeld() { samples.append(s) }
        let times: [Double] = [0, 1.0 / 50, 2.0 / 50]
        #expect(samples.map(\.timestamp) == times)
        let expected: [Vector3] = [Vector3(0, 0, -1), Vector3(0.5, 0, -1), Vector3(0, 0.25, -1)]
        #expect(samples.map(\.acceleration) == expected)
        #expect(stream.notes.contains("time: no time column; rows taken 0.02 s apart from 0 (the stated rate, 50 Hz)"), "\(stream.notes)")
        let clocked = #expect(throws: DataFileError.self) { try SampleCSVFormat(header: "t,x,y,z", rate: 50) }
        #expect(clocked?.message.contains("has its own clock ('t')") == true, "\(String(describing: clocked))")
        let unclocked = #expect(throws: DataFileError.self) { try SampleCSVFormat(header: "x,y,z") }
        #expect(unclocked?.message.contains("(detect --rate HZ") == true, "\(String(describing: unclocked))")
        #expect(throws: DataFileError.self) { try SampleCSVFormat(header: "x,y,z", rate: 0) }
    }
}
