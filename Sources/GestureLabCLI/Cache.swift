import ArgumentParser
import Foundation
import GestureEval

/// `gesturelab cache`: what `compare` keeps between runs, and how to remove it.
struct Cache: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or prune what compare keeps between runs.",
        discussion: """
            compare keeps each training step's model summary and test detections, keyed by every input \
            (the program, the experiment's settings, the entry, the training and test recordings' contents), \
            so that a re-run recomputes only what changed. Examples:
              gesturelab cache show
              gesturelab cache prune --megabytes 500
            """,
        subcommands: [Show.self, Prune.self]
    )

    /// `gesturelab cache show`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the cache folder, its entries and their size.")

        @Option(help: "The cache folder (default as compare's).")
        var cache: String?

        func run() throws {
            let folder = CacheOptions.folder(cache)
            let contents = UnitCache.contents(of: folder)
            print("\(folder.path): \(contents.entries) training steps, \(Self.megabytes(contents.bytes)) MB")
        }

        static func megabytes(_ bytes: Int64) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
    }

    /// `gesturelab cache prune`.
    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the least recently used entries until the folder holds at most --megabytes (default 0: all).")

        @Option(help: "The cache folder (default as compare's).")
        var cache: String?

        @Option(help: "Megabytes to keep.")
        var megabytes: Int = 0

        func validate() throws {
            guard megabytes >= 0 else { throw ValidationError("--megabytes must be at least 0, got \(megabytes)") }
        }

        func run() throws {
            let folder = CacheOptions.folder(cache)
            let removed = try UnitCache.prune(folder, toBytes: Int64(megabytes) << 20)
            let left = UnitCache.contents(of: folder)
            print("\(folder.path): removed \(removed.entries) training steps (\(Show.megabytes(removed.bytes)) MB); \(left.entries) left (\(Show.megabytes(left.bytes)) MB)")
        }
    }
}
