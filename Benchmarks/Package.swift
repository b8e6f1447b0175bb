// swift-tools-version: 6.1
// The benchmark suite: a package of its own, so library users never resolve package-benchmark.
// Run it with `swift package --disable-sandbox benchmark`, or `./ratios.sh` for the table of targets.
import Foundation
import PackageDescription

// SwiftPM names a local package after its folder, which differs between checkouts (a clone, a worktree).
let remedy = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "RemedyBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        // With the trait "Hummingbird": the failed request through `ProblemDetailsMiddleware` is measured
        // against the same route in plain Hummingbird.
        .package(path: "..", traits: ["Hummingbird"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    ],
    targets: [
        .executableTarget(
            name: "RemedyBenchmarks",
            dependencies: [
                "RemedyBenchmarkSupport",
                .product(name: "Remedy", package: remedy),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/RemedyBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The error fixtures and helpers the benchmarks and the profiling tool share.
        .target(
            name: "RemedyBenchmarkSupport",
            dependencies: [
                .product(name: "Remedy", package: remedy),
                .product(name: "RemedyHummingbird", package: remedy),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The server `load.sh` sends requests to over loopback, plain or behind the middleware.
        .executableTarget(
            name: "remedy-load-server",
            dependencies: [
                "RemedyBenchmarkSupport",
                .product(name: "RemedyHummingbird", package: remedy),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // 200,000 failed requests through the middleware in process: resident memory must stay flat.
        .executableTarget(name: "remedy-soak", dependencies: ["RemedyBenchmarkSupport"]),
        // Runs one benchmarked operation in a loop, without package-benchmark, for valgrind and perf.
        .executableTarget(
            name: "remedy-profile",
            dependencies: [
                "RemedyBenchmarkSupport",
                .product(name: "Remedy", package: remedy),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
