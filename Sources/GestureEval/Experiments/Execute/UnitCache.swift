import Foundation
import GestureKit
import GestureData
import Synchronization

/// What experiments' training steps produced, kept between runs in a folder and found again by content: a re-run
/// pays only for the steps whose inputs changed.
///
/// A step's entry is its **key**: a canonical text of everything its model and test detections depend on, namely the
/// program (``build``: a digest of the executable), the experiment's settings other than its entries, name and
/// description (seed, split, matching, sampling rate, objective, …), the entry as it shapes a model
/// (``ExperimentPlan/modelShaping(_:)``: recognizer, stages, labels, label map, search, …), its resolved configuration
/// and objective, the fold's name, and the SHA-256 of each judged training and test recording (samples, channels,
/// identifiers, annotations as judged). The file is named by the key's SHA-256 and holds the key itself, compared byte
/// for byte on every read, so an entry is never served for a key that differs in any byte. What it stores is what a
/// shard's part file stores of a unit (the model's summary, the test detections); aggregation, comparisons and the
/// report are computed afresh, so a run from the cache gives the same bytes as one without it.
///
/// Entries with a `model` file or another tool's `detections` are not kept: their inputs live in files the key does
/// not read, and they cost little. Writes are atomic, so shards of a Slurm array may share one folder. The folder
/// is pruned to ``capacity`` bytes, least recently used first (a hit counts as a use).
package struct UnitCache: Sendable {
    /// Where entries live (`units/<2 hex>/<64 hex>.json`).
    package let folder: URL
    /// The program that computes the entries, e.g. the SHA-256 of its executable: another build shares nothing.
    package let build: String
    /// Bytes the folder may hold after a run prunes it.
    package let capacity: Int64
    /// Hits, misses and failed writes of this value's runs, shared by its copies.
    private let counts = Tally()

    private final class Tally: Sendable {
        let state = Mutex(Counts())
        func count(_ update: (inout Counts) -> Void) { state.withLock { update(&$0) } }
        var snapshot: Counts { state.withLock { $0 } }
    }

    /// How a run used the cache.
    package struct Counts: Hashable, Sendable {
        /// Steps read from the cache.
        package var hits = 0
        /// Steps computed (and stored).
        package var misses = 0
        /// Steps that could not be stored (a full disk, a read-only folder): the run goes on, the next one recomputes.
        package var failedWrites = 0

        /// Counts of a run.
        package init(hits: Int = 0, misses: Int = 0, failedWrites: Int = 0) {
            (self.hits, self.misses, self.failedWrites) = (hits, misses, failedWrites)
        }
    }

    /// One stored step: the key it was computed for and what its units produced.
    package struct Stored: Codable, Sendable {
        /// The key, compared in full on a read.
        package var key: String
        /// The model's summary (its flat form, ``inSample`` beside it).
        package var trained: TrainingSummary
        /// The subjects cross-fitting scored in-sample, which the summary's flat form only counts.
        package var inSample: [String] = []
        /// Continuous: the events on each test recording.
        package var events: [[GestureEvent]]
        /// Segments: the predicted label of each test segment.
        package var predicted: [String]

        /// What `key`'s step produced.
        package init(key: String, trained: TrainingSummary, events: [[GestureEvent]], predicted: [String]) {
            (self.key, self.trained, self.events, self.predicted) = (key, trained, events, predicted)
            inSample = trained.crossFit?.inSample ?? []
        }

        /// The summary as trained, in-sample subjects named.
        package var summary: TrainingSummary {
            var summary = trained
            if !inSample.isEmpty { summary.crossFit?.inSample = inSample }
            return summary
        }
    }

    /// A cache in `folder` for the program `build`, pruned to `capacity` bytes (default 2 GiB).
    package init(folder: URL, build: String, capacity: Int64 = 2 << 30) {
        self.folder = folder
        self.build = build
        self.capacity = capacity
    }

    /// The hits, misses and failed writes so far.
    package var usage: Counts { counts.snapshot }

    /// The entry stored for `key`, or `nil` (counted as a miss) when there is none, it cannot be read, or it was
    /// stored for another key. A hit marks the entry as used now. O(entry bytes).
    package func load(_ key: String) -> Stored? {
        let url = file(for: key)
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let data = FileManager.default.contents(atPath: url.path),
              let stored = try? decoder.decode(Stored.self, from: data), stored.key == key else {
            counts.count { $0.misses += 1 }
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        counts.count { $0.hits += 1 }
        return stored
    }

    /// Stores `stored` under its key, atomically; a failure is counted, never thrown (the run's results do not
    /// depend on it). O(entry bytes).
    package func store(_ stored: Stored) {
        do {
            let encoder = ReportFolder.encoder
            encoder.outputFormatting = [.sortedKeys]
            try AtomicFile.write(try encoder.encode(stored), to: file(for: stored.key), createFolders: true)
        } catch {
            counts.count { $0.failedWrites += 1 }
        }
    }

    /// The file of `key`: its SHA-256, the first two digits a sub-folder.
    private func file(for key: String) -> URL {
        var hash = SHA256()
        hash.add(key)
        let hex = hash.hex
        return folder.appendingPathComponent("units/\(hex.prefix(2))/\(hex).json")
    }
}

extension UnitCache {
    /// What a cache folder holds.
    package struct Contents: Hashable, Sendable {
        /// Stored steps.
        package var entries: Int
        /// Their bytes.
        package var bytes: Int64

        /// `entries` of `bytes` in all.
        package init(entries: Int, bytes: Int64) { (self.entries, self.bytes) = (entries, bytes) }
    }

    /// The entries under `folder` with their sizes and last uses, oldest first. O(entries).
    private static func entries(in folder: URL) -> [(url: URL, bytes: Int64, used: Date)] {
        let units = folder.appendingPathComponent("units")
        guard let walker = FileManager.default.enumerator(at: units, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey]) else { return [] }
        var found: [(url: URL, bytes: Int64, used: Date)] = []
        for case let url as URL in walker where url.pathExtension == "json" {
            let values = try? url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            found.append((url, Int64(values?.fileSize ?? 0), values?.contentModificationDate ?? .distantPast))
        }
        return found.sorted { ($0.used, $0.url.path) < ($1.used, $1.url.path) }
    }

    /// What `folder` holds. O(entries).
    package static func contents(of folder: URL) -> Contents {
        let all = entries(in: folder)
        return Contents(entries: all.count, bytes: all.reduce(0) { $0 + $1.bytes })
    }

    /// Removes the least recently used entries of `folder` until at most `bytes` remain (0: all of them); returns
    /// what was removed. O(entries log entries).
    /// - Throws: naming the entry that could not be removed.
    @discardableResult
    package static func prune(_ folder: URL, toBytes bytes: Int64) throws(DataFileError) -> Contents {
        var all = entries(in: folder)
        var total = all.reduce(0) { $0 + $1.bytes }
        var removed = Contents(entries: 0, bytes: 0)
        while total > bytes, !all.isEmpty {
            let oldest = all.removeFirst()
            do { try FileManager.default.removeItem(at: oldest.url) } catch {
                throw DataFileError(file: oldest.url.path, "cannot remove a cache entry: \(error.localizedDescription)")
            }
            total -= oldest.bytes
            removed.entries += 1
            removed.bytes += oldest.bytes
        }
        return removed
    }
}
