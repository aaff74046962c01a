import Foundation

/// libFuzzer's own driver: parses libFuzzer's flags from `argv` and calls `callback` once per input.
///
/// Declared by its C name because SwiftPM links executables with their own `main`, so the usual
/// `LLVMFuzzerTestOneInput` entry point cannot be used; `-sanitize=fuzzer` links the symbol.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs a fuzz target: each input libFuzzer generates is handed to one closure.
///
/// The closure should give the input to a reader and ignore the errors it throws: a malformed input
/// rejected with an error is the expected outcome. Only crashes, hangs and memory blow-ups are findings,
/// and libFuzzer (with AddressSanitizer) reports those itself.
public enum Fuzzer {
    /// The closure being fuzzed. A C callback cannot capture context, so it is kept here; libFuzzer
    /// calls it from one thread only.
    nonisolated(unsafe) private static var body: ((Data) -> Void)?

    /// Hands every input to `body` until libFuzzer stops (its run time or a finding), then exits with
    /// libFuzzer's status. Command-line arguments are libFuzzer's (`-max_total_time=20 CORPUS`).
    public static func run(_ body: @escaping (Data) -> Void) -> Never {
        self.body = body
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
            let input = bytes.map { Data(bytes: $0, count: count) } ?? Data()
            Fuzzer.body?(input)
            return 0
        })
    }
}
