import GestureKit
import GestureData

/// The signal of a recording with its annotations shaded and a recognizer's detections marked:
/// the plot for checking, by eye, what a detector did and why.
///
/// Annotation spans are shaded in their label's colour; each event is a dashed line at its
/// detection time with a triangle at the top, and a bar from `start` to `end` along the bottom
/// (cancelled events in grey). Long signals are reduced to the minimum and maximum of each
/// channel per time bucket, so peaks survive and files stay small.
///
/// - Complexity: O(samples × channels) to build.
package struct SignalPlot: ReportPlot, Hashable {
    /// The plot type a notebook redraws.
    package static let kind = "signal"
    /// The title drawn above the plot.
    package var title: String
    /// Sample times, seconds, increasing.
    package var timestamps: [Double]
    /// Named channels, each with one value per timestamp.
    package var channels: [(name: String, values: [Double])]
    /// Ground-truth spans.
    package var annotations: [Annotation]
    /// Detections.
    package var events: [GestureEvent]
    /// The y-axis title, with units.
    package var yLabel: String
    /// Most time buckets kept when reducing a long signal.
    package var maximumBuckets = 1200

    /// Creates a plot. Channels shorter or longer than `timestamps` are cut to the common length.
    package init(title: String, timestamps: [Double], channels: [(name: String, values: [Double])],
                annotations: [Annotation] = [], events: [GestureEvent] = [], yLabel: String = "acceleration (g)") {
        self.title = title
        let count = channels.map(\.values.count).reduce(timestamps.count, min)
        self.timestamps = Array(timestamps.prefix(count))
        self.channels = channels.map { ($0.name, Array($0.values.prefix(count))) }
        self.annotations = annotations
        self.events = events
        self.yLabel = yLabel
    }

    /// A plot of `channels` of `recording` with its annotations. Without `channels`, the first motion
    /// signal the recording has (acceleration, user acceleration, gravity, rotation rate, Euler
    /// angles, in that order), with the y-axis titled from it; a recording with none shows every
    /// column it has.
    package init(recording: Recording, channels: [Channel]? = nil, events: [GestureEvent] = [],
                title: String? = nil, yLabel: String? = nil) {
        let (chosen, label) = channels.map { ($0, yLabel ?? "value") } ?? Self.defaultChannels(of: recording)
        self.init(title: title ?? recording.id, timestamps: recording.timestamps,
                  channels: chosen.compactMap { c in recording.column(c).map { (c.rawValue, $0) } },
                  annotations: recording.annotations, events: events, yLabel: yLabel ?? label)
    }

    /// The signal a recording is best shown by, with its axis title.
    static func defaultChannels(of recording: Recording) -> (channels: [Channel], yLabel: String) {
        let groups: [([Channel], String)] = [
            (Channel.acceleration, "acceleration (g)"), (Channel.userAcceleration, "user acceleration (g)"),
            (Channel.gravity, "gravity (g)"), (Channel.rotationRate, "rotation rate (rad/s)"),
            ([.roll, .pitch, .yaw], "attitude (rad)"),
        ]
        for (channels, label) in groups where channels.contains(where: { recording.column($0) != nil }) {
            return (channels, label)
        }
        return (recording.channelNames, "value")
    }

    /// Equal when every drawn property is equal.
    package static func == (a: SignalPlot, b: SignalPlot) -> Bool {
        a.title == b.title && a.timestamps == b.timestamps && a.annotations == b.annotations && a.events == b.events
            && a.yLabel == b.yLabel && a.channels.map(\.name) == b.channels.map(\.name)
            && a.channels.map(\.values) == b.channels.map(\.values) && a.maximumBuckets == b.maximumBuckets
    }

    /// Hashes the properties `==` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(timestamps)
        hasher.combine(channels.map(\.name))
        hasher.combine(events)
    }

    /// Indices of the samples kept: all of them for short signals, otherwise the first, last,
    /// minimum and maximum of every channel in each time bucket, in time order.
    package func keptIndices() -> [Int] {
        let n = timestamps.count
        guard n > 2 * maximumBuckets, let t0 = timestamps.first, let t1 = timestamps.last, t1 > t0 else {
            return Array(0..<n)
        }
        var keep = [Bool](repeating: false, count: n)
        let buckets = maximumBuckets
        var lo = 0
        for b in 0..<buckets {
            let end = b == buckets - 1 ? t1 : t0 + (t1 - t0) * Double(b + 1) / Double(buckets)
            var hi = lo
            while hi < n && (timestamps[hi] < end || (b == buckets - 1 && hi < n)) { hi += 1 }
            if hi > lo {
                keep[lo] = true
                keep[hi - 1] = true
                for channel in channels {
                    var minIndex = lo, maxIndex = lo
                    for i in lo..<hi {
                        let v = channel.values[i]
                        guard v.isFinite else { continue }
                        if !(channel.values[minIndex] <= v) { minIndex = i }
                        if !(channel.values[maxIndex] >= v) { maxIndex = i }
                    }
                    keep[minIndex] = true
                    keep[maxIndex] = true
                }
            }
            lo = hi
        }
        return keep.indices.filter { keep[$0] }
    }

    /// Colour of `label`, shared by annotations and events so a detection matches its gesture.
    private func colors() -> [String: SVGColor] {
        let labels = Set(annotations.map(\.label) + events.map(\.label)).sorted()
        var map: [String: SVGColor] = [:]
        for (i, label) in labels.enumerated() { map[label] = .palette(i + 3) }
        return map
    }

    /// The plot as SVG.
    package func render() -> SVGDocument {
        let width = 900.0, height = 360.0
        var svg = SVGDocument(width: width, height: height, title: title)
        let kept = keptIndices()
        let finite = channels.flatMap { c in kept.map { c.values[$0] } }.filter(\.isFinite)
        let times = [timestamps.first, timestamps.last].compactMap { $0 }
            + annotations.flatMap { [$0.start, $0.end] } + events.flatMap { [$0.start, $0.time] }
        let xRange = (times.min() ?? 0, times.max() ?? 1)
        // 5 % headroom, so a signal that sits on a round value is not hidden by the frame.
        let yLow = finite.min() ?? -1, yHigh = finite.max() ?? 1, pad = max(yHigh - yLow, 1e-9) * 0.05
        let yRange = (yLow - pad, yHigh + pad)
        let legend = legendEntries()
        var margins = PlotAxes.Margins(top: 48)
        margins.right = 16 + PlotLegend(legend).width + 10
        var axes = PlotAxes(width: width, height: height, x: xRange, y: yRange, title: title,
                            xLabel: "time (s)", yLabel: yLabel, margins: margins, xTickCount: 10)
        // Tight x domain: the signal fills the width exactly.
        if xRange.1 > xRange.0 {
            axes.x.domain = xRange.0...xRange.1
            axes.x.ticks = axes.x.ticks.filter { axes.x.domain.contains($0) }
        }
        let color = colors()

        for a in annotations {
            let x0 = max(axes.left, axes.x(a.start)), x1 = min(axes.right, axes.x(a.end))
            guard x1 >= x0 else { continue }
            svg.rect(x: x0, y: axes.top, width: max(1, x1 - x0), height: axes.bottom - axes.top,
                     fill: color[a.label] ?? .muted, opacity: 0.18)
        }
        axes.draw(into: &svg)
        for a in annotations {
            let x0 = max(axes.left, axes.x(a.start)), x1 = min(axes.right, axes.x(a.end))
            guard x1 >= x0, SVGDocument.textWidth(a.label, size: 9) < max(x1 - x0, 0) + 40 else { continue }
            svg.text(a.label, x: x0 + 2, y: axes.top + 11, size: 9, fill: (color[a.label] ?? .muted).mixed(with: .black, 0.3))
        }
        for (i, channel) in channels.enumerated() {
            let points = kept.map { (x: axes.x(timestamps[$0]), y: axes.y(channel.values[$0])) }
            svg.polyline(points, stroke: .palette(i), width: 1.2)
        }
        for event in events {
            let px = axes.x(event.time)
            guard px >= axes.left - 0.5, px <= axes.right + 0.5 else { continue }
            let c = event.phase == .cancelled ? SVGColor.muted : (color[event.label] ?? .ink)
            svg.line(x1: px, y1: axes.top, x2: px, y2: axes.bottom, stroke: c, width: 1, dash: "3 3")
            svg.polygon([(px - 4.5, axes.top - 8), (px + 4.5, axes.top - 8), (px, axes.top - 1)], fill: c)
            if event.phase != .began, event.end > event.start {
                let x0 = max(axes.left, axes.x(event.start)), x1 = min(axes.right, axes.x(event.end))
                svg.line(x1: x0, y1: axes.bottom - 5, x2: x1, y2: axes.bottom - 5, stroke: c, width: 4)
            }
        }
        PlotLegend(legend).draw(into: &svg, x: axes.right + 10, y: axes.top)
        return svg
    }

    private func legendEntries() -> [PlotLegend.Entry] {
        var entries = channels.enumerated().map { PlotLegend.Entry($1.name, color: .palette($0)) }
        let color = colors()
        for label in Set(annotations.map(\.label)).sorted() {
            entries.append(PlotLegend.Entry(label, color: color[label] ?? .muted, mark: .box))
        }
        for label in Set(events.map(\.label)).sorted() {
            entries.append(PlotLegend.Entry("detected \(label)", color: color[label] ?? .ink, mark: .dashedLine))
        }
        if events.contains(where: { $0.phase == .cancelled }) {
            entries.append(PlotLegend.Entry("cancelled", color: .muted, mark: .dashedLine))
        }
        return entries
    }

    /// Texts of the redraw: the y-axis title.
    package var labels: [String: String] { ["y": yLabel] }

    /// The data behind the plot, as named CSV tables.
    package func tables() -> [String: CSVTable] {
        let kept = keptIndices()
        var signal = CSVTable(header: ["time"] + channels.map(\.name))
        for i in kept { signal.append([CSVTable.number(timestamps[i])] + channels.map { CSVTable.number($0.values[i]) }) }
        var spans = CSVTable(header: ["start", "end", "label"])
        for a in annotations { spans.append([CSVTable.number(a.start), CSVTable.number(a.end), a.label]) }
        var detections = CSVTable(header: ["label", "phase", "start", "end", "time", "score"])
        for e in events {
            detections.append([e.label, e.phase.rawValue, CSVTable.number(e.start), CSVTable.number(e.end),
                               CSVTable.number(e.time), CSVTable.number(e.score)])
        }
        return ["signal": signal, "annotations": spans, "events": detections]
    }
}
