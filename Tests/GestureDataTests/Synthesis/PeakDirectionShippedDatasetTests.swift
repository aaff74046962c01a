import Foundation
import GestureData
import GestureKit
import GestureTestSupport
import Testing

/// The peak-direction presets on the shipped synthetic dataset (`datasets/default`): for every
/// `slap-<direction>` and `movement-<direction>` annotation (the direction is where the device went,
/// as the detector reports it), the first event overlapping the annotation names its direction.
@Suite struct PeakDirectionShippedDatasetTests {
    /// Correct, wrong and missed annotations.
    struct Tally { var correct = 0, wrong = 0, missed = 0 }

    /// Tallies by family (`slap`, `movement`) for `preset` (a file in `configs/`) with `peak`,
    /// counting only annotations along `axes`.
    static func tally(_ preset: String, _ peak: PeakDirectionDetector.PeakChoice, axes: [Axis] = Axis.allCases) throws -> [String: Tally] {
        let root = SharedData.packageRoot
        var configuration = try YAMLConfiguration(contentsOf: root.appendingPathComponent("configs/\(preset).yaml"))
            .decode(PeakDirectionDetector.Configuration.self)
        configuration.peak = peak
        let dataset = try DatasetSource(root.appendingPathComponent("datasets/default").path).load(.init()).dataset
        var tallies: [String: Tally] = [:]
        for recording in dataset.recordings {
            var detector = try PeakDirectionDetector(configuration: configuration)
            var events: [GestureEvent] = []
            for sample in recording.samples { detector.process(sample, into: &events) }
            for annotation in recording.annotations {
                let parts = annotation.label.split(separator: "-", maxSplits: 1).map(String.init)
                guard parts.count == 2, parts[0] == "slap" || parts[0] == "movement",
                      let truth = Direction(rawValue: parts[1]), axes.contains(truth.axis) else { continue }
                let event = events.first { $0.end >= annotation.start - 0.05 && $0.start <= annotation.end + 0.05 }
                switch event?.direction {
                case nil: tallies[parts[0], default: Tally()].missed += 1
                case truth: tallies[parts[0], default: Tally()].correct += 1
                default: tallies[parts[0], default: Tally()].wrong += 1
                }
            }
        }
        return tallies
    }

    @Test func defaultPresetWithTheRemedyNamesEveryDirection() throws {
        for peak in PeakDirectionDetector.PeakChoice.allCases {
            let t = try Self.tally("peak-direction", peak)
            print("peak-direction \(peak.rawValue): " + t.keys.sorted().map { "\($0) \(t[$0]!.correct)/\(t[$0]!.correct + t[$0]!.wrong + t[$0]!.missed) (\(t[$0]!.missed) missed)" }.joined(separator: ", "))
            if peak == .first {
                #expect(t["slap"]?.correct == 23 && t["slap"]?.wrong == 0 && t["slap"]?.missed == 0, "\(t)")
                #expect(t["movement"]?.correct == 23 && t["movement"]?.wrong == 0 && t["movement"]?.missed == 0, "\(t)")
            } else {
                // Gentle movements brake up to 1.6 times their start: "largest" reads many backwards.
                #expect((t["movement"]?.wrong ?? 0) > 0)
            }
        }
    }

    @Test func slapPresetNamesEverySlapAlongX() throws {
        for peak in PeakDirectionDetector.PeakChoice.allCases {
            let t = try Self.tally("slap", peak, axes: [.x])
            print("slap \(peak.rawValue) (x only): " + t.keys.sorted().map { "\($0) \(t[$0]!.correct)/\(t[$0]!.correct + t[$0]!.wrong + t[$0]!.missed) (\(t[$0]!.missed) missed)" }.joined(separator: ", "))
            if peak != .last { #expect(t["slap"]?.correct == 8 && t["slap"]?.wrong == 0, "\(peak): \(t)") }
        }
    }
}
