import ArgumentParser
import Foundation
import GestureData
import GestureEval

/// `--cache DIR` and `--no-cache`: where `compare` keeps what each training step produced between runs
/// (``GestureEval/UnitCache``), so that a re-run pays only for the steps whose inputs changed.
struct CacheOptions: ParsableArguments {
    @Option(help: "Keep trained steps' detections in this folder between runs (default: $GESTURELAB_CACHE, else $XDG_CACHE_HOME/gesturelab, else ~/.cache/gesturelab). A step is reused only when every input is byte for byte the same; results do not depend on it.")
    var cache: String?

    @Flag(help: "Compute every step and keep nothing between runs.")
    var noCache = false

    @Option(help: "Megabytes the cache folder may hold after a run (least recently used steps go first).")
    var cacheMegabytes: Int = 2048

    func validate() throws {
        guard !(noCache && cache != nil) else { throw ValidationError("--no-cache and --cache exclude each other") }
        guard cacheMegabytes >= 0 else { throw ValidationError("--cache-megabytes must be at least 0, got \(cacheMegabytes)") }
    }

    /// The cache folder: `--cache`, else the environment's default.
    static func folder(_ given: String?) -> URL {
        if let given { return URL(fileURLWithPath: given, isDirectory: true) }
        let environment = ProcessInfo.processInfo.environment
        if let set = environment["GESTURELAB_CACHE"], !set.isEmpty { return URL(fileURLWithPath: set, isDirectory: true) }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("gesturelab") }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/gesturelab", isDirectory: true)
    }

    /// The cache this run uses, or `nil` with `--no-cache`.
    func unitCache() -> UnitCache? {
        guard !noCache else { return nil }
        return UnitCache(folder: Self.folder(cache), build: Self.build, capacity: Int64(cacheMegabytes) << 20)
    }

    /// The SHA-256 of this program's executable: a rebuilt program shares no entry with the one before it.
    static let build: String = {
        var hash = SHA256()
        hash.add(GestureLabVersion.current)
        if let url = Bundle.main.executableURL, let bytes = FileManager.default.contents(atPath: url.resolvingSymlinksInPath().path) {
            hash.add(bytes)
        } else {
            // Unreadable: a key no later run can give, so nothing is ever served to another program.
            hash.add(UUID().uuidString)
        }
        return hash.hex
    }()

    /// Says how the run used `cache` on standard error, and prunes its folder to `--cache-megabytes`.
    func finish(_ cache: UnitCache?, quiet: Bool) throws {
        guard let cache else { return }
        let usage = cache.usage
        try UnitCache.prune(cache.folder, toBytes: cache.capacity)
        guard !quiet else { return }
        var line = "cache: \(usage.hits) of \(usage.hits + usage.misses) training steps reused from \(cache.folder.path)"
        if usage.failedWrites > 0 { line += "; \(usage.failedWrites) could not be stored" }
        CommandLineError.printLine(line)
    }
}
