import GestureData
import GestureEval
import GestureKit

/// Reports each stretch where |acceleration x| exceeds `threshold` g as a `push`.
struct Push: ConfigurableRecognizer {
    struct Configuration: Codable, Sendable, Equatable {
        var threshold: Double
    }
    static let identifier = "push"
    let configuration: Configuration
    private var start: Double?
    private var last = 0.0

    init(configuration: Configuration) throws(ConfigurationError) {
        guard configuration.threshold > 0 else { throw ConfigurationError(key: "threshold", "must be > 0") }
        self.configuration = configuration
    }

    mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        if abs(sample.acceleration.x) > configuration.threshold {
            if start == nil { start = sample.timestamp }
        } else if let s = start {
            events.append(GestureEvent(label: "push", phase: .ended, start: s, end: last, time: sample.timestamp, score: 1))
            start = nil
        }
        last = sample.timestamp
    }

    mutating func reset() { start = nil }
}

/// The standard recognizers and ``Push``.
var pushRegistry: RecognizerRegistry {
    var r = RecognizerRegistry.standard
    r.register(Push.self)
    return r
}

/// A `push` entry on the `pushes` dataset with `threshold`, searching `search` when given.
func pushEntry(_ name: String, threshold: Double, search: [Double] = []) -> Experiment.Entry {
    Experiment.Entry(name: name, recognizer: "push", configuration: .inline(.object(["threshold": .number(threshold)])),
                     datasets: ["pushes"], labels: ["push"], search: search.isEmpty ? [:] : ["threshold": .init(values: search)])
}
