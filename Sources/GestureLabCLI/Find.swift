import ArgumentParser
import Foundation
import GestureData
import GestureEval
import GestureKit

/// `gesturelab find`: query by example, every motion like one given in a recording, a dataset or a stream.
struct Find: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find every motion like an example: exact DTW subsequence search in recordings, a dataset or standard input.",
        discussion: """
            The query is a stretch of a recording: --query FILE.csv --from S --to S (seconds on the recording's clock), or one annotation of a dataset: --query DATASET --annotation RECORDING:N (the N-th annotation of that recording, from 1). TARGET is a recording CSV, a dataset (a folder, or FORMAT:PATH as --dataset takes it) whose recordings are searched one by one, or - for CSV lines on standard input (as detect reads them).

            Every stretch of TARGET as long as the query is compared with it by DTW on --channels (dependent DTW when several), Sakoe-Chiba window --band × the query's length, each stretch z-normalised per channel (--raw compares values in their units). The search is exact: a cascade of lower bounds skips what cannot match, and the result is what comparing every stretch would give. It returns the best matches in increasing distance, none starting within --exclusion seconds (default: the query's duration) of a better one, at most --limit of them and none farther than --max-distance. The query and TARGET must have the same sampling rate.

            It prints one line per match (recording, start and end in seconds, distance) or, with --json, one JSON object per line. --annotations PATH writes the matches as candidate annotations (start,end,label; label --label, by default the query annotation's label or `candidate`) in the dataset annotation format, atomically: to the file PATH for one recording, or to PATH/<recording id>.csv for a dataset. Each file keeps the recording's own annotations (--candidates-only drops them) and adds the candidates that overlap none of them (nor a better candidate), so writing into a dataset's annotations folder adds to its labels: find, check the candidates, then datasets validate and train.

            Examples:
              gesturelab find recording.csv --query recording.csv --from 12.5 --to 14.5
              gesturelab find datasets/mine --query datasets/mine \\
                --annotation subject01-session1-01:1 --limit 20 \\
                --annotations datasets/mine/annotations
              phone-logger | gesturelab find - --query shake.csv --from 0 --to 1.2 --json
            """
    )

    @Argument(help: "Where to search: a recording CSV, a dataset, or - for standard input.")
    var target: String

    @Option(help: "Where the query comes from: a recording CSV (with --from and --to) or a dataset (with --annotation, or --recording, --from and --to).")
    var query: String

    @Option(help: "Query start, seconds on its recording's clock.")
    var from: Double?

    @Option(help: "Query end, seconds on its recording's clock.")
    var to: Double?

    @Option(help: "Recording of the query dataset that --from and --to refer to (needed when it has several).")
    var recording: String?

    @Option(help: "The query is this annotation of the query dataset: RECORDING:N, the N-th (from 1) of that recording.")
    var annotation: String?

    @OptionGroup var units: AccelerationOption

    @Option(help: "Channels compared, comma-separated (\(MotionChannel.acceleration.map(\.rawValue).joined(separator: ",")), accel.magnitude, gyro.x, …).")
    var channels = "accel.x,accel.y,accel.z"

    @Option(help: "Sakoe-Chiba window, fraction of the query's length in [0, 1].")
    var band = 0.1

    @Flag(help: "Compare raw values (g, rad/s) instead of z-normalising the query and every stretch.")
    var raw = false

    @Option(help: "Floor of the standard deviation when z-normalising, in the channels' units.")
    var zFloor = DTWPreprocessing.defaultFloor

    @Option(help: "At most this many matches (over all recordings).")
    var limit = 10

    @Option(help: "Only matches at most this DTW distance (after normalisation).")
    var maxDistance: Double?

    @Option(help: "Seconds a match must start from a better one (default: the query's duration; 0 keeps overlapping stretches).")
    var exclusion: Double?

    @Option(help: "Label of the candidate annotations (default: the query annotation's label, else `candidate`).")
    var label: String?

    @Option(help: "Write the matches as annotations: a CSV file (one recording) or a folder of <recording id>.csv (a dataset).")
    var annotations: String?

    @Flag(help: "With --annotations: write the candidates alone, without the recording's own annotations.")
    var candidatesOnly = false

    @Flag(help: "Print one JSON object per match and line instead of a table.")
    var json = false

    @OptionGroup var parallel: ThreadOptions

    func validate() throws {
        guard (0...1).contains(band) else { throw ValidationError("--band must be a fraction in [0, 1], got \(band)") }
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1, got \(limit)") }
        if let maxDistance, !(maxDistance >= 0 && maxDistance.isFinite) { throw ValidationError("--max-distance must be a distance ≥ 0, got \(maxDistance)") }
        if let exclusion, !(exclusion >= 0 && exclusion.isFinite) { throw ValidationError("--exclusion must be seconds ≥ 0, got \(exclusion)") }
        guard zFloor > 0, zFloor.isFinite else { throw ValidationError("--z-floor must be a positive number, got \(zFloor)") }
        if annotation != nil {
            guard from == nil, to == nil, recording == nil else {
                throw ValidationError("give either --annotation RECORDING:N or --from and --to (with --recording), not both")
            }
        } else {
            guard let from, let to else { throw ValidationError("give the query's time range with --from and --to (seconds), or --annotation RECORDING:N") }
            guard from.isFinite, to.isFinite, to > from else { throw ValidationError("--to must be after --from, got \(from)…\(to) s") }
        }
        if let label, label.isEmpty || label.contains(where: { $0 == "," || $0.isNewline }) {
            throw ValidationError("--label must be a name without commas or line breaks, got '\(label)'")
        }
        if query == "-" { throw ValidationError("--query must be a file or a dataset; standard input can only be the target") }
        _ = try parsedChannels()
    }

    func run() throws {
        parallel.apply()
        let channelList = try parsedChannels()
        let (queryRecording, range, queryLabel) = try loadQuery()
        let normalization: DTWSubsequenceSearch.Normalization = raw ? .raw : .zNormalized(floor: zFloor)
        let search = try ExampleSearch(query: queryRecording, samples: range, channels: channelList, band: band,
                                       normalization: normalization, name: "query \(query)")
        if !raw, search.isFlat(floor: zFloor) {
            // Z-normalised, a flat query is all zeros, as is every still stretch: they all match at distance 0.
            CommandLineError.printLine("find: the query is flat (its standard deviation is at most --z-floor \(zFloor) on every channel): "
                                           + "z-normalised it matches every still stretch at distance 0; pass --raw to compare values in g and rad/s")
        }
        let (recordings, provenance) = try loadTarget()
        let result = try search.matches(in: recordings, of: target, files: provenance, limit: limit, maxDistance: maxDistance,
                                        exclusion: exclusion, threads: parallel.threads)
        for note in result.notes { CommandLineError.printLine("find: \(note)") }
        let found = result.matches, statistics = result.statistics
        print(found)
        CommandLineError.printLine(String(format: "find: %d match%@ in %d recording%@ (query %d samples, %.3g s; window %d samples); pruned by LB_Kim %.1f %%, LB_Enhanced %.1f %%, LB_Keogh %.1f %%, LB_Keogh reversed %.1f %%, DTW abandoned %.1f %%",
                                          found.count, found.count == 1 ? "" : "es", result.searched, result.searched == 1 ? "" : "s",
                                          search.query.length, search.duration, search.window,
                                          100 * statistics.fraction(statistics.prunedByKim), 100 * statistics.fraction(statistics.prunedByEnhanced),
                                          100 * statistics.fraction(statistics.prunedByKeogh),
                                          100 * statistics.fraction(statistics.prunedByReverseKeogh), 100 * statistics.fraction(statistics.abandoned)))
        if let annotations {
            try write(found, to: annotations, recordings: recordings, label: label ?? queryLabel ?? "candidate")
        }
    }

    private func print(_ found: [ExampleSearch.Match]) {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            for f in found { Swift.print(String(decoding: (try? encoder.encode(f)) ?? Data(), as: UTF8.self)) }
            return
        }
        guard !found.isEmpty else { return }
        let width = max(9, found.map(\.recording.count).max() ?? 0)
        Swift.print("rank  " + "recording".padding(toLength: width, withPad: " ", startingAt: 0) + "     start s       end s    distance")
        for (i, f) in found.enumerated() {
            Swift.print(String(format: "%4d  ", i + 1) + f.recording.padding(toLength: width, withPad: " ", startingAt: 0)
                        + String(format: "  %10.3f  %10.3f  %10.4f", f.start, f.end, f.distance))
        }
    }

    private func parsedChannels() throws -> [MotionChannel] {
        let names = channels.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty else { throw ValidationError("--channels needs at least one channel") }
        return try names.map { name in
            guard let channel = MotionChannel(rawValue: name) else {
                throw ValidationError("--channels: '\(name)' is no channel; valid: \(MotionChannel.validNames.joined(separator: ", "))")
            }
            return channel
        }
    }

    /// The query's recording, its samples and the label of its annotation (if it is one).
    private func loadQuery() throws -> (Recording, Range<Int>, String?) {
        let recordings = try loadRecordings(query, role: "--query").recordings
        let chosen: Recording, start: Double, end: Double, label: String?
        if let annotation {
            guard let colon = annotation.lastIndex(of: ":"), let n = Int(annotation[annotation.index(after: colon)...]), n >= 1 else {
                throw ValidationError("--annotation takes RECORDING:N (N from 1), got '\(annotation)'")
            }
            let id = String(annotation[..<colon])
            guard let recording = recordings.first(where: { $0.id == id }) else {
                throw DataFileError(file: query, "no recording '\(id)'; its recordings: \(recordings.prefix(8).map(\.id).joined(separator: ", "))\(recordings.count > 8 ? ", …" : "")")
            }
            guard n <= recording.annotations.count else {
                throw DataFileError(file: query, "recording '\(id)' has \(recording.annotations.count) annotations, no annotation \(n)")
            }
            let a = recording.annotations.sorted { $0.start < $1.start }[n - 1]
            (chosen, start, end, label) = (recording, a.start, a.end, a.label)
        } else {
            if let recordingID = recording {
                guard let r = recordings.first(where: { $0.id == recordingID }) else {
                    throw DataFileError(file: query, "no recording '\(recordingID)'; its recordings: \(recordings.prefix(8).map(\.id).joined(separator: ", "))")
                }
                chosen = r
            } else {
                guard recordings.count == 1 else {
                    throw ValidationError("--query \(query) holds \(recordings.count) recordings: name one with --recording ID, or use --annotation RECORDING:N")
                }
                chosen = recordings[0]
            }
            (start, end, label) = (from!, to!, nil)
        }
        let lo = chosen.timestamps.firstIndex { $0 >= start } ?? chosen.count
        let hi = (chosen.timestamps.lastIndex { $0 <= end }).map { $0 + 1 } ?? 0
        guard hi - lo >= 2 else {
            throw DataFileError(file: query, String(format: "the query %.3f…%.3f s holds %d samples of recording '%@' (%.3f…%.3f s); at least 2 are needed", start, end, max(0, hi - lo), chosen.id, chosen.timestamps.first ?? 0, chosen.timestamps.last ?? 0))
        }
        return (chosen, lo..<hi, label)
    }

    /// The target's recordings and, per recording, the file its errors name.
    private func loadTarget() throws -> ([Recording], [String]) {
        if target == "-" {
            var options = try LiveInputOptions.parse(["--input", "-"])
            options.relativeTime = false
            var input = try options.open(command: "find", maximumGap: 1)
            var samples: [MotionSample] = []
            var skipped = 0
            while let sample = try input.source.next() {
                if sample.isFinite, samples.last.map({ sample.timestamp > $0.timestamp }) ?? true { samples.append(sample) } else { skipped += 1 }
            }
            input.close()
            if skipped > 0 { CommandLineError.printLine("find: standard input: skipped \(skipped) samples (non-finite, repeated or backward times)") }
            guard samples.count >= 2 else { throw DataFileError(file: "standard input", "no samples to search (at least 2 are needed)") }
            return ([Recording(id: "stdin", samples: samples)], ["standard input"])
        }
        let loaded = try loadRecordings(target, role: "TARGET")
        return (loaded.recordings, loaded.files)
    }

    /// A recording CSV (a path ending in .csv without a format prefix) or a dataset.
    private func loadRecordings(_ text: String, role: String) throws -> (recordings: [Recording], files: [String]) {
        let source = text.lowercased().hasSuffix(".csv") && DatasetSource(text).format == nil ? DatasetSource("csv:" + text) : DatasetSource(text)
        if source.format == nil, !FileManager.default.fileExists(atPath: source.path) {
            throw DataFileError(file: text, "\(role): no such file or folder (give a recording CSV, a dataset folder, FORMAT:PATH\(role == "TARGET" ? " or -" : ""))")
        }
        let loaded = try source.load(DatasetSource.Options(acceleration: units.acceleration, rotationRate: units.gyroscope))
        for note in loaded.report.notes { CommandLineError.printNote(note) }
        let recordings = loaded.dataset.recordings
        guard !recordings.isEmpty else { throw DataFileError(file: text, "holds no recordings") }
        let files = recordings.indices.map { $0 < loaded.provenance.count ? loaded.provenance[$0].file : text }
        return (recordings, files)
    }

    /// Candidate annotations, one file per recording, each with the recording's own annotations unless
    /// --candidates-only.
    private func write(_ found: [ExampleSearch.Match], to path: String, recordings: [Recording], label: String) throws {
        let single = recordings.count == 1
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        var written = 0, added = 0, overlapping = 0
        for recording in recordings {
            let merged = ExampleSearch.annotations(of: recording, adding: found, label: label, keepingOwn: !candidatesOnly)
            let url = single ? URL(fileURLWithPath: path) : folder.appendingPathComponent("\(recording.id).csv")
            try AtomicFile.write(try AnnotationFile.text(merged.annotations, file: url.path), to: url, createFolders: true)
            written += 1
            added += merged.added
            overlapping += merged.overlapping
        }
        CommandLineError.printLine("find: wrote \(written) annotation file\(written == 1 ? "" : "s") to \(path) with \(added) candidate\(added == 1 ? "" : "s") labelled '\(label)'"
            + (overlapping > 0 ? "; \(overlapping) overlapping an annotation or a better candidate left out" : ""))
    }
}
