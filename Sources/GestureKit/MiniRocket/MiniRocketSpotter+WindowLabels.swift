// The rule that says which windows of a labelled stream are positives of a class and which are negatives: the same
// for training a spotter (GestureEval's MiniRocketStreamFitter) and for adapting one (MiniRocketModel+Adaptation).
extension MiniRocketSpotter {
    /// The class a window teaches, by the training rule: `.some(label)` a positive of `label` (the window's gesture
    /// span overlaps a gesture of that class by at least half of the shorter of the two; the largest overlap wins),
    /// `.some(nil)` a negative (the window lies more than `window / 2` seconds away from every gesture), `nil` neither
    /// (it grazes a gesture, or lies near a gesture that `ignores` marks as don't-care: such a gesture makes no positive).
    /// `span` and the gestures in seconds; `window` is the model's ``MiniRocketModel/Stream/window``.
    ///
    /// - Complexity: O(gestures).
    package static func windowLabel(of span: (start: Double, end: Double), among gestures: [GestureSpan], window: Double,
                                    ignores: (String) -> Bool) -> String?? {
        let margin = window / 2
        var best: (overlap: Double, label: String)?
        var near = false
        for a in gestures {
            guard !ignores(a.label) else {
                if span.start <= a.end + margin, a.start - margin <= span.end { near = true }
                continue
            }
            let overlap = min(span.end, a.end) - max(span.start, a.start)
            if overlap >= 0.5 * min(span.end - span.start, a.end - a.start), overlap > (best?.overlap ?? -1) { best = (overlap, a.label) }
            if span.start <= a.end + margin, a.start - margin <= span.end { near = true }
        }
        if let best { return .some(best.label) }
        return near ? nil : .some(nil)
    }
}

extension MiniRocketSpotter.Series {
    /// The gesture span of the window of `length` samples ending at sample `end`: its times without `context` seconds
    /// on either side (``EventStage/gesture(from:to:context:)``), seconds. O(1).
    package func gestureSpan(ofWindowEndingAt end: Int, length: Int, context: Double) -> (start: Double, end: Double) {
        EventStage.gesture(from: times[end - length + 1], to: times[end], context: context)
    }
}
