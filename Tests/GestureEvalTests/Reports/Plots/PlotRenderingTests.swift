import Foundation
import GestureEval
import GestureTestSupport
import Testing

/// Every plot kind, rendered by a real SVG renderer, draws nothing outside its image: long titles and labels
/// shrink or shorten instead of being clipped (see ``SVGDocument/fittedTitle(_:x:y:within:size:)``).
@Suite struct PlotRenderingTests {
    static func folder() throws -> URL {
        let url = TemporaryFolder.root.appendingPathComponent("gesturelab-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ svg: SVGDocument, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("\(name).svg")
        try svg.data.write(to: url)
        return url
    }

    @Test func reportPlotsWithLongTitlesStayInsideTheirImages() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = "dtw calibrated + background on SwimWatch_Turns: turns over every leave-one-subject-out fold, 95 % interval"
        var signal = ReportFixtures.signal()
        signal.title = long
        var latency = ReportFixtures.latency()
        latency.title = long
        var cd = ReportFixtures.criticalDifference()
        cd.title = long
        let confusion = ConfusionMatrixPlot(title: long, labels: ["null", "freestyle", "breaststroke", "backstroke", "butterfly", "turn"],
                                            counts: (0..<6).map { i in (0..<6).map { $0 == i ? 40 : 2 } })
        var det = ReportFixtures.det()
        det.title = long
        let files = try [(signal.render(), "signal"), (latency.render(), "latency"), (cd.render(), "cd"),
                         (confusion.render(), "confusion"), (det.render(), "det"),
                         (ReportFixtures.confusion().render(), "confusion-short")].map { try Self.write($0.0, $0.1, in: folder) }
        let result = try PlotRendering.overflows(in: files)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// The check itself: text placed past the right edge is found.
    @Test func theCheckerFindsTextPastTheEdge() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var svg = SVGDocument(width: 200, height: 100)
        svg.text("a title far too long for a plot this narrow", x: 100, y: 20, size: 14)
        let file = try Self.write(svg, "clipped", in: folder)
        let result = try PlotRendering.overflows(in: [file])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("clipped.svg"))
    }
}
