import Foundation
import GestureEval
import GestureKit
import Testing

@Suite struct SVGPlotTests {
    static let plots: [any ReportPlot] = [
        ReportFixtures.signal(), ReportFixtures.confusion(), ReportFixtures.latency(), ReportFixtures.det(),
        ReportFixtures.criticalDifference(),
    ]

    @Test(arguments: 0..<5) func everyPlotIsWellFormedSVGWithItsLabels(index: Int) {
        let plot = Self.plots[index]
        let parsed = ReportFixtures.parse(plot.render().data)
        #expect(parsed.ok)
        #expect(parsed.root == "svg")
        #expect(parsed.texts.contains(plot.title), "title \(plot.title) missing")
    }

    @Test(arguments: 0..<5) func renderingIsDeterministic(index: Int) {
        let plot = Self.plots[index]
        #expect(plot.render().data == plot.render().data)
    }

    @Test func signalPlotNamesChannelsAnnotationsAndDetections() {
        let texts = ReportFixtures.parse(ReportFixtures.signal().render().data).texts
        for label in ["accel.x", "accel.y", "accel.z", "shake", "flip", "detected shake", "cancelled", "time (s)"] {
            #expect(texts.contains(label), "\(label) missing")
        }
    }

    @Test func confusionMatrixShowsCountsAndAxisTitles() {
        let plot = ReportFixtures.confusion()
        let texts = ReportFixtures.parse(plot.render().data).texts
        for count in plot.counts.joined() { #expect(texts.contains(String(count))) }
        #expect(texts.contains("predicted") && texts.contains("actual"))
        #expect(texts.filter { $0 == "flip \"x\"" }.count == 2, "the label names a row and a column")
    }

    @Test func signalReductionKeepsEveryPeak() {
        let n = 100_000
        let t = (0..<n).map { Double($0) / 100 }
        var x = [Double](repeating: 0, count: n)
        x[12_345] = 7
        x[77_777] = -5
        let plot = SignalPlot(title: "long", timestamps: t, channels: [("x", x)])
        let kept = plot.keptIndices()
        #expect(kept.count <= 4 * plot.maximumBuckets)
        #expect(kept.contains(12_345) && kept.contains(77_777))
        #expect(kept.first == 0 && kept.last == n - 1)
        #expect(kept == kept.sorted())
        #expect(plot.tables()["signal"]!.rows.count == kept.count)
    }

    @Test func latencyBinsCountEveryValueOnRoundEdges() {
        let plot = ReportFixtures.latency()
        let (edges, counts) = plot.bins()
        #expect(counts.reduce(0, +) == plot.latencies.count)
        #expect(edges.count == counts.count + 1)
        let width = edges[1] - edges[0]
        #expect(abs(width - 0.05) < 1e-9)
        for (i, v) in plot.latencies.enumerated() {
            #expect(edges.first! <= v && v <= edges.last!, "value \(i) outside the bins")
        }
        #expect(abs(plot.median! - 0.19) < 1e-12)
    }

    @Test func criticalDifferenceGroupsMethodsWithinCD() {
        // Ranks 1.5, 2.0, 3.25, 3.25 with CD 1.2: 2.0 and 3.25 differ by 1.25 > CD, so two groups.
        let groups = ReportFixtures.criticalDifference().cliques()
        #expect(groups == [[0, 1], [2, 3]])
        let chained = CriticalDifferenceDiagram(title: "", methods: ["a", "b", "c", "d"], averageRanks: [1, 1.8, 2.6, 3.4],
                                                criticalDifference: 1)
        #expect(chained.cliques() == [[0, 1], [1, 2], [2, 3]])
        let wide = CriticalDifferenceDiagram(title: "", methods: ["a", "b", "c"], averageRanks: [1, 2, 3], criticalDifference: 5)
        #expect(wide.cliques() == [[0, 1, 2]])
        let narrow = CriticalDifferenceDiagram(title: "", methods: ["a", "b", "c"], averageRanks: [1, 2, 3], criticalDifference: 0.5)
        #expect(narrow.cliques().isEmpty)
    }

    @Test func niceScalesCoverTheDataWithRoundTicks() {
        let scale = LinearScale(covering: 0.13, 0.87, pixels: (0, 100), tickCount: 5)
        #expect(scale.domain == 0.0...1.0)
        #expect(scale.ticks == [0, 0.2, 0.4, 0.6, 0.8, 1.0])
        #expect(scale.tickLabels == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
        #expect(scale(0.5) == 50)
        let flat = LinearScale(covering: 2, 2, pixels: (0, 10))
        #expect(flat.domain.contains(2) && flat.domain.upperBound > flat.domain.lowerBound)
    }

    @Test func textIsEscaped() {
        var svg = SVGDocument(width: 10, height: 10)
        svg.text("a<b & \"c\"\u{1}", x: 0, y: 0)
        #expect(svg.xml.contains("a&lt;b &amp; &quot;c&quot;</text>"))
        #expect(ReportFixtures.parse(svg.data).texts == ["a<b & \"c\""])
        #expect(SVGDocument.number(1.005) == "1" || SVGDocument.number(1.005) == "1.01")
        #expect(SVGDocument.number(-0.001) == "0")
        #expect(SVGDocument.number(12.5) == "12.5")
    }
}
