import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

/// Titles and labels stay inside the image, and the signal plot shows whatever motion signal a recording has.
@Suite struct PlotTextFitTests {
    /// Horizontal extent of every unrotated `<text>` element, estimated as the plots estimate it.
    static func textBoxes(_ xml: String) -> [(text: String, left: Double, right: Double)] {
        let pattern = #/<text x="([-0-9.]+)" y="[-0-9.]+" font-size="([0-9.]+)"( text-anchor="(middle|end)")?([^>]*)>([^<]*)</text>/#
        return xml.matches(of: pattern).compactMap { match in
            guard !match.output.5.contains("rotate"), let x = Double(match.output.1), let size = Double(match.output.2) else { return nil }
            let text = String(match.output.6)
            let width = SVGDocument.textWidth(text, size: size)
            switch match.output.4 {
            case "middle": return (text, x - width / 2, x + width / 2)
            case "end": return (text, x - width, x)
            default: return (text, x, x + width)
            }
        }
    }

    static func expectInside(_ svg: SVGDocument, _ comment: Comment) {
        let boxes = textBoxes(svg.xml)
        #expect(!boxes.isEmpty)
        for box in boxes {
            #expect(box.left >= 0 && box.right <= svg.width, "\(comment): '\(box.text)' spans \(box.left)…\(box.right) of \(svg.width)")
        }
    }

    @Test func longTitlesFitTheirPlots() {
        let title = "dtw shapes with three medoids per class: confusion over every leave-one-subject-out fold, segments"
        Self.expectInside(ConfusionMatrixPlot(title: title, labels: ["a", "b"], counts: [[1, 0], [0, 1]]).render(), "confusion")
        var signal = ReportFixtures.signal()
        signal.title = title + title
        Self.expectInside(signal.render(), "signal")
        var cd = ReportFixtures.criticalDifference()
        cd.title = title + title
        Self.expectInside(cd.render(), "critical difference")
        var latency = ReportFixtures.latency()
        latency.title = title + title
        Self.expectInside(latency.render(), "latency")
    }

    @Test func aShortTitleIsDrawnWhole() {
        let texts = ReportFixtures.parse(ConfusionMatrixPlot(title: "Confusion", labels: ["a"], counts: [[1]]).render().data).texts
        #expect(texts.filter { $0 == "Confusion" }.count >= 1)
    }

    @Test func aRecordingWithOnlyUserAccelerationIsDrawnFromIt() {
        let t = (0..<100).map { Double($0) / 50 }
        let recording = Recording(id: "r", timestamps: t, channels: Channel.userAcceleration.map { ($0, t.map(sin)) } + [(.gyroX, t)])
        let plot = SignalPlot(recording: recording)
        #expect(plot.channels.map(\.name) == ["user.x", "user.y", "user.z"])
        #expect(plot.yLabel == "user acceleration (g)")
        let gyroOnly = Recording(id: "g", timestamps: t, channels: Channel.rotationRate.map { ($0, t) })
        #expect(SignalPlot(recording: gyroOnly).yLabel == "rotation rate (rad/s)")
        #expect(SignalPlot(recording: gyroOnly).channels.count == 3)
    }
}
