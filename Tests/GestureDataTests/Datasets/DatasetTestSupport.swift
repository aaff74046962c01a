import Foundation
import GestureData
import GestureTestSupport
import Testing

/// A fresh temporary folder for one test.
func datasetTestFolder(_ name: String = #function) -> URL {
    let url = TemporaryFolder.root
        .appendingPathComponent("gesturelab-datasets-\(name.filter { $0.isLetter })-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` to `relative` under `folder`, creating folders.
func writeFixture(_ text: String, _ relative: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

/// Loads a shared dataset through a `format:PATH` source.
func loadSharedDataset(_ format: String, _ relative: String, _ options: DatasetSource.Options = .init()) throws -> LoadedDataset {
    let url = try #require(SharedData.dataset(relative))
    return try DatasetSource("\(format):\(url.path)").load(options)
}
