import Foundation

/// Locations of data the tests read but the project does not ship.
public enum SharedData {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/datasets` beside the checkout, as CI lays it out; `nil` when absent.
    public static var datasets: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/datasets")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// A file or folder under the shared datasets; `nil` when the shared folder is absent.
    public static func dataset(_ relativePath: String) -> URL? {
        datasets?.appendingPathComponent(relativePath)
    }
}
