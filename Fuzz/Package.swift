// swift-tools-version:6.2
// libFuzzer targets for every GestureLab reader of outside bytes. A separate package, so the normal
// build never compiles it; build and run it with scripts/fuzz.sh (it needs -sanitize=fuzzer).
import PackageDescription

/// The readers fuzzed, one executable each (`Sources/<name>/main.swift`).
let fuzzTargets = [
    "FuzzAnnotations", "FuzzConfiguration", "FuzzDatasetCSV", "FuzzDetectLines", "FuzzDTWModel",
    "FuzzExperiment", "FuzzGRT", "FuzzManifest", "FuzzOSCPacket", "FuzzSampleCSV", "FuzzUCR", "FuzzUEA", "FuzzUWave",
    "FuzzWebSocket",
]

let package = Package(
    name: "GestureLabFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "GestureLab", path: "..")],
    targets: [
        // The libFuzzer driver glue, the scratch files the URL-only readers are given, and the
        // dataset layouts recording files are read through.
        .target(name: "FuzzSupport", dependencies: [.product(name: "GestureData", package: "GestureLab")]),
    ] + fuzzTargets.map { name in
        .executableTarget(name: name, dependencies: [
            "FuzzSupport",
            .product(name: "GestureData", package: "GestureLab"),
            .product(name: "GestureEval", package: "GestureLab"),
            .product(name: "GestureKit", package: "GestureLab"),
        ])
    }
)
