import Foundation
import GestureData
import GestureKit

/// Query by example over recordings: the stretches of each recording closest to a query stretch under DTW
/// (``DTWSubsequenceSearch``), what `gesturelab find` prints and labels.
///
/// Each recording's channels are derived once over the whole recording (``GestureData/Recording/derivingChannels(_:)``),
/// as the trainers derive them; each run between gaps (``GestureData/Recording/runs(gapFactor:)``) is searched on its
/// own, so that no match spans a gap; a recording must be sampled at the query's rate (DTW compares sample by sample).
/// Matches of one recording are kept apart by the exclusion, across its runs too; matches of different recordings never
/// overlap, so the best over all recordings are the best of each, merged.
package struct ExampleSearch: Sendable {
    /// One match in one recording.
    package struct Match: Codable, Hashable, Sendable {
        /// The recording's id.
        package var recording: String
        /// Start and end of the matched stretch, seconds on the recording's clock.
        package var start: Double
        package var end: Double
        /// DTW distance after normalisation.
        package var distance: Double
        /// The index of the stretch's first sample in the recording.
        package var sample: Int

        /// A match of `recording` from `start` to `end` (s) at `distance`, its first sample at index `sample`.
        package init(recording: String, start: Double, end: Double, distance: Double, sample: Int) {
            (self.recording, self.start, self.end, self.distance, self.sample) = (recording, start, end, distance, sample)
        }
    }

    /// What the search says about a recording it could not search whole.
    package enum Note: Hashable, Sendable, CustomStringConvertible {
        /// A recording with fewer samples than the query, skipped.
        case shorterThanQuery(name: String, samples: Int, query: Int)
        /// A recording with gaps, searched run by run.
        case gaps(name: String, count: Int, seconds: Double, longest: Double, runs: Int)
        /// A recording none of whose runs between gaps is as long as the query, skipped.
        case noRunAsLongAsQuery(name: String, query: Int)

        package var description: String {
            switch self {
            case let .shorterThanQuery(name, samples, query):
                "\(name): \(samples) samples, shorter than the query (\(query)); skipped"
            case let .gaps(name, count, seconds, longest, runs):
                String(format: "%@: %d gaps longer than %g sample intervals (%.1f s in all, the longest %.1f s): searched its %d runs apart, so no match spans a gap",
                       name, count, Recording.gapFactor, seconds, longest, runs)
            case let .noRunAsLongAsQuery(name, query):
                "\(name): no run between gaps is as long as the query (\(query) samples); skipped"
            }
        }
    }

    /// What a search found.
    package struct Result: Sendable {
        /// The matches, best first, at most the limit over all recordings.
        package var matches: [Match]
        /// Recordings searched (at least one run as long as the query).
        package var searched: Int
        /// What each stage of the pruning cascade did, over every run.
        package var statistics: DTWSearchStatistics
        /// What was skipped or split, in the order the recordings came.
        package var notes: [Note]
    }

    /// The channels compared.
    package let channels: [MotionChannel]
    /// The query's samples, as compared.
    package let query: DTWSeries
    /// The query's duration, seconds: the default exclusion.
    package let duration: Double
    /// The query's sampling rate, Hz, which every searched recording must share (to 2 %).
    package let samplingRate: Double
    private let search: DTWSubsequenceSearch

    /// The Sakoe–Chiba window, samples.
    package var window: Int { search.window }

    /// Prepares the search for `samples` of `recording` (named `name` in errors) on `channels`.
    ///
    /// - Throws: ``GestureData/DataFileError`` naming `name` when a channel is missing (and cannot be derived), the
    ///   recording's clock gives no rate, or the query makes no series.
    /// - Complexity: O(recording samples) to derive the channels, O(query samples) to prepare.
    package init(query recording: Recording, samples: Range<Int>, channels: [MotionChannel], band: Double,
                 normalization: DTWSubsequenceSearch.Normalization, name: String) throws(DataFileError) {
        let derived = recording.derivingChannels(channels)
        self.channels = channels
        query = try Self.series(of: derived, channels: channels, name: name, samples: samples)
        samplingRate = try Self.rate(of: derived, name: name)
        duration = derived.timestamps[samples.upperBound - 1] - derived.timestamps[samples.lowerBound]
        do {
            search = try DTWSubsequenceSearch(query: query, band: band, normalization: normalization, samplingRate: samplingRate)
        } catch {
            throw DataFileError(file: name, "\(error)")
        }
    }

    /// Whether the query is flat on every channel (standard deviation at most `floor`): z-normalised, it is all
    /// zeros, as is every still stretch, and matches them all at distance 0. O(query samples).
    package func isFlat(floor: Double) -> Bool {
        (0..<query.dimensions).allSatisfy { (SampleStatistics.standardDeviation(query.dimension($0)) ?? 0) <= floor }
    }

    /// Searches `recordings` of `source` (named `source` in notes and errors when it is one recording, `source#id`
    /// when several; `files[i]` is the file recording i's rate errors name) for the `limit` best matches over all, at most `maxDistance` away, each starting at least `exclusion`
    /// seconds (default: the query's duration) from a better one in its recording.
    ///
    /// - Throws: ``GestureData/DataFileError`` when a recording is sampled at another rate than the query, a channel is
    ///   missing, or no recording is as long as the query between gaps (nothing searched).
    /// - Complexity: O(N·m·w) per recording in the worst case for N samples, a query of m and a window of w; the
    ///   pruning cascade makes it far less in practice. Uses up to `threads` threads.
    package func matches(in recordings: [Recording], of source: String, files: [String], limit: Int, maxDistance: Double?,
                         exclusion: Double?, threads: Int?) throws(DataFileError) -> Result {
        let exclusion = exclusion ?? duration
        var found: [Match] = [], notes: [Note] = [], searched = 0
        var statistics = DTWSearchStatistics()
        for (index, loaded) in recordings.enumerated() {
            let recording = loaded.derivingChannels(channels)
            let name = recordings.count == 1 ? source : "\(source)#\(recording.id)"
            guard recording.count >= query.length else {
                notes.append(.shorterThanQuery(name: name, samples: recording.count, query: query.length))
                continue
            }
            let rate = try Self.rate(of: recording, name: name)
            guard abs(rate - samplingRate) <= 0.02 * samplingRate else {
                throw DataFileError(file: files[index], String(format: "sampled at %.4g Hz, the query at %.4g Hz: DTW compares sample by sample, "
                    + "so resample one of them (datasets convert) before searching", rate, samplingRate))
            }
            let runs = recording.runs()
            if runs.count > 1 {
                let gaps = recording.gaps()
                notes.append(.gaps(name: name, count: gaps.count, seconds: gaps.seconds, longest: gaps.longest, runs: runs.count))
            }
            var matches: [Match] = []
            for run in runs where run.count >= query.length {
                let values = try Self.series(of: recording, channels: channels, name: name, samples: run)
                let result: (matches: [DTWMatch], statistics: DTWSearchStatistics)
                do {
                    result = try search.matches(in: values, limit: limit, maxDistance: maxDistance, exclusionZone: exclusion, threads: threads)
                } catch {
                    throw DataFileError(file: name, "\(error)")
                }
                statistics.add(result.statistics)
                for match in result.matches {
                    let first = run.lowerBound + match.start
                    matches.append(Match(recording: recording.id, start: recording.timestamps[first],
                                         end: recording.timestamps[first + query.length - 1], distance: match.distance, sample: first))
                }
            }
            guard !matches.isEmpty || runs.contains(where: { $0.count >= query.length }) else {
                notes.append(.noRunAsLongAsQuery(name: name, query: query.length))
                continue
            }
            searched += 1
            found += Self.excluding(matches, within: exclusion)
        }
        guard searched > 0 else {
            throw DataFileError(file: source, "no recording is at least as long as the query (\(query.length) samples) between gaps: nothing was searched")
        }
        found.sort { $0.distance < $1.distance || ($0.distance == $1.distance && ($0.recording, $0.start) < ($1.recording, $1.start)) }
        return Result(matches: Array(found.prefix(limit)), searched: searched, statistics: statistics, notes: notes)
    }

    /// `matches` of one recording (each run's already apart by the exclusion) in order of distance, dropping any
    /// that starts within `exclusion` seconds of a better one in another run. O(m²) for m matches.
    package static func excluding(_ matches: [Match], within exclusion: Double) -> [Match] {
        var kept: [Match] = []
        for m in matches.sorted(by: { ($0.distance, $0.start) < ($1.distance, $1.start) })
        where !kept.contains(where: { abs($0.start - m.start) < exclusion }) {
            kept.append(m)
        }
        return kept
    }

    /// The sampling rate from the recording's clock, Hz: one over its median sample interval, which gaps do not move.
    static func rate(of recording: Recording, name: String) throws(DataFileError) -> Double {
        guard let rate = recording.samplingRate else {
            throw DataFileError(file: name, "needs at least 2 samples at increasing times to know its sampling rate")
        }
        return rate
    }

    /// `channels` of `recording` over `samples`, its errors located at `name`.
    static func series(of recording: Recording, channels: [MotionChannel], name: String, samples: Range<Int>) throws(DataFileError) -> DTWSeries {
        do { return try recording.series(channels: channels, samples: samples, name: name) } catch {
            switch error {
            case let .missingChannel(channel, _, _): throw DataFileError(file: name, field: channel.rawValue, "\(error) (choose with --channels)")
            case let .invalid(reason): throw DataFileError(file: name, "\(reason)")
            }
        }
    }
}

extension ExampleSearch {
    /// `recording`'s annotations (none when not `keepingOwn`) with `matches` of it added as annotations labelled
    /// `label`, sorted; a match overlapping an annotation (of any label: a dataset's annotations may not overlap) or
    /// a better match is left out. `matches` are best first. O(a² + m·a) for a annotations and m matches.
    package static func annotations(of recording: Recording, adding matches: [Match], label: String,
                                    keepingOwn: Bool) -> (annotations: [Annotation], added: Int, overlapping: Int) {
        let own = keepingOwn ? recording.annotations : []
        var candidates: [Annotation] = [], overlapping = 0
        for m in matches where m.recording == recording.id {
            let c = Annotation(start: m.start, end: m.end, label: label)
            if (own + candidates).contains(where: { $0.start < c.end && c.start < $0.end }) {
                overlapping += 1
                continue
            }
            candidates.append(c)
        }
        let all = (own + candidates).sorted { ($0.start, $0.end, $0.label) < ($1.start, $1.end, $1.label) }
        return (all, candidates.count, overlapping)
    }
}
