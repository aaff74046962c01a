import Foundation
import GestureData

/// One threshold sweep (``ThresholdSweep``) as `gesturelab sweep --out` writes it: `results.json`, the
/// points as `sweep.csv`, the DET curve (`det.svg` and its data) and `summary.md`.
package struct SweepReport: Codable, Sendable {
    /// The recognizer's identifier.
    package var recognizer: String
    /// The configuration file swept, or `nil` for the recognizer's defaults.
    package var configuration: String?
    /// The dataset, as named on the command line.
    package var dataset: String
    /// The annotation labels judged (empty: all).
    package var labels: [String]
    /// The configuration key varied.
    package var parameter: String
    /// One outcome per value, in the order swept.
    package var points: [ThresholdSweep.Point]
    /// The entry's name, shown in the plot's title and legend.
    package var name: String

    /// A report of `points`, the outcomes of varying `parameter` of `recognizer` (entry `name`).
    package init(name: String, recognizer: String, configuration: String?, dataset: String, labels: [String],
                parameter: String, points: [ThresholdSweep.Point]) {
        self.name = name
        self.recognizer = recognizer
        self.configuration = configuration
        self.dataset = dataset
        self.labels = labels
        self.parameter = parameter
        self.points = points
    }

    // results.json holds what was swept and the points; the name only titles the plot.
    private enum CodingKeys: String, CodingKey { case recognizer, configuration, dataset, labels, parameter, points }
    /// Decodes what `results.json` holds; the name (not stored) is the recognizer's.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let recognizer = try c.decode(String.self, forKey: .recognizer)
        self.init(name: recognizer, recognizer: recognizer, configuration: try c.decodeIfPresent(String.self, forKey: .configuration),
                  dataset: try c.decode(String.self, forKey: .dataset), labels: try c.decode([String].self, forKey: .labels),
                  parameter: try c.decode(String.self, forKey: .parameter), points: try c.decode([ThresholdSweep.Point].self, forKey: .points))
    }

    /// The points as a table, one row per value.
    package var table: CSVTable {
        var table = CSVTable(header: [parameter, "annotations", "detections", "correct", "false activations", "false activations per hour", "miss rate", "f1"])
        for p in points {
            table.append([CSVTable.number(p.value), String(p.annotations), String(p.detections), String(p.truePositives), String(p.falseActivations),
                          ExperimentReport.fmt(p.falseActivationsPerHour), ExperimentReport.fmt(p.missRate), ExperimentReport.fmt(p.f1)])
        }
        return table
    }

    /// The DET plot of the sweep.
    package var plot: DETCurvePlot {
        DETCurvePlot(title: "\(name): false activations per hour vs miss rate over \(parameter)",
                     series: [.init(name: name, points: points.map { .init(threshold: $0.value, falseActivationsPerHour: $0.falseActivationsPerHour, missRate: $0.missRate) })])
    }

    /// Writes the report folder (each file atomically, see ``ReportFolder``).
    ///
    /// - Parameter command: the command line that produced the sweep, recorded in the manifest.
    /// - Throws: ``DataFileError`` naming the file that could not be written.
    package func write(to url: URL, command: [String]) throws(DataFileError) {
        var folder = try ReportFolder(url: url, command: command)
        try folder.writeResults(self)
        let table = self.table
        try folder.write(table, named: "sweep")
        try folder.add(plot, named: "det")
        try folder.writeSummary("# Sweep of \(parameter)\n\nCommand: `\(folder.manifest.commandLine)`\n\n\(table.markdown)\n![DET curve](det.svg)\n")
    }
}
