// swift-tools-version:6.2
import PackageDescription

// MiniRocket's inner loops are compiled for the baseline and, on x86-64, for AVX2 and AVX-512 too; the widest the
// CPU runs is chosen at run time. GESTURELAB_PORTABLE_ONLY=1 builds the baseline variant alone (a define, no unsafe flag).
let portableOnly: [CSetting] = Context.environment["GESTURELAB_PORTABLE_ONLY"] == "1" ? [.define("GESTURELAB_PORTABLE_ONLY")] : []

let package = Package(
    name: "GestureLab",
    platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "GestureKit", targets: ["GestureKit"]),
        .library(name: "GestureData", targets: ["GestureData"]),
        .library(name: "GestureEval", targets: ["GestureEval"]),
        .executable(name: "gesturelab", targets: ["gesturelab"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        // MiniRocket's inner loops: dependency-free C99, compiled from source with the package, one variant per
        // instruction set (portable everywhere, AVX2 and AVX-512 on x86-64), chosen at run time.
        .target(name: "CMiniRocketKernels", exclude: ["Kernels.inc"], cSettings: portableOnly),

        // Embeddable core: Swift and the in-package MiniRocket kernels, no system library, nothing about files or datasets.
        .target(name: "GestureKit", dependencies: ["CMiniRocketKernels"]),

        // The GNU Scientific Library, found through pkg-config.
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]
        ),

        // OpenBLAS's LAPACK (BSD-3-Clause), found through pkg-config: the ridge's symmetric eigendecomposition.
        .systemLibrary(
            name: "COpenBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"]), .brew(["openblas"])]
        ),

        // Data layer, pure Swift (no GSL): datasets, readers, manifests, import presets, configuration,
        // synthesis, live input and output. Resources/Presets and Resources/External: the import presets' and the
        // external datasets' manifests (the one copy; each datasets/presets/<name>/dataset.yaml and
        // datasets/external/<folder>/dataset.yaml is a link to one), read through Bundle.module.
        .target(
            name: "GestureData",
            dependencies: [
                "GestureKit",
                .product(name: "Yams", package: "Yams"),
            ],
            resources: [.copy("Resources/Presets"), .copy("Resources/External")]
        ),

        // Research layer: training, evaluation, experiments, statistics (GSL), reports. The ridge's Gram panels use
        // the MiniRocket kernels' variants too. Reports/Resources/report.js: report.html's script, read through
        // Bundle.module by ReportPage.
        .target(
            name: "GestureEval",
            dependencies: [
                "GestureKit",
                "GestureData",
                "CGSL",
                "COpenBLAS",
                "CMiniRocketKernels",
            ],
            resources: [.copy("Reports/Resources/report.js"), .copy("Reports/Resources/report-units.js"), .copy("Reports/Resources/report.css"),
                        .copy("Reports/Resources/notebook-setup.py"), .copy("Reports/Resources/notebook-plots.py")]
        ),

        // The commands, as a library so tests parse arguments in process.
        .target(
            name: "GestureLabCLI",
            dependencies: [
                "GestureKit",
                "GestureData",
                "GestureEval",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The `gesturelab` executable: a main.swift that runs GestureLabCLI's root command.
        .executableTarget(name: "gesturelab", dependencies: ["GestureLabCLI"]),

        // Shared fixtures for every test target: scripted motions, dataset locations.
        .target(
            name: "GestureTestSupport",
            dependencies: ["GestureKit"],
            path: "Tests/GestureTestSupport"
        ),
        // MiniRocket/References: the aeon script and its JSON, read by path (#filePath) by MiniRocketReferenceTests.
        .testTarget(name: "GestureKitTests", dependencies: ["GestureKit", "GestureTestSupport"], exclude: ["MiniRocket/References"]),
        // Datasets/LabelStudioFixtures: a small dataset, a real Label Studio export of it and the scripts that made them, read by path (#filePath) by LabelStudioTests.
        .testTarget(name: "GestureDataTests", dependencies: ["GestureData", "GestureTestSupport"], exclude: ["Datasets/LabelStudio/LabelStudioFixtures"]),
        .testTarget(name: "GestureEvalTests", dependencies: ["GestureEval", "GestureData", "CGSL", "GestureTestSupport"],
                    // Training/DTW/References and Training/Ridge/References: the aeon and scikit-learn scripts and their JSON, read by path (#filePath) by UWaveReferenceTests and RidgeClassifierCVTests.
                    // Reports/Rendering: the checker that renders plots with rsvg-convert, run by PlotRenderingTests.
                    exclude: ["Training/DTW/References", "Training/Ridge/References", "Reports/Rendering"], resources: [.copy("Statistics/References")]),
        // In-process argument parsing (GestureLabCLI) and end-to-end runs of the binary: depending on the
        // executable makes `swift test` link a fresh `gesturelab` before any test runs it.
        .testTarget(name: "GestureLabCLITests", dependencies: ["GestureLabCLI", "gesturelab", "GestureData", "GestureEval", "GestureTestSupport"]),
    ]
)
