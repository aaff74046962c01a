import GestureKit
import GestureData

/// What a DTW training step processes (``DTWTemplateMatcherTrainer``'s ``RecognizerTrainer/Workload``), counted when
/// an experiment is planned: the basis of its cost estimate. Lengths are in samples.
package struct DTWWorkload: Codable, Hashable, Sendable {
    /// The examples templates are learned from (judged annotations or segments, with augmented copies).
    package var examples: Int = 0
    /// The classes among ``examples``.
    package var classes: Int = 0
    /// Mean example length, samples.
    package var exampleLength: Double = 0
    /// The template sets a search trains (candidates that differ only in rejection, refractory time or spotting
    /// durations share one, see ``DTWTrainingCache``); 1 without a search.
    package var templateShapes: Int = 1
    /// The mean template length, samples, averaged over the searched `context` values (templates hold the gesture
    /// and its context on both sides); 0 when context is not searched (``exampleLength`` applies).
    package var searchedExampleLength: Double = 0
    /// With stream calibration: whether background templates are mined (a second calibration pass).
    package var backgroundMining: Bool = false
    /// The channels compared in each cell.
    package var channels: Int = 0
    /// The templates the model will hold (classes for medoids, k per class, or every example).
    package var templates: Int = 0
    /// The warping window as a fraction of the length (a learned band counts as 10 %).
    package var band: Double = 1
    /// The cells (``GestureKit/DTW/cells(_:_:)``, one channel each) of template selection's pairwise distances
    /// within each class, counted from the examples' own lengths at ``band``: a pair of long examples of different
    /// lengths pays for its length difference too, so this grows with the lengths squared (0: not counted, the
    /// estimate then takes ``exampleLength``).
    package var selectionCells: Double = 0
    /// The cells (one channel each) of calibration's distances from each example to its class's templates,
    /// counted from the lengths like ``selectionCells`` (0: not counted).
    package var calibrationCells: Double = 0
    /// The bands tried by leave-one-out (0 when the band is fixed).
    package var bandCandidates: Int = 0
    /// With stream calibration: the extra template trainings of cross-fitting, one per subject group (see ``CrossFitting``).
    package var crossFitTrainings: Int = 0
    /// With stream calibration: the share of examples each cross-fitted training sees ((k − 1) / k).
    package var crossFitShare: Double = 0
    /// Whether units classify segments (else they spot in continuous recordings).
    package var segments: Bool = false
}

extension DTWWorkload {
    /// Counts what DTW training with `settings` processes on `judged` recordings of `kind`, with the `search` ranges;
    /// `nil` when they hold no example. O(recordings + annotations).
    init?(settings: DTWTrainingSettings, judged: [Recording], kind: Dataset.Kind, search: [String: [Double]]) {
        var lengths: [Double] = [], labels = Set<String>(), rates: [Double] = [], byClass: [String: [Int]] = [:]
        for r in judged {
            let rate = r.samplingRate ?? 0
            rates.append(rate)
            for a in kind == .segments ? Array(r.annotations.prefix(1)) : r.annotations {
                // A template holds the gesture and its context on both sides.
                lengths.append(kind == .segments ? Double(r.count) : max(2, (a.end - a.start + 2 * settings.context) * rate))
                labels.insert(a.label)
                byClass[a.label, default: []].append(Int(lengths[lengths.count - 1].rounded()))
            }
        }
        guard !lengths.isEmpty else { return nil }
        // Augmented copies add as many examples again each (their warp keeps the mean length about the same).
        examples = lengths.count * (1 + settings.augmentation.copies)
        classes = labels.count
        exampleLength = lengths.reduce(0, +) / Double(lengths.count)
        let meanRate = rates.reduce(0, +) / Double(max(1, rates.count))
        channels = settings.channels?.count ?? 3
        switch settings.selection {
        case .medoid: templates = classes
        case let .medoids(k): templates = min(examples, k * classes)
        case .allExamples: templates = examples
        }
        band = settings.band ?? 0.1
        bandCandidates = settings.band == nil ? 21 : 0
        count(selection: settings.selection, byClass: byClass, copies: settings.augmentation.copies)
        // Search keys that change the templates (the rest only relabel them, see DTWTrainingCache).
        let relabelling: Set<String> = ["rejectionK", "rejection.k", "rejection.maxFalsePerHour", "refractoryTime", "minimumDuration", "maximumDuration"]
        templateShapes = search.filter { !relabelling.contains($0.key) }.values.reduce(1) { $0 * max(1, $1.count) }
        if let contexts = search["context"], !contexts.isEmpty, examples > 0 {
            let gesture = exampleLength - 2 * settings.context * meanRate
            searchedExampleLength = contexts.map { max(2, gesture + 2 * $0 * meanRate) }.reduce(0, +) / Double(contexts.count)
        }
        backgroundMining = settings.backgroundTemplates > 0
        if settings.rejection.isStream {
            let groups = CrossFitting.groups(of: judged.map(\.subject), count: settings.crossFitGroups)
            if groups.count > 1 {
                crossFitTrainings = groups.count
                crossFitShare = Double(groups.count - 1) / Double(groups.count)
            }
        }
        segments = kind == .segments
    }

    /// Counts ``selectionCells`` and ``calibrationCells`` from the example lengths of each class (samples), at
    /// ``band``, with `copies` augmented copies of each example (of about its length). A class of more than 200
    /// examples is counted on 200 of its sorted lengths, evenly spaced, and scaled. O(classes × 200²).
    mutating func count(selection: DTWTrainer.TemplateSelection, byClass: [String: [Int]], copies: Int) {
        guard let dtw = try? DTW(band: band) else { return }
        let a = Double(1 + copies)
        var selectionCells = 0.0, calibrationCells = 0.0
        for lengths in byClass.values where !lengths.isEmpty {
            let sorted = lengths.sorted(), c = sorted.count, q = min(c, 200)
            let sample = (0..<q).map { sorted[$0 * (c - 1) / max(1, q - 1)] }
            var pairs = 0.0, diagonal = 0.0
            for i in 0..<q {
                diagonal += Double(dtw.cells(sample[i], sample[i]))
                for j in (i + 1)..<q { pairs += Double(dtw.cells(sample[i], sample[j])) }
            }
            pairs *= q > 1 ? Double(c * (c - 1)) / Double(q * (q - 1)) : 0
            diagonal *= Double(c) / Double(q)
            // With copies: every pair of originals a² times, and each original against its own copies.
            let selected = a * a * pairs + a * (a - 1) / 2 * diagonal
            let templates: Double = switch selection {
            case .medoid: 1
            case let .medoids(k): min(Double(k), a * Double(c))
            case .allExamples: a * Double(c)
            }
            if case .allExamples = selection {} else { selectionCells += selected }
            // Each example against each template of its class, at the class's mean cells per pair.
            calibrationCells += a * Double(c) * templates * (2 * pairs + diagonal) / (Double(c) * Double(c))
        }
        self.selectionCells = selectionCells
        self.calibrationCells = calibrationCells
    }
}
