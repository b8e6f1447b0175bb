// swift-tools-version: 6.1
// UICheck: compiles the very files of Sources/RemedyUI (through the symlinked Sources/CheckedRemedyUI) on
// Linux against a stand-in of the UIKit, AppKit and SwiftUI API they call, and tests their behaviour with the
// stand-in's fakes. A package of its own, so library users never see the stand-in. See README.md.
import Foundation
import PackageDescription

// SwiftPM names a local package after its folder, which differs between checkouts (a clone, a worktree).
let remedy = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "UICheck",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "..")],
    targets: [
        // Test-only helpers of the fakes (waiting for a fake to change); not part of Apple's API.
        .target(name: "StandInSupport"),
        .target(name: "UIKit", dependencies: ["StandInSupport"]),
        .target(name: "AppKit", dependencies: ["StandInSupport"]),
        .target(name: "SwiftUI", dependencies: ["AppKit"]),
        // The shipped RemedyUI sources. The module can't be called RemedyUI: target names must be unique in
        // a package graph, and this package depends on the one that declares RemedyUI.
        .target(
            name: "CheckedRemedyUI",
            dependencies: [.product(name: "Remedy", package: remedy), "UIKit", "AppKit", "SwiftUI"]
        ),
        .testTarget(
            name: "UICheckTests",
            dependencies: [
                "CheckedRemedyUI", "StandInSupport", "UIKit", "AppKit", "SwiftUI",
                .product(name: "Remedy", package: remedy),
                .product(name: "RemedyTesting", package: remedy),
            ],
            // Swift Testing ships cross-import overlays for the real AppKit and UIKit (attachments of images),
            // which don't exist on Linux; importing the stand-ins beside Testing would look for them.
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
