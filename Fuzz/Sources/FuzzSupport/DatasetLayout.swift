import Foundation
import GestureData

/// A dataset manifest and where its recording files go, so fuzzed bytes are read the way
/// ``GestureEval/DatasetReader`` reads a real dataset folder: column mapping, scales, valid ranges,
/// time units and clocks, label columns, and the alignment of one file per sensor.
public struct DatasetLayout {
    /// Names the layout's folder inside the scratch folder.
    public var name: String
    /// The manifest the files are read with.
    public var manifest: DatasetManifest
    /// Paths of one recording's files relative to the data folder, matching the manifest's patterns
    /// (one per stream, in stream order).
    public var files: [String]

    /// A layout from manifest text, which must parse: it is one of the project's own.
    public init(name: String, yaml: String, files: [String]) {
        self.name = name
        do { manifest = try DatasetManifest(yaml: yaml, file: "\(name)/dataset.yaml") } catch {
            fatalError("fuzz harness: the \(name) manifest does not parse: \(error)")
        }
        self.files = files
    }

    /// Writes `input` as the layout's recording and loads the dataset; reading problems are collected
    /// by the reader and ignored here. With several files (one per stream) the input is split at its
    /// first NUL byte, the part before going to the first file and the rest to the others; without one,
    /// every file gets the whole input.
    public func load(_ input: Data) {
        let folder = ScratchFolder.shared.url.appendingPathComponent(name, isDirectory: true)
        var parts = [input]
        if files.count > 1, let split = input.firstIndex(of: 0) {
            parts = [input[..<split], input[(split + 1)...]]
        }
        for (i, file) in files.enumerated() {
            ScratchFolder.shared.write(Data(parts[min(i, parts.count - 1)]), to: "\(name)/\(file)")
        }
        _ = try? DatasetReader.load(manifest, folder: folder, data: folder)
    }
}
