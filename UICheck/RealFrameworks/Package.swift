// swift-tools-version: 6.1
// RealFrameworks: RemedyUI's behaviour tests against Apple's real UIKit and AppKit, for a Mac (macOS, and the
// iOS simulator through xcodebuild). On Linux the test files compile to nothing. Run by
// .github/workflows/apple-platforms.yml; see UICheck/README.md for what has and hasn't been run.
import Foundation
import PackageDescription

// SwiftPM names a local package after its folder, which differs between checkouts (a clone, a worktree).
let remedy = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent

let package = Package(
    name: "RealFrameworks",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(path: "../..")],
    targets: [
        .testTarget(
            name: "RemedyUIRealFrameworkTests",
            dependencies: [
                .product(name: "Remedy", package: remedy),
                .product(name: "RemedyUI", package: remedy),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
