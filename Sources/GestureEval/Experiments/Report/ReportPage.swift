import Foundation
import GestureData

/// `report.html`: one self-contained page to explore an ``ExperimentResult`` in a browser, with no network.
///
/// The page opens on the headline of each comparison group and its tables (metric per entry with intervals, false
/// activations by activity, pairs, ranks, each person with and without adaptation), then a signal explorer per test
/// recording and a table of every outcome (`outcomes.csv`'s rows). The explorer draws the recording's motion channels
/// (reduced to the minimum and maximum per pixel when drawn; hovering shows the exact sample values), its annotations,
/// and for one or two entries, one above the other, their judged annotations and detections coloured by outcome
/// (correct, substitution, deletion, merged, insertion, fragment) with the activity each false activation fired in. It
/// zooms (wheel, buttons), pans (drag) and shows the channels picked; a recording of several sensor units lists its
/// channels by unit, the primary unit's first (``channelsByUnit(_:)``). The outcomes table filters by entry, outcome
/// and activity; clicking a row centres the explorer on it. Scripts, styles and data are inline and hand-written
/// (vanilla JavaScript drawing SVG); the page loads nothing from the network.
///
/// **Size bound.** The samples of every test recording are embedded exactly as read (every channel, every
/// sample) while their JSON text is at most ``inlineSampleLimit`` bytes in all (8 MB by default: about
/// 400,000 samples of 16 channels). Above it, the page holds no samples: each recording's go to
/// `report-data/recording-N.js` beside the page, which the page loads (a `<script>` element, allowed from
/// `file://`) when that recording is shown; keep the folder with the page. The tables and outcome rows are
/// always inline.
///
/// The bytes are deterministic: the same result and recordings give the same page.
package struct ReportPage: Sendable {
    /// The page's file name in a report folder.
    package static let fileName = "report.html"
    /// The folder beside the page that holds per-recording sample files above the size bound.
    package static let dataFolder = "report-data"
    /// The default bound on the JSON text of all embedded samples, bytes.
    package static let defaultInlineSampleLimit = 8_000_000

    /// One test recording of the explorer.
    package struct RecordingData: Sendable, Hashable {
        /// The dataset key and recording id.
        package var dataset: String, id: String
        /// The fold that tested it.
        package var fold: String
        /// Channel names in recording order, and those drawn first.
        package var channels: [String], shown: [String]
        /// The samples as JSON (`{"t":[…],"v":[[…],…]}`, one array per channel; `null` for a missing value),
        /// `nil` when the recording could not be read.
        package var samples: String?
    }

    /// The HTML text.
    package let html: String
    /// Files beside the page (path relative to the report folder, contents): per-recording samples, empty when
    /// every sample is inline.
    package let dataFiles: [(path: String, contents: String)]
    /// The outcome rows embedded: each typed outcome of the result in the cells of `outcomes.csv`
    /// (``ExperimentReport/outcomeTable(_:)``), written from the outcome, not read back from that table.
    package let outcomes: [[String]]
    /// The explorer's recordings, in order of their first outcome row.
    package let recordings: [RecordingData]

    /// Builds the page of `result`; `datasets` (by key, as run) hold the test recordings whose samples it shows.
    ///
    /// - Parameters:
    ///   - plots: SVG files of the same report folder to link (name, title).
    ///   - commandLine: the command that wrote the report, shown under the title.
    ///   - inlineSampleLimit: the size bound in bytes (see the type's discussion).
    /// - Complexity: O(samples × channels) of the test recordings, plus the outcome rows.
    package init(result: ExperimentResult, datasets: [String: Dataset], plots: [(svg: String, title: String)] = [],
                commandLine: String, inlineSampleLimit: Int = ReportPage.defaultInlineSampleLimit) {
        // Every typed outcome of every continuous entry, in outcomes.csv's order, as the script's rows; and the test
        // recordings in order of their first outcome (dataset, recording), each read from its dataset once.
        var rows: [[String]] = [], seen = Set<[String]>(), recordings: [RecordingData] = [], annotationsByRecording: [[[String]]] = []
        for score in result.scores {
            for outcome in score.outcomes ?? [] {
                rows.append(ExperimentReport.outcomeRow(outcome, of: score))
                guard seen.insert([score.dataset, outcome.recording]).inserted else { continue }
                let recording = datasets[score.dataset]?.recordings.first { $0.id == outcome.recording }
                var data = RecordingData(dataset: score.dataset, id: outcome.recording, fold: outcome.fold, channels: [], shown: [], samples: nil)
                if let recording {
                    let channels = Self.channelsByUnit(recording.channelNames)
                    data.channels = channels.map(\.rawValue)
                    data.shown = SignalPlot.defaultChannels(of: recording).channels.map(\.rawValue).filter(data.channels.contains)
                    data.samples = Self.samplesJSON(recording, channels: channels)
                }
                recordings.append(data)
                annotationsByRecording.append((recording?.annotations ?? []).map { [CSVTable.number($0.start), CSVTable.number($0.end), $0.label] })
            }
        }
        outcomes = rows
        self.recordings = recordings
        let inline = recordings.reduce(0) { $0 + ($1.samples?.utf8.count ?? 0) } <= inlineSampleLimit
        var files: [(String, String)] = []
        var sampleScripts = ""
        for (i, r) in recordings.enumerated() {
            guard let samples = r.samples else { continue }
            if inline {
                sampleScripts += "<script type=\"application/json\" id=\"samples-\(i)\">\(Self.scriptSafe(samples))</script>\n"
            } else {
                files.append(("\(Self.dataFolder)/recording-\(i).js", "GestureLabReport.samplesLoaded(\(i), \(samples));\n"))
            }
        }
        dataFiles = files

        let groupOf = Dictionary(result.groups.flatMap { g in g.group.entries.map { ($0, g.group.name) } }) { first, _ in first }
        let model = PageModel(
            experiment: result.experiment.name,
            outcomeColumns: ExperimentReport.outcomeColumns,
            outcomes: rows,
            entries: result.scores.filter { $0.outcomes != nil }.map { .init(name: $0.entry, dataset: $0.dataset, group: groupOf[$0.entry] ?? "") },
            recordings: recordings.enumerated().map { i, r in
                .init(dataset: r.dataset, id: r.id, fold: r.fold, channels: r.channels, shown: r.shown,
                      units: r.channels.map(Self.unit), annotations: annotationsByRecording[i],
                      samples: r.samples == nil ? "none" : (inline ? "inline" : "\(Self.dataFolder)/recording-\(i).js"))
            },
            inlineSampleLimit: inlineSampleLimit)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding plain strings and arrays cannot fail.
        let modelJSON = String(decoding: (try? encoder.encode(model)) ?? Data("{}".utf8), as: UTF8.self)

        var body = "<header><h1>Experiment \(Self.escape(result.experiment.name))</h1>\n"
        if !result.experiment.description.isEmpty { body += "<p>\(Self.escape(result.experiment.description))</p>\n" }
        body += "<p class=\"cmd\">Command: <code>\(Self.escape(commandLine))</code> · split \(Self.escape("\(result.experiment.split)")), "
            + "seed \(result.seed), metric \(Self.escape(result.metric.rawValue)), GestureLab \(Self.escape(result.packageVersion))</p>\n"
        body += "<nav><a href=\"#headlines\">Headlines</a> <a href=\"#tables\">Tables</a> <a href=\"#explorer\">Signal explorer</a> "
            + "<a href=\"#outcomes\">Outcomes</a> <a href=\"#plots\">Plots</a></nav></header>\n"
        body += "<section id=\"headlines\"><h2>Headlines</h2>\n<ul>\n"
            + result.groups.map { "<li><b>\(Self.escape($0.group.name))</b>: \(Self.escape($0.headline.description))</li>\n" }.joined() + "</ul></section>\n"
        body += "<section id=\"tables\"><h2>Tables</h2>\n"
        for g in result.groups {
            body += "<h3>\(Self.escape(g.group.name))</h3>\n" + Self.table(ExperimentReport.comparisonTable(result, group: g.group))
            let activities = ExperimentReport.falseActivationTable(result, group: g.group)
            if !activities.rows.isEmpty { body += "<h4>False activations by activity</h4>\n" + Self.table(activities) }
            let pairs = ExperimentReport.pairTable(result, group: g.group.name)
            if !pairs.rows.isEmpty { body += "<h4>Pairs</h4>\n" + Self.table(pairs) }
            body += Self.adaptationMarkup(result, group: g.group.name)
            if let r = g.ranking {
                body += "<h4>Ranks</h4>\n<p>\(Self.escape(ExperimentReport.rankSummary(r, test: result.experiment.test, split: result.experiment.split))).</p>\n"
                    + Self.table(ExperimentReport.rankTable(r)) + Self.table(ExperimentReport.rankPairTable(r))
            }
        }
        body += "<details><summary>Per fold</summary>\n" + Self.table(ExperimentReport.foldTable(result)) + "</details>\n"
        if !result.warnings.isEmpty {
            body += "<h3>Warnings</h3>\n<ul>\n" + result.warnings.map { "<li>\(Self.escape($0.description))</li>\n" }.joined() + "</ul>\n"
        }
        body += "</section>\n"
        body += Self.explorerMarkup
        body += "<section id=\"plots\"><h2>Plots</h2>\n"
        if plots.isEmpty {
            body += "<p>None.</p>\n"
        } else {
            body += "<p>SVG files beside this page (for papers):</p>\n<ul>\n"
                + plots.map { "<li><a href=\"\(Self.escape($0.svg))\">\(Self.escape($0.title))</a></li>\n" }.joined() + "</ul>\n"
        }
        body += "</section>\n"
        // Only a page with several sensor units carries the picker's grouping, so other pages keep their bytes.
        let severalUnits = recordings.contains { $0.channels.contains { Channel(rawValue: $0).motion?.placement != nil } }
        let unitsScript = severalUnits ? "<script>\n\(ReportResource.unitsScript.text)</script>\n" : ""

        html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escape(result.experiment.name)): GestureLab report</title>
            <style>
            \(ReportResource.pageStyle.text)</style>
            </head>
            <body>
            \(body)<script type="application/json" id="report-data">\(Self.scriptSafe(modelJSON))</script>
            \(sampleScripts)<script>
            \(ReportResource.pageScript.text)</script>
            \(unitsScript)</body>
            </html>

            """
    }

    /// What the page's script reads from `#report-data`.
    struct PageModel: Codable {
        struct Entry: Codable { var name, dataset, group: String }
        struct RecordingModel: Codable {
            var dataset, id, fold: String
            var channels, shown, units: [String]
            /// `[start, end, label]`, every annotation of the recording as read (activities included).
            var annotations: [[String]]
            /// `inline`, `none` or the data file's path.
            var samples: String
        }
        var experiment: String
        var outcomeColumns: [String]
        var outcomes: [[String]]
        var entries: [Entry]
        var recordings: [RecordingModel]
        var inlineSampleLimit: Int
    }

    /// `channels` (a recording's columns) grouped by sensor unit: the primary unit's in their order, then each other
    /// unit's (placed columns, `accel.x@lowerarm`, and its auxiliary ones, `gyr_2_x@lowerarm`) in order of its first
    /// column. A recording without a placed motion channel keeps its order. O(channels × units).
    package static func channelsByUnit(_ channels: [Channel]) -> [Channel] {
        guard channels.contains(where: { $0.motion?.placement != nil }) else { return channels }
        var placements: [String] = []
        for c in channels { if let p = c.placement, !placements.contains(p) { placements.append(p) } }
        return channels.filter { $0.placement == nil } + placements.flatMap { p in channels.filter { $0.placement == p } }
    }

    /// `{"t":[…],"v":[[…],…]}` with every value in Swift's shortest round-trip form (`null` when not finite), one
    /// array per channel of `channels` (the recording's columns, in the explorer's order).
    static func samplesJSON(_ recording: Recording, channels: [Channel]) -> String {
        func array(_ values: [Double]) -> String {
            var s = "["
            s.reserveCapacity(values.count * 8)
            for (i, x) in values.enumerated() {
                if i > 0 { s += "," }
                s += x.isFinite ? "\(x)" : "null"
            }
            return s + "]"
        }
        return "{\"t\":" + array(recording.timestamps) + ",\"v\":[" + channels.map { array(recording.column($0) ?? []) }.joined(separator: ",") + "]}"
    }

    /// The unit of a column name for people (``Channel/physicalUnit``).
    static func unit(_ channel: String) -> String { Channel(rawValue: channel).physicalUnit }

    /// JSON that can sit inside a `<script>` element: `<` only occurs inside strings, where `\u003c` means the same.
    static func scriptSafe(_ json: String) -> String { json.replacingOccurrences(of: "<", with: "\\u003c") }

    /// `text` with HTML's special characters escaped (content and attribute values).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    /// A CSV table as an HTML table (numeric cells right-aligned by the style).
    static func table(_ t: CSVTable) -> String {
        var s = "<div class=\"scroll\"><table><thead><tr>" + t.header.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead><tbody>\n"
        for row in t.rows {
            s += "<tr>" + row.map { Double($0) != nil || $0 == "nan" ? "<td class=\"n\">\(escape($0))</td>" : "<td>\(escape($0))</td>" }.joined() + "</tr>\n"
        }
        return s + "</tbody></table></div>\n"
    }

    /// Writes the data files (if any), then the page, each atomically, into `folder`.
    ///
    /// - Throws: ``DataFileError`` naming the file that cannot be written.
    package func write(to folder: URL) throws(DataFileError) {
        for file in dataFiles {
            try AtomicFile.write(Data(file.contents.utf8), to: folder.appendingPathComponent(file.path), createFolders: true)
        }
        try AtomicFile.write(Data(html.utf8), to: folder.appendingPathComponent(Self.fileName))
    }
}

extension ReportFolder {
    /// Writes `report.html` and, above its size bound, the per-recording data files beside it (``ReportPage``).
    package mutating func write(_ page: ReportPage) throws(DataFileError) {
        try page.write(to: url)
        try recordPage(ReportPage.fileName)
    }
}
