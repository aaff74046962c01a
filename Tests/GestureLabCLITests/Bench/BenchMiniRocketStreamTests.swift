import Foundation
import GestureTestSupport
import Testing

/// `gesturelab bench minirocket-stream`: the cost figures print, and with an allocation counter preloaded the bench
/// counts what scoring windows allocates and fails unless it is nothing.
@Suite struct BenchMiniRocketStreamTests {
    /// A C compiler on the PATH, to build the counting library.
    static let compiler = ["cc", "clang", "gcc"].first { (try? ExternalProgram.run(named: $0, ["--version"]).status) == 0 }

    /// A preloadable library whose malloc family counts its calls in `gesturelab_allocation_count` and forwards to glibc.
    static let counterSource = """
        #include <stddef.h>
        extern void *__libc_malloc(size_t);
        extern void *__libc_calloc(size_t, size_t);
        extern void *__libc_realloc(void *, size_t);
        extern void *__libc_memalign(size_t, size_t);
        long gesturelab_allocation_count = 0;
        static void count(void) { __atomic_add_fetch(&gesturelab_allocation_count, 1, __ATOMIC_RELAXED); }
        void *malloc(size_t n) { count(); return __libc_malloc(n); }
        void *calloc(size_t a, size_t b) { count(); return __libc_calloc(a, b); }
        void *realloc(void *p, size_t n) { count(); return __libc_realloc(p, n); }
        void *aligned_alloc(size_t a, size_t n) { count(); return __libc_memalign(a, n); }
        void *memalign(size_t a, size_t n) { count(); return __libc_memalign(a, n); }
        int posix_memalign(void **out, size_t a, size_t n) { count(); *out = __libc_memalign(a, n); return *out ? 0 : 12; }
        """

    @Test(.enabled(if: compiler != nil, "no C compiler (cc, clang, gcc) on the PATH to build the allocation counter"))
    func scoringWindowsAllocatesNothing() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("allocation-counter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("counter.c"), library = folder.appendingPathComponent("counter.so")
        try Self.counterSource.write(to: source, atomically: true, encoding: .utf8)
        let built = try ExternalProgram.run(named: Self.compiler!, ["-shared", "-fPIC", "-O2", "-o", library.path, source.path])
        try #require(built.status == 0, "\(built.stderr)")
        let arguments = ["bench", "minirocket-stream", "--seconds", "30", "--repeats", "1", "--features", "336"]
        let result = try ExternalProgram.run(URL(fileURLWithPath: "/usr/bin/env"), ["LD_PRELOAD=\(library.path)", GestureLabBinary.url.path] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        // The counter works: the process allocated (it builds a model and prints), and the scoring loop did not.
        // The bench exits non-zero when scoring allocates more than the events' details.
        #expect(result.stdout.contains("allocations while scoring: "), "\(result.stdout)")
        let total = result.stdout.split(separator: "(").last.flatMap { Int($0.split(separator: " ").first ?? "") }
        #expect((total ?? 0) > 1000, "the counter saw \(total ?? 0) allocations in the whole process: not counting")
        #expect(result.stdout.contains("real-time factor"))
    }

    @Test func withoutACounterItSaysSo() throws {
        let result = try GestureLabBinary.run(["bench", "minirocket-stream", "--seconds", "30", "--repeats", "1", "--features", "168"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("per window:") && result.stdout.contains("not counted"))
    }
}
