import Foundation
import GestureData

/// Everything needed to reproduce and report one evaluation: what ran, on which data, with which
/// seed and folds, and every metric with its interval.
///
/// Written as JSON with sorted keys (``jsonData()``, ``write(to:)``) and as CSV tables
/// (``metricsCSV``, ``tables``). No dates or host names are stored, so the same inputs and seed
/// give byte-identical files. Non-finite numbers are written as the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
public struct EvaluationResult: Codable, Hashable, Sendable {
    /// The dataset evaluated on.
    package struct DatasetIdentity: Codable, Hashable, Sendable {
        /// Its name.
        package var name: String
        /// ``Dataset/checksum``.
        package var checksum: String
        /// Segments or continuous.
        package var kind: Dataset.Kind
        /// Number of recordings.
        package var recordings: Int

        /// The identity of `dataset`. O(dataset size) for the checksum.
        package init(_ dataset: Dataset) {
            name = dataset.name
            checksum = dataset.checksum
            kind = dataset.kind
            recordings = dataset.recordings.count
        }
    }

    /// One metric value: for example scope `"shake/fold 2"`, name `"f1"`.
    package struct Metric: Codable, Hashable, Sendable {
        /// What it is about: a method, a method and fold, a comparison.
        package var scope: String
        /// The metric's name, for example `"precision"`, `"latency.fromEnd.median"`, `"mcnemar.p"`.
        package var name: String
        /// Its value (unit given by the name: seconds for latencies, per hour for rates).
        package var value: Double
        /// Its interval, when one was computed.
        package var interval: ConfidenceInterval?
    }

    /// ``GestureLabVersion/current`` at the time of the run.
    package var packageVersion: String
    /// The dataset.
    package var dataset: DatasetIdentity
    /// The configuration of each method, keyed by method name (canonical JSON, see ``canonicalJSON(_:)``),
    /// plus any experiment settings.
    package var configuration: [String: String]
    /// The seed of every random choice (bootstrap, shuffled folds).
    package var seed: UInt64
    /// The folds, when the evaluation was cross-validated.
    package var folds: FoldAssignment?
    /// All metrics, in the order added.
    package var metrics: [Metric]
    /// Named count tables (confusion matrices), keyed by name.
    package var tables: [String: LabelledMatrix]
    /// Warnings a reader must see (for example subject leakage from ``FoldAssignment``).
    package var warnings: [String]
    /// Rank comparisons of several methods (with their critical-difference data), keyed by name.
    package var rankComparisons: [String: RankComparison]

    /// An empty result for `dataset`.
    package init(dataset: Dataset, configuration: [String: String] = [:], seed: UInt64, folds: FoldAssignment? = nil) {
        packageVersion = GestureLabVersion.current
        self.dataset = DatasetIdentity(dataset)
        self.configuration = configuration
        self.seed = seed
        self.folds = folds
        metrics = []
        tables = [:]
        warnings = folds?.warnings ?? []
        rankComparisons = [:]
    }

    /// What a table of ``tables`` holds about its scope.
    package enum TableKind: String, Hashable, Sendable, CaseIterable {
        /// The label confusion matrix (true labels in rows, predicted in columns).
        case confusion
        /// The movement-direction confusion of direction-named labels.
        case direction
    }

    /// The key of `scope`'s table of `kind` in ``tables``: `"scope/kind"`, spelled here only.
    package static func tableKey(_ scope: String, _ kind: TableKind) -> String { "\(scope)/\(kind.rawValue)" }

    /// Every table of `kind` with its scope, in key order. O(tables · log tables).
    package func tables(_ kind: TableKind) -> [(scope: String, matrix: LabelledMatrix)] {
        let suffix = Self.tableKey("", kind)
        return tables.keys.sorted().compactMap { key in key.hasSuffix(suffix) ? (String(key.dropLast(suffix.count)), tables[key]!) : nil }
    }

    /// Appends a metric.
    package mutating func add(_ scope: String, _ name: String, _ estimate: Estimate) {
        metrics.append(Metric(scope: scope, name: name, value: estimate.value, interval: estimate.interval))
    }

    /// Appends a metric without interval.
    package mutating func add(_ scope: String, _ name: String, _ value: Double) {
        metrics.append(Metric(scope: scope, name: name, value: value, interval: nil))
    }

    /// Appends an event evaluation's metrics (overall, per label, per subject, latencies, rates)
    /// and its confusion matrices under `scope`.
    package mutating func add(_ scope: String, _ e: EventEvaluation) {
        add(scope, "precision", e.precision)
        add(scope, "recall", e.recall)
        add(scope, "f1", e.f1)
        add(scope, "falsePositivesPerHour", e.falsePositivesPerHour)
        add(scope, "backgroundHours", e.backgroundHours)
        addCounts(scope, e.overall)
        for label in e.labels {
            guard let c = e.byLabel[label] else { continue }
            addCounts("\(scope)/label \(label)", c)
            add("\(scope)/label \(label)", "falsePositivesPerHour", e.falsePositivesPerHourByLabel[label] ?? .nan)
        }
        for subject in e.bySubject.keys.sorted() { addCounts("\(scope)/subject \(subject)", e.bySubject[subject]!) }
        for (name, latency) in [("latency.fromEnd", e.latencyFromEnd), ("latency.fromStart", e.latencyFromStart)] {
            guard let latency else { continue }
            add(scope, "\(name).count", Double(latency.count))
            add(scope, "\(name).mean", latency.mean)
            add(scope, "\(name).median", latency.median)
            add(scope, "\(name).p95", latency.percentile95)
        }
        tables[Self.tableKey(scope, .confusion)] = e.confusion
        if let d = e.directionConfusion { tables[Self.tableKey(scope, .direction)] = d }
    }

    /// Appends a segment classification's metrics and confusion matrix under `scope`.
    package mutating func add(_ scope: String, _ s: SegmentClassification) {
        add(scope, "examples", Double(s.count))
        add(scope, "accuracy", s.accuracy)
        add(scope, "error", s.error)
        add(scope, "balancedAccuracy", s.balancedAccuracy)
        add(scope, "macroF1", s.macroF1)
        add(scope, "kappa", s.kappa)
        for c in s.perClass {
            add("\(scope)/class \(c.label)", "support", Double(c.support))
            add("\(scope)/class \(c.label)", "precision", c.precision)
            add("\(scope)/class \(c.label)", "recall", c.recall)
            add("\(scope)/class \(c.label)", "f1", c.f1)
        }
        tables[Self.tableKey(scope, .confusion)] = s.confusion
    }

    /// Appends McNemar's test (`mcnemar.b`, `mcnemar.c`, `mcnemar.statistic`, `mcnemar.p`) under `scope`.
    package mutating func add(_ scope: String, _ m: McNemarTest) {
        add(scope, "mcnemar.b", Double(m.onlyFirstCorrect))
        add(scope, "mcnemar.c", Double(m.onlySecondCorrect))
        add(scope, "mcnemar.statistic", m.statistic)
        add(scope, "mcnemar.p", m.pValue)
        add(scope, "mcnemar.exact", m.method == .exactBinomial ? 1 : 0)
    }

    /// Appends a paired bootstrap difference (`difference` with interval, `difference.p`) under `scope`.
    package mutating func add(_ scope: String, _ p: PairedBootstrapComparison) {
        add(scope, "difference", p.difference)
        add(scope, "difference.p", p.pValue)
    }

    /// Appends a Wilcoxon signed-rank test (`wilcoxon.statistic`, `wilcoxon.p`, `wilcoxon.n`) under `scope`.
    package mutating func add(_ scope: String, _ w: WilcoxonSignedRankTest) {
        add(scope, "wilcoxon.statistic", w.statistic)
        add(scope, "wilcoxon.p", w.pValue)
        add(scope, "wilcoxon.n", Double(w.count))
    }

    /// Stores a rank comparison and appends its headline numbers (Friedman, Iman–Davenport,
    /// CD, each method's average rank, each pair's Holm-adjusted p) under `scope`.
    package mutating func add(_ scope: String, _ r: RankComparison) {
        rankComparisons[scope] = r
        add(scope, "friedman.chiSquare", r.friedman.chiSquare)
        add(scope, "friedman.p", r.friedman.pValue)
        add(scope, "imanDavenport.F", r.friedman.imanDavenportF)
        add(scope, "imanDavenport.p", r.friedman.imanDavenportPValue)
        add(scope, "nemenyi.q", r.nemenyi.q)
        add(scope, "nemenyi.criticalDifference", r.nemenyi.criticalDifference)
        for (method, rank) in zip(r.methods, r.friedman.averageRanks) { add("\(scope)/method \(method)", "averageRank", rank) }
        for pair in r.pairwise.pairs {
            add("\(scope)/\(r.methods[pair.first]) vs \(r.methods[pair.second])", "wilcoxon.p.holm", pair.adjustedPValue)
        }
    }

    private mutating func addCounts(_ scope: String, _ c: EventCounts) {
        let fields: [(String, Int)] = [
            ("annotations", c.annotations), ("detections", c.detections), ("truePositives", c.truePositives),
            ("substitutions", c.substitutions), ("insertions", c.insertions), ("deletions", c.deletions),
            ("fragments", c.fragments), ("merged", c.merged), ("fragmentedAnnotations", c.fragmentedAnnotations),
            ("mergingDetections", c.mergingDetections),
        ]
        for (name, value) in fields { add(scope, name, Double(value)) }
        add(scope, "precision.pooled", c.precision)
        add(scope, "recall.pooled", c.recall)
        add(scope, "f1.pooled", c.f1)
    }

    /// Pretty-printed JSON with sorted keys and a final newline.
    package func jsonData() throws(EncodingError) -> Data {
        do {
            return try Self.encoder.encode(self) + Data("\n".utf8)
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "\(error)"))
        }
    }

    /// Reads a result written by ``write(to:)``.
    package init(jsonData: Data) throws(DecodingError) {
        do {
            self = try Self.decoder.decode(Self.self, from: jsonData)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(error)"))
        }
    }

    /// The metrics as CSV: `scope,name,value,lower,upper,level,method,over` (`over` what the interval resampled,
    /// for example `2 subjects`), numbers in Swift's shortest round-trip form, empty cells where there is no interval.
    package var metricsCSV: String {
        var lines = ["scope,name,value,lower,upper,level,method,over"]
        for m in metrics {
            var cells: [String] = [CSVTable.quote(m.scope), CSVTable.quote(m.name), String(m.value)]
            if let i = m.interval {
                cells += [String(i.lower), String(i.upper), String(i.level), CSVTable.quote(i.method), CSVTable.quote(i.units?.description ?? "")]
            } else {
                cells += ["", "", "", "", ""]
            }
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `name.json`, `name.metrics.csv` and one `name.<table>.csv` per table into `folder`
    /// (created if needed), each atomically. Table names are made file-safe (`/`, spaces → `_`).
    /// Returns the files written, in order.
    @discardableResult
    package func write(to folder: URL, name: String = "evaluation") throws(DataFileError) -> [URL] {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DataFileError(file: folder.path, "cannot create the folder: \(error.localizedDescription)")
        }
        var files: [(URL, Data)] = []
        let json = folder.appendingPathComponent("\(name).json")
        do {
            files.append((json, try jsonData()))
        } catch {
            throw DataFileError(file: json.path, "cannot encode the result: \(error)")
        }
        files.append((folder.appendingPathComponent("\(name).metrics.csv"), Data(metricsCSV.utf8)))
        for key in tables.keys.sorted() {
            let safe = String(key.map { $0 == "/" || $0 == " " || $0 == "\\" ? "_" : $0 })
            files.append((folder.appendingPathComponent("\(name).\(safe).csv"), Data(tables[key]!.csv.utf8)))
        }
        for (url, data) in files { try AtomicFile.write(data, to: url) }
        return files.map(\.0)
    }

    /// `value` as compact JSON with sorted keys: a canonical string for ``configuration``.
    package static func canonicalJSON<T: Encodable>(_ value: T) throws(EncodingError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(error)"))
        }
    }

    private static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return e
    }

    private static var decoder: JSONDecoder {
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return d
    }
}
