// swift-tools-version:6.2
import PackageDescription

// An app-like package that reads recordings and takes OSC input through GestureData (files, datasets, live input)
// and runs recognizers through GestureKit. Neither links GSL: scripts/examples.sh checks the binary's linked
// libraries. It depends on the GestureLab package by relative path.
let products = ["GestureKit", "GestureData"].map { Target.Dependency.product(name: $0, package: "GestureLab") }
let package = Package(
    name: "RecordingReader",
    platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "GestureLab", path: "../..")],
    targets: [.executableTarget(name: "RecordingReader", dependencies: products)]
)
