import GestureKit

extension AutoSpotterSelection {
    /// The compared candidates as `gesturelab train` prints them: a header, then one line per candidate in the order
    /// compared, the chosen one marked `*`, scores to four significant digits; an ensemble names its members' lines
    /// (counted from 1); templates show `dtw` and their envelope's window in place of the class weights and the
    /// normalisation; a score resting on in-sample detections says so and names the subjects.
    package var lines: [String] {
        let evidence = self.evidence.sorted { $0.key < $1.key }.map { "\($0.key)=\(ExperimentReport.fmt($0.value))" }
        var lines = ["chose from the training recordings: \(evidence.joined(separator: " "))",
                     "  round  window  context  hop  refractory  rate  balanced  normalization  channels  score  recall  false/h"]
        for (i, c) in candidates.enumerated() {
            let settings = [c.window, c.context, c.hop, c.refractoryTime, c.samplingRate].map(ExperimentReport.fmt)
            let outcome = c.failure.map { "failed: \($0)" } ?? [c.score, c.recall, c.falsePerHour].map { $0.map(ExperimentReport.fmt) ?? "–" }.joined(separator: "  ")
                + (c.inSample.map { "  in-sample (\($0.joined(separator: ", ")))" } ?? "")
            lines.append("\(i == chosen ? "*" : " ") \(c.round)  \(settings.joined(separator: "  "))  \(c.balancedClassWeights ? "yes" : "no")  "
                         + (c.recognizer.map { "\($0) envelope \(c.movingDeviation.map(ExperimentReport.fmt) ?? "–")  " } ?? "\(c.normalization.map(ExperimentReport.fmt) ?? "–")  ")
                         + "\(c.members.map { "mean of lines \($0.map { String($0 + 1) }.joined(separator: ", ")): " } ?? "")"
                         + "\(c.channels.map(\.rawValue).joined(separator: ","))  \(outcome)")
        }
        return lines
    }
}
