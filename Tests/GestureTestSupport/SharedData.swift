import Foundation
import Testing

/// Locations of data the tests read but the project does not ship.
public enum SharedData {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/datasets` beside the checkout, as CI lays it out (or the folder named by the environment
    /// variable `GESTURELAB_SHARED_DATASETS`, which also lets a run pretend the data is absent); `nil` when absent.
    public static var datasets: URL? {
        let url = ProcessInfo.processInfo.environment["GESTURELAB_SHARED_DATASETS"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/datasets")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Whether the shared datasets are present.
    public static var isAvailable: Bool { datasets != nil }

    /// Why a test that reads them is skipped.
    public static let absenceNote: Comment = "needs ../shared/datasets beside the checkout (CI has it; a user's clone does not)"


    /// A file or folder under the shared datasets; `nil` when the shared folder is absent.
    public static func dataset(_ relativePath: String) -> URL? {
        datasets?.appendingPathComponent(relativePath)
    }
}

extension Trait where Self == ConditionTrait {
    /// Skips the test (with a note saying why) when the shared datasets are absent.
    public static var needsSharedData: Self { .enabled(if: SharedData.isAvailable, SharedData.absenceNote) }
}
