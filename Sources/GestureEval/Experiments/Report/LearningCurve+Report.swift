import Foundation
import GestureData

/// A learning curve as a report folder: its plot and files.
extension LearningCurve {
    /// The plot: the mean over draws against K, one line per entry, with ±1 standard deviation as bars.
    package var plot: LearningCurvePlot {
        var series: [LearningCurvePlot.Series] = []
        for p in points {
            let name = Set(points.map(\.dataset)).count > 1 ? "\(p.entry) (\(p.dataset))" : p.entry
            if series.last?.name != name { series.append(.init(name: name, points: [])) }
            series[series.count - 1].points.append(.init(subjects: p.subjects, mean: p.mean, standardDeviation: p.standardDeviation))
        }
        return LearningCurvePlot(title: "\(experiment): \(metricName) on people not trained on",
                                 metricName: metricName, series: series)
    }

    /// Writes the report folder: `results.json` (this curve), `learning-curve.csv`, the plot
    /// (`learning-curve.svg` and its data) and `summary.md` (with the warnings), each file atomically
    /// (``ReportFolder``).
    ///
    /// - Parameter command: the command line, recorded in the manifest.
    /// - Throws: ``DataFileError`` naming the file that could not be written.
    package func write(to url: URL, command: [String]) throws(DataFileError) {
        var folder = try ReportFolder(url: url, command: command)
        try folder.writeResults(self)
        let table = self.table
        try folder.write(table, named: "learning-curve")
        try folder.add(plot, named: "learning-curve")
        var summary = "# Learning curve of \(experiment)\n\nCommand: `\(folder.manifest.commandLine)`\n\n\(tableText)\n\n\(table.markdown)\n"
            + "![Learning curve](learning-curve.svg)\n"
        if !warnings.isEmpty { summary += "\n## Warnings\n\n" + warnings.map { "- \($0)\n" }.joined() }
        try folder.writeSummary(summary)
    }
}
