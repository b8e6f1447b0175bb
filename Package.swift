// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Remedy",
    defaultLocalization: "en",
    // Observation (used by the root scope's observable state) sets the floor on Apple platforms.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Remedy", targets: ["Remedy"]),
        .library(name: "RemedyTerminal", targets: ["RemedyTerminal"]),
        .library(name: "RemedyTesting", targets: ["RemedyTesting"]),
        .library(name: "RemedyUI", targets: ["RemedyUI"]),
        .executable(name: "remedy-demo", targets: ["remedy-demo"]),
        .executable(name: "notes-example", targets: ["notes-example"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        // For remedy-demo only (never for the library products): its command line, and the small HTTP server
        // its scenarios fail against for real (async/await, no SwiftNIO, so it builds in seconds).
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/swhitty/FlyingFox.git", from: "0.27.1"),
    ],
    targets: [
        .target(
            name: "Remedy",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            resources: [.process("Resources")]
        ),
        .target(
            name: "RemedyTerminal",
            dependencies: ["Remedy", .product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "RemedyTesting", dependencies: ["Remedy", .product(name: "Logging", package: "swift-log")]),
        // UIKit, AppKit and SwiftUI presenters; every file is guarded, so it builds empty where those are
        // missing. UICheck/ compiles these very files against a documented stand-in of Apple's API.
        .target(name: "RemedyUI", dependencies: ["Remedy"]),
        .executableTarget(
            name: "remedy-demo",
            dependencies: [
                "Remedy",
                "RemedyTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/remedy-demo"
        ),
        // The README's command-line tool, file for file: Remedy and RemedyTerminal only.
        .executableTarget(name: "notes-example", dependencies: ["Remedy", "RemedyTerminal"], path: "Examples/notes"),
        .testTarget(name: "RemedyTests", dependencies: ["Remedy", "RemedyTesting"]),
        .testTarget(
            name: "RemedyTerminalTests",
            dependencies: ["RemedyTerminal", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "RemedyTestingTests", dependencies: ["RemedyTesting"]),
        // Runs the built remedy-demo and notes-example end to end; depending on them makes `swift test` build
        // them first.
        .testTarget(name: "RemedyDemoTests", dependencies: ["remedy-demo", "notes-example"]),
    ],
    swiftLanguageModes: [.v6]
)

// Documentation only: `REMEDY_DOCS=1 swift package generate-documentation --target Remedy`. Without the
// variable the plugin isn't resolved, so neither users nor CI fetch or build it.
if Context.environment["REMEDY_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}
