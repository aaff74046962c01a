// INTERIM — replace at integration with the data engineer's header-inferring `SampleCSVFormat`
// (GestureEval/Datasets): make it conform to `SampleLineDecoder` and return it from
// `makeSampleLineDecoder()` below, then delete this file's `InterimSampleCSV`.

import Foundation
import GestureEval
import GestureKit

/// The sample decoder `gesturelab detect` reads its input with.
func makeSampleLineDecoder() -> some SampleLineDecoder {
    InterimSampleCSV()
}

/// A deliberately minimal CSV sample reader: the header must be exactly `time,accel_x,accel_y,accel_z`
/// or `t,x,y,z` (seconds, g); every other line holds four numbers.
struct InterimSampleCSV: SampleLineDecoder {
    private static let headers: [[String]] = [["time", "accel_x", "accel_y", "accel_z"], ["t", "x", "y", "z"]]
    private var columns: [String]?

    mutating func decode(_ line: Substring, lineNumber: Int, file: String) throws(DataFileError) -> MotionSample? {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let columns else {
            let names = fields.map { $0.lowercased() }
            guard Self.headers.contains(names) else {
                throw DataFileError(file: file, line: lineNumber, field: "header",
                                    "expected 'time,accel_x,accel_y,accel_z' or 't,x,y,z', got '\(line)'")
            }
            self.columns = names
            return nil
        }
        guard fields.count == columns.count else {
            throw DataFileError(file: file, line: lineNumber, "expected \(columns.count) fields, got \(fields.count)")
        }
        var values = [Double](repeating: 0, count: 4)
        for i in 0..<4 {
            guard let value = Double(fields[i]) else {
                throw DataFileError(file: file, line: lineNumber, field: columns[i], "not a number: '\(fields[i])'")
            }
            values[i] = value
        }
        return MotionSample(timestamp: values[0], acceleration: Vector3(values[1], values[2], values[3]))
    }
}
