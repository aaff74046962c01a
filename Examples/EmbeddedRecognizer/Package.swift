// swift-tools-version:6.2
import PackageDescription

// An app-like package that embeds a recognizer through GestureKit alone: no GSL, no file formats,
// no research layer. It depends on the GestureLab package by relative path.
let package = Package(
    name: "EmbeddedRecognizer",
    platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9)],
    dependencies: [
        .package(name: "GestureLab", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "EmbeddedRecognizer",
            dependencies: [.product(name: "GestureKit", package: "GestureLab")]
        ),
    ]
)
