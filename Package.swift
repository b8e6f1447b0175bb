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
        .executable(name: "remedy-demo", targets: ["remedy-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.11.0")
    ],
    targets: [
        .target(
            name: "Remedy",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            resources: [.process("Resources")]
        ),
        .target(name: "RemedyTerminal", dependencies: ["Remedy"]),
        .target(name: "RemedyTesting", dependencies: ["Remedy", .product(name: "Logging", package: "swift-log")]),
        .executableTarget(
            name: "remedy-demo",
            dependencies: ["Remedy", "RemedyTerminal"],
            path: "Examples/remedy-demo"
        ),
        .testTarget(name: "RemedyTests", dependencies: ["Remedy", "RemedyTesting"]),
        .testTarget(name: "RemedyTerminalTests", dependencies: ["RemedyTerminal"]),
        .testTarget(name: "RemedyTestingTests", dependencies: ["RemedyTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
