import Foundation

extension Dataset {
    /// A segment dataset from labelled series: one recording per example, sampled at `samplingRate`
    /// Hz from time 0, with one annotation covering it. Dimensions beyond `channels` are named
    /// `dim<k>` (1-based). O(total length).
    public init(name: String, segments: [LabelledSeries], channels: [Channel] = [], samplingRate: Double,
                idPrefix: String = "", subject: String = "unknown", session: String = "unknown") {
        let period = 1 / samplingRate
        let recordings = segments.enumerated().map { i, series in
            let times = (0..<series.length).map { Double($0) * period }
            let columns = series.dimensions.enumerated().map { d, values in
                (d < channels.count ? channels[d] : Channel(.dimension(d + 1)), values)
            }
            return Recording(id: "\(idPrefix)\(i)", subject: subject, session: session, timestamps: times, channels: columns,
                             annotations: [Annotation(start: 0, end: times.last ?? 0, label: series.label)])
        }
        self.init(name: name, kind: .segments, samplingRate: samplingRate, recordings: recordings)
    }
}
