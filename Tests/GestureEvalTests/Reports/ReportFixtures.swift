import Foundation
import GestureData
import GestureEval
import GestureKit
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Small plots of every kind, with labels that need escaping.
enum ReportFixtures {
    static func signal() -> SignalPlot {
        let rate = 50.0
        let t = (0..<500).map { Double($0) / rate }
        let x = t.map { $0 >= 3 && $0 < 4 ? 1.5 * sin(2 * .pi * 4 * $0) : 0.02 * sin($0) }
        let y = t.map { _ in 0.0 }
        let z = t.map { $0 < 6 ? -1.0 : 1.0 }
        return SignalPlot(
            title: "subject <1> & shake",
            timestamps: t, channels: [("accel.x", x), ("accel.y", y), ("accel.z", z)],
            annotations: [Annotation(start: 3, end: 4, label: "shake"), Annotation(start: 6, end: 6.5, label: "flip")],
            events: [
                GestureEvent(label: "shake", phase: .ended, start: 3.05, end: 3.9, time: 4.0, score: 1.4),
                GestureEvent(label: "flip", phase: .ended, start: 6.0, end: 6.3, time: 6.4, score: 3.1),
                GestureEvent(label: "shake", phase: .cancelled, start: 8, end: 8.2, time: 8.3, score: 0.4),
            ])
    }

    static func confusion() -> ConfusionMatrixPlot {
        ConfusionMatrixPlot(title: "Confusion (LOSO)", labels: ["null", "shake", "flip \"x\""],
                            counts: [[50, 2, 1], [3, 17, 0], [0, 1, 9]])
    }

    static func latency() -> LatencyHistogram {
        LatencyHistogram(title: "Latency", latencies: [0.11, 0.12, 0.15, 0.18, 0.2, 0.21, 0.25, 0.31, 0.42, 0.12])
    }

    static func det() -> DETCurvePlot {
        DETCurvePlot(title: "DET", series: [
            .init(name: "shake", points: [.init(threshold: 1.2, falseActivationsPerHour: 12, missRate: 0.05),
                                          .init(threshold: 1.6, falseActivationsPerHour: 3, missRate: 0.15),
                                          .init(threshold: 2.0, falseActivationsPerHour: 0.5, missRate: 0.4)]),
            .init(name: "dtw", points: [.init(threshold: 0.5, falseActivationsPerHour: 6, missRate: 0.1),
                                        .init(threshold: 0.3, falseActivationsPerHour: 1, missRate: 0.3)]),
        ])
    }

    static func criticalDifference() -> CriticalDifferenceDiagram {
        CriticalDifferenceDiagram(title: "Nemenyi, α = 0.05", methods: ["shake", "dtw-dependent", "dtw-independent", "peak"],
                                  averageRanks: [1.5, 2.0, 3.25, 3.25], criticalDifference: 1.2)
    }

    /// Every element's text content and whether the document parsed.
    static func parse(_ data: Data) -> (ok: Bool, texts: [String], root: String?) {
        final class Collector: NSObject, XMLParserDelegate {
            var texts: [String] = []
            var current: String?
            var root: String?
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String] = [:]) {
                if root == nil { root = name }
                if name == "text" || name == "title" { current = "" }
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                if let c = current, name == "text" || name == "title" { texts.append(c) }
                current = nil
            }
        }
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        let ok = parser.parse()
        return (ok, collector.texts, collector.root)
    }
}
