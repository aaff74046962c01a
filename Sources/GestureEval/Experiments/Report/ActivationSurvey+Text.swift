import Foundation

extension ActivationSurvey {
    /// The survey for people: activations, false activations per hour, recall when judged, and one line per activity.
    package var text: String {
        func f(_ v: Double, _ digits: Int = 2) -> String { v.isFinite ? String(format: "%.\(digits)f", v) : "–" }
        var lines = [
            "recordings   \(recordings), \(f(hours * 60, 1)) min",
            "activations  \(activations)",
            "false        \(falseActivations) (\(f(falsePerHour, 1)) per hour of background, \(f(backgroundHours * 60, 1)) min)",
        ]
        func quoted(_ labels: [String]) -> String { labels.map { "'\($0)'" }.joined(separator: ", ") }
        if let recall {
            lines.append("recall       \(f(recall, 3)) (\(detectedAnnotations) of \(judgedAnnotations) judged annotations)")
            // Annotations of activities judged as gestures: every one a miss, and no background left to count.
            if judgedLabels.isEmpty, !activationLabels.isEmpty, Set(activationLabels).isDisjoint(with: annotationLabels) {
                lines.append("note         no activation's label (\(quoted(activationLabels))) is an annotation's (\(quoted(annotationLabels))): "
                    + "if the annotations are activities, --labels \(activationLabels[0]) judges \(activationLabels[0]) alone "
                    + "and counts false activations by activity")
            }
        } else {
            lines.append("recall       cannot be judged: " + (judgedLabels.isEmpty
                ? "no annotation" : "no annotation is \(quoted(judgedLabels)), so every activation is false"))
        }
        lines.append("by activity  false activations per hour of it")
        for a in breakdown.activities where a.hours > 0 || a.falseActivations > 0 {
            lines.append("  \(a.label.padding(toLength: max(18, a.label.count), withPad: " ", startingAt: 0)) \(a.falseActivations) in \(f(a.hours * 60, 1)) min, \(f(a.perHour, 1)) per hour")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
