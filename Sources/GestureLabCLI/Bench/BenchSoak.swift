import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab bench soak`: an endless stream with bad bursts through a full pipeline, watching memory.
struct BenchSoak: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Run a long stream with NaN, gap, clock-jump and duplicate bursts through every recognizer; watch memory.",
        discussion: """
            The pipeline holds the fusion stage (accelerometer and gyroscope in, attitude out) and every \
            registered recognizer, from the registries: the rule-based ones with their defaults (peak-direction \
            also as the slap preset), and the learned ones with their trainer's example model (a DTW template \
            matcher with 8 templates, a MiniRocket spotter with a stream model). The stream (SoakStream) repeats the bench gestures with \
            one burst of bad samples every --burst-every samples. Resident memory is sampled every \
            --report-every samples; the command fails when an event has a non-finite field or memory grows \
            by more than --max-growth MB after the first report.
            Example:
              swift build -c release && .build/release/gesturelab bench soak --samples 1e9
            """
    )

    @Option(help: "Samples to run (accepts 1e9).")
    var samples: Double = 1e8

    @Option(help: "Samples between memory reports.")
    var reportEvery: Double = 1e7

    @Option(help: "Samples between bursts of bad samples.")
    var burstEvery: Double = 1e6

    @Option(help: "Resident memory growth after the first report that fails the run, MB.")
    var maxGrowth: Double = 16

    @Option(help: "Sampling rate of the stream, Hz.")
    var rate: Double = 100

    func validate() throws {
        guard samples >= 1, samples.isFinite, reportEvery >= 1, burstEvery >= 100 else {
            throw ValidationError("--samples and --report-every must be at least 1, --burst-every at least 100")
        }
        guard rate > 0, rate.isFinite else { throw ValidationError("--rate must be a positive number of Hz") }
    }

    func run() throws {
        let total = Int(samples), every = Int(reportEvery)
        var pipeline = try Pipeline(stages: [AttitudeEstimator()], recognizers: Self.recognizers())
        var stream = SoakStream(rate: rate, burstInterval: Int(burstEvery))
        var events: [GestureEvent] = []
        events.reserveCapacity(64)
        var emitted = 0, nonFinite = 0
        var byLabel: [String: Int] = [:]
        var table = CSVTable(header: ["samples", "seconds", "resident MB", "events", "skipped", "gaps"])
        var first: Double?, largest = 0.0
        let watch = Stopwatch()
        print("soak: \(total) samples at \(rate) Hz, a burst every \(Int(burstEvery)); recognizers: \(pipeline.recognizers.map { "\(type(of: $0))" }.joined(separator: ", "))")
        for n in 1...total {
            pipeline.process(stream.next()!, into: &events)
            if !events.isEmpty {
                for e in events {
                    if !(e.start.isFinite && e.end.isFinite && e.time.isFinite && e.score.isFinite && e.details.values.allSatisfy(\.isFinite)) {
                        nonFinite += 1
                    }
                    byLabel[e.label, default: 0] += 1
                }
                emitted += events.count
                events.removeAll(keepingCapacity: true)
            }
            if n % every == 0 || n == total {
                let resident = Self.residentMegabytes()
                if let first { largest = max(largest, resident - first) } else { first = resident }
                let d = pipeline.validator.diagnostics
                table.append([String(n), String(format: "%.0f", watch.seconds), String(format: "%.1f", resident),
                              String(emitted), String(d.skipped), String(d.gaps)])
                print(table.aligned.split(separator: "\n").last!)
            }
        }
        let d = pipeline.validator.diagnostics
        print("\nbursts: " + SoakStream.Burst.allCases.map { "\(stream.bursts[$0, default: 0]) \($0.rawValue)" }.joined(separator: ", "))
        print("skipped: \(d.nonFinite) non-finite, \(d.duplicates) duplicate, \(d.outOfOrder) out of order; \(d.gaps) gaps")
        print("events: " + byLabel.keys.sorted().map { "\($0) \(byLabel[$0]!)" }.joined(separator: ", ") + "; \(nonFinite) with a non-finite field")
        print(String(format: "resident memory: %.1f MB at the first report, largest growth after it %.2f MB", first ?? 0, largest))
        if nonFinite > 0 { throw CommandLineError("\(nonFinite) events had a non-finite field") }
        if largest > maxGrowth { throw CommandLineError(String(format: "resident memory grew by %.1f MB (more than --max-growth %.1f)", largest, maxGrowth)) }
    }

    /// Every registered recognizer (each identifier of ``RecognizerRegistry/standard``), made from its trainer's
    /// ``RecognizerTrainer/exampleConfiguration()`` when it needs a learned model (``TrainerRegistry/standard``: DTW
    /// with 8 templates, the MiniRocket spotter with a stream model) and with its default configuration otherwise;
    /// then the second presets worth soaking (peak-direction as the slap).
    static func recognizers() throws -> [any Recognizer] {
        let registry = GestureLab.registries.recognizers, trainers = GestureLab.registries.trainers
        let registered = try registry.identifiers.map { try trainers.exampleRecognizer($0, from: registry) }
        return registered + [try PeakDirectionDetector(configuration: .slap)]
    }

    /// This process's resident set, MB (Linux `/proc/self/statm`; 0 elsewhere).
    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
