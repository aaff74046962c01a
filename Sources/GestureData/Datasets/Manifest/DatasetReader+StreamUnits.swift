import Foundation
import GestureKit

/// The channels of a stream file in their units, read by ``DatasetReader/readStream(_:table:time:channels:labels:refusingUnstatedUnits:report:)``.
extension DatasetReader {
    /// Each column times its channel's scale plus its offset: the scale the manifest states, else the one its units
    /// row or its header states (acceleration's `(m/s^2)`, `(mg)`; a gyroscope's `(deg/s)`, `(rad/s)`); a units row or header that contradicts the manifest's scale is a
    /// problem. `statedScales` holds the scale each channel was given (by the manifest or its header), for the
    /// physics check. `numericTime`: the first slot is the time column's.
    static func scaledChannels(_ columns: [[Double]], mappings: [DatasetManifest.ChannelMapping], table: DelimitedText.Table,
                               slotIndices: [Int], numericTime: Bool, file: String, problems: inout [DatasetProblem],
                               report: inout ReadingReport) -> (channels: [(Channel, [Double])], statedScales: [Channel: Double]) {
        var channels: [(Channel, [Double])] = []
        let accelerationLike = Set(Channel.acceleration + Channel.gravity + Channel.userAcceleration)
        // The scale each channel was given (by the manifest or its header), for the physics check.
        var statedScales: [Channel: Double] = [:]
        for (k, (mapping, var column)) in zip(mappings, columns).enumerated() {
            // A placed column (accel.x@lowerarm) is read in the unit its quantity has, as the primary unit's is.
            let quantity = mapping.name.motion.map { Channel($0.unplaced) } ?? mapping.name
            var s = mapping.scale ?? 1
            if mapping.scale != nil { statedScales[mapping.name] = s }
            let o = mapping.offset ?? 0
            // Units in the header set the scale where the manifest gives none, and must agree where it does.
            let slot = k + (numericTime ? 1 : 0)
            let headerName = table.header.flatMap { h in slotIndices[slot] < h.count ? h[slotIndices[slot]] : nil } ?? mapping.column
            if let units = table.units, slotIndices[slot] < units.count,
               let unit = Self.unitsRowScale(units[slotIndices[slot]], channel: quantity) {
                // The units row states the column's unit: it sets the scale where the manifest gives none.
                let column = headerName ?? mapping.name.rawValue
                if mapping.scale == nil {
                    s = unit.factor
                    statedScales[mapping.name] = s
                    let what = Channel.rotationRate.contains(quantity) ? "rotation rate" : "acceleration"
                    let note = "units: \(what) in \(unit.name) by the units row ('\(units[slotIndices[slot]])' under '\(column)' and the others), "
                        + "times \(unit.factor) with the sign as written; give the channels a scale in the manifest to state the sign"
                    if unit.factor != 1, !report.notes.contains(where: { $0.hasPrefix("units: \(what) in \(unit.name) by the units row") }) {
                        report.notes.append(note)
                    }
                } else if abs(abs(s) / unit.factor - 1) > 0.02 {
                    problems.append(DatasetProblem(.units, DataFileError(
                        file: file, line: 1, field: column,
                        "the units row states \(unit.name) but the manifest scales \(mapping.name) by \(s), which is not ±\(unit.factor); "
                            + "fix the channel's scale (±\(unit.factor) for \(unit.name))")))
                }
            }
            if table.units == nil, accelerationLike.contains(quantity), let name = headerName, let unit = HeaderUnit(column: name) {
                if mapping.scale == nil {
                    s = unit.toG
                    statedScales[mapping.name] = s
                    if unit != .g {
                        let how = unit == .metersPerSecondSquared ? "divided by 9.80665" : "times \(unit.toG)"
                        let note = "units: \(mapping.name) in \(unit.rawValue) by its header ('\(name)'), \(how) to g with the sign as written; give the channel a scale in the manifest to state the sign"
                        if !report.notes.contains(note) { report.notes.append(note) }
                    }
                } else if abs(abs(s) / unit.toG - 1) > 0.02 {
                    problems.append(DatasetProblem(.units, DataFileError(
                        file: file, line: 1, field: name,
                        .unitMismatch(unit: unit.rawValue, channel: "\(mapping.name)", scale: s, expected: unit.toG))))
                }
            }
            if table.units == nil, Channel.rotationRate.contains(quantity), let name = headerName,
               let factor = SampleCSVFormat.rotationRateUnit(name) {
                // A gyroscope's header states its unit as an accelerometer's does (`Gyroscope X (deg/s)`).
                let unit = factor == 1 ? "rad/s" : "°/s"
                if mapping.scale == nil {
                    s = factor
                    statedScales[mapping.name] = s
                    let note = "units: rotation rate in degrees per second by its header ('\(name)' and the others), times π/180 to rad/s "
                        + "with the sign as written; give the channels a scale in the manifest to state the sign"
                    if factor != 1, !report.notes.contains(where: { $0.hasPrefix("units: rotation rate in degrees per second by its header") }) {
                        report.notes.append(note)
                    }
                } else if abs(abs(s) / factor - 1) > 0.02 {
                    problems.append(DatasetProblem(.units, DataFileError(
                        file: file, line: 1, field: name, .unitMismatch(unit: unit, channel: "\(mapping.name)", scale: s, expected: factor))))
                }
            }
            if s != 1 || o != 0 {
                column.withUnsafeMutableBufferPointer { c in for i in c.indices { c[i] = c[i] * s + o } }
            }
            channels.append((mapping.name, column))
        }
        return (channels, statedScales)
    }
}
