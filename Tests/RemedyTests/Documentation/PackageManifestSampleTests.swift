import Foundation
import Testing

/// The `Package.swift` fragments of the README and the getting-started article, word for word
/// (``CodeSampleCoverageTests`` checks that), compiled against stand-ins with PackageDescription's names —
/// a test can't import PackageDescription — and checked against the package's real manifest.
struct PackageManifestSampleTests {
    // MARK: - Stand-ins for PackageDescription

    struct Package {
        struct Dependency {
            var path: String

            static func package(path: String) -> Dependency { Dependency(path: path) }
        }

        var name: String
        var dependencies: [Dependency]
        var targets: [Target]
    }

    struct Target {
        struct Dependency {
            var product: String
            var package: String

            static func product(name: String, package: String) -> Dependency {
                Dependency(product: name, package: package)
            }
        }

        var name: String
        var dependencies: [Dependency]

        static func target(name: String, dependencies: [Dependency]) -> Target {
            Target(name: name, dependencies: dependencies)
        }

        static func executableTarget(name: String, dependencies: [Dependency]) -> Target {
            Target(name: name, dependencies: dependencies)
        }
    }

    // MARK: - The samples

    // swift-format-ignore
    func readmeManifest() -> Package {
        Package(
            name: "notes",
            dependencies: [
                .package(path: "../Remedy"),
            ],
            targets: [
                .executableTarget(
                    name: "notes",
                    dependencies: [
                        .product(name: "Remedy", package: "Remedy"),  // the core: errors, scopes, resolution
                        .product(name: "RemedyTerminal", package: "Remedy"),  // the terminal presenter
                    ]
                ),
                // RemedyTesting: a scripted presenter, a test clock and a log recorder, for your tests.
            ]
        )
    }

    // swift-format-ignore
    func gettingStartedTargets() -> [Target] {
        [
            .target(name: "VideoEditor", dependencies: [.product(name: "Remedy", package: "Remedy")])
        ]
    }

    // MARK: - Tests

    /// The package's own manifest.
    static func manifest() throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Package.swift")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func theSamplesNameThePackageAndItsLibraryProducts() throws {
        let manifest = try Self.manifest()
        #expect(manifest.contains(#"name: "Remedy","#), "the package's name, which a path dependency is known by")
        let dependencies =
            readmeManifest().targets.flatMap(\.dependencies)
            + gettingStartedTargets()
            .flatMap(\.dependencies)
        #expect(dependencies.count == 3)
        for dependency in dependencies {
            #expect(dependency.package == "Remedy")
            #expect(manifest.contains(#".library(name: "\#(dependency.product)""#), "\(dependency.product)")
        }
        #expect(readmeManifest().dependencies.map(\.path) == ["../Remedy"])
        #expect(manifest.contains(#".library(name: "RemedyTesting""#), "the product the README's comment names")
    }
}
