import CMiniRocketKernels

extension MiniRocket {
    /// The instruction sets the transform's inner loops are compiled for (the in-package C target
    /// `CMiniRocketKernels`). One is chosen once per process, at run time: the widest the CPU runs.
    ///
    /// Every variant gives the same features, bit for bit: the loops run across time positions and keep each
    /// output's additions in the portable order, with no fused multiply-add. The variants differ in speed only.
    /// A build with `GESTURELAB_PORTABLE_ONLY=1` in the environment compiles the portable variant alone.
    public enum KernelVariant: Int32, CaseIterable, Sendable, CustomStringConvertible {
        /// The build's baseline instruction set: SSE2 on x86-64, NEON on arm64; four lanes.
        case portable = 0
        /// AVX2 on x86-64; eight lanes.
        case avx2 = 1
        /// AVX-512 F and BW on x86-64; sixteen lanes, comparisons into mask registers.
        case avx512 = 2

        /// The variant the transform uses: the widest available, found once.
        public static let selected = KernelVariant(rawValue: gl_minirocket_best_variant()) ?? .portable

        /// The variants this build holds and this CPU runs, narrowest first.
        package static var available: [KernelVariant] { allCases.filter(\.isAvailable) }

        /// Whether this build holds the variant and this CPU (and operating system) runs it. O(1).
        package var isAvailable: Bool { gl_minirocket_variant_available(rawValue) != 0 }

        /// `portable`, `avx2` or `avx512`.
        public var description: String {
            switch self {
            case .portable: "portable"
            case .avx2: "avx2"
            case .avx512: "avx512"
            }
        }
    }
}
