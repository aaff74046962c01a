import Foundation
import GestureData

/// Which recordings each fold of an experiment trains and tests on, by recording id: what `compare --folds-out FILE`
/// writes, so that a model trained outside GestureLab (the Python face's `gesturelab.folds`) trains on exactly these
/// folds, and its detections (`recognizer: detections`, `DIR/<fold>/<recording id>.csv`) are judged on them.
///
/// ```json
/// {"experiment": "no-settings", "folds": [{"dataset": "swim", "fold": 0, "name": "0", "draw": null,
///   "train": ["data/12/…", …], "test": ["data/0/…", …]}]}
/// ```
package struct FoldListing: Codable, Hashable, Sendable {
    /// One fold of one dataset.
    package struct Fold: Codable, Hashable, Sendable {
        /// The dataset's key in the experiment.
        package var dataset: String
        /// The fold's index in its dataset's folds, from 0.
        package var fold: Int
        /// The fold's name (its test subject under leave-one-subject-out): the sub-folder of its detections.
        package var name: String
        /// For a learning curve, the training-set size K of the run the fold belongs to; `nil` otherwise.
        package var draw: Int?
        /// The recordings trained on, by id, in dataset order.
        package var train: [String]
        /// The recordings tested, by id, in dataset order.
        package var test: [String]

        private enum Keys: String, CodingKey { case dataset, fold, name, draw, train, test }

        /// A fold.
        package init(dataset: String, fold: Int, name: String, draw: Int?, train: [String], test: [String]) {
            (self.dataset, self.fold, self.name, self.draw, self.train, self.test) = (dataset, fold, name, draw, train, test)
        }

        /// Decodes every key, `draw` as `null` when absent.
        package init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            (dataset, fold, name) = (try c.decode(String.self, forKey: .dataset), try c.decode(Int.self, forKey: .fold), try c.decode(String.self, forKey: .name))
            draw = try c.decodeIfPresent(Int.self, forKey: .draw)
            (train, test) = (try c.decode([String].self, forKey: .train), try c.decode([String].self, forKey: .test))
        }

        /// Encodes every key, `draw` as `null` when there is none.
        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(dataset, forKey: .dataset)
            try c.encode(fold, forKey: .fold)
            try c.encode(name, forKey: .name)
            if let draw { try c.encode(draw, forKey: .draw) } else { try c.encodeNil(forKey: .draw) }
            try c.encode(train, forKey: .train)
            try c.encode(test, forKey: .test)
        }
    }

    /// The experiment's name.
    package var experiment: String
    /// Every fold of every dataset, datasets by key, folds in order.
    package var folds: [Fold]

    /// The folds `runner` computed; `draw` marks a learning curve's run. O(folds × recordings).
    package init(_ runner: ExperimentRunner, draw: Int? = nil) {
        experiment = runner.experiment.name
        folds = runner.folds.keys.sorted().flatMap { key in
            let ids = runner.datasets[key]?.recordings.map(\.id) ?? []
            return runner.folds[key]!.folds.map { f in
                Fold(dataset: key, fold: f.index, name: f.name, draw: draw, train: f.train.map { ids[$0] }, test: f.test.map { ids[$0] })
            }
        }
    }

    /// Writes the listing as JSON (sorted keys) to `url`, atomically.
    /// - Throws: ``DataFileError`` naming the file when it cannot be written.
    package func write(to url: URL) throws(DataFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data: Data
        do { data = try encoder.encode(self) } catch { throw DataFileError(file: url.path, "\(error)") }
        try AtomicFile.write(data, to: url, createFolders: true)
    }
}
