// swift-tools-version: 6.1
// The integration tests: real failures of widely used packages (GRDB, PostgresNIO against a PostgreSQL server on
// loopback, SwiftNIO, swift-nio-ssl, AsyncHTTPClient, swift-crypto, ZIPFoundation, swift-argument-parser, Yams,
// TOMLKit, gRPC Swift 2, swift-openapi-runtime, jwt-kit, swift-configuration, swift-subprocess, SQLiteNIO) and of
// Foundation, triggered on this machine over loopback only, and what Remedy shows a person for each.
// A package of its own, so library users never resolve these packages. See README.md.
// It enables Remedy's package traits "Hummingbird" and "Vapor" to test the Problem Details middleware of each
// (RemedyHummingbird, RemedyVapor) against a real server of each framework on loopback, with real clients
// (URLSession and AsyncHTTPClient): the same round-trip tests run against both. With "GRPC", RemedyGRPC's
// interceptors run on a real gRPC server and client (the GRPC*.swift tests); with "OpenAPI", RemedyOpenAPI's
// middlewares through a generated server on both OpenAPI transports and a generated client (OpenAPI*.swift).
import Foundation
import PackageDescription

// SwiftPM names a local package after its folder, which differs between checkouts (a clone, a worktree).
let remedy = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let failureDependencies: [Target.Dependency] = [
    .product(name: "Remedy", package: remedy),
    .product(name: "RemedyTesting", package: remedy),
    // What a tool that parses with swift-argument-parser reads its errors with (`ErrorCatalog.commandLine`).
    .product(name: "RemedyTerminal", package: remedy),
    .product(name: "GRDB", package: "GRDB.swift"),
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "NIOPosix", package: "swift-nio"),
    .product(name: "NIOHTTP1", package: "swift-nio"),
    .product(name: "NIOTLS", package: "swift-nio"),
    .product(name: "AsyncHTTPClient", package: "async-http-client"),
    .product(name: "Yams", package: "Yams"),
    .product(name: "TOMLKit", package: "TOMLKit"),
    .product(name: "PostgresNIO", package: "postgres-nio"),
    .product(name: "NIOSSL", package: "swift-nio-ssl"),
    .product(name: "X509", package: "swift-certificates"),
    .product(name: "Crypto", package: "swift-crypto"),
    .product(name: "ZIPFoundation", package: "ZIPFoundation"),
    .product(name: "ArgumentParser", package: "swift-argument-parser"),
    .product(name: "Logging", package: "swift-log"),
    // Issue 35: stacks with no catalog entries of their own, read by shared vocabularies.
    .product(name: "GRPCCore", package: "grpc-swift-2"),
    .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
    .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
    .product(name: "HTTPTypes", package: "swift-http-types"),
    .product(name: "JWTKit", package: "jwt-kit"),
    .product(name: "Configuration", package: "swift-configuration"),
    .product(name: "Subprocess", package: "swift-subprocess"),
    .product(name: "SystemPackage", package: "swift-system"),
    .product(name: "SQLiteNIO", package: "sqlite-nio"),
]

let package = Package(
    name: "RemedyIntegrationTests",
    // gRPC Swift 2 needs macOS 15 (its availability macro); the library itself still supports macOS 14.
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "..", traits: ["Hummingbird", "Vapor", "OpenAPI", "GRPC"]),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", exact: "0.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.9.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        // The failures of the kinds a database, TLS, cryptography, an archive and a command line bring.
        .package(url: "https://github.com/vapor/postgres-nio.git", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        // The major version Vapor already resolves (postgres-nio accepts 3 to 5).
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", exact: "0.9.20"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // Issue 35: an RPC framework, a generated HTTP client's runtime, token verification, configuration,
        // process spawning and SQLite through another driver (SQLite vendored, its symbols renamed).
        .package(url: "https://github.com/grpc/grpc-swift-2.git", exact: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", exact: "2.9.2"),
        // RemedyGRPC's round trips: google.rpc.Status and the detailed error model's messages, on well-known types.
        .package(url: "https://github.com/grpc/grpc-swift-protobuf.git", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", exact: "1.13.4"),
        // The OpenAPI round trips: RemedyOpenAPI's middlewares through both server transports and a generated client.
        .package(url: "https://github.com/swift-server/swift-openapi-hummingbird.git", exact: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-vapor.git", exact: "1.2.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", exact: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", exact: "5.8.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", exact: "1.4.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", exact: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.5.0"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", exact: "1.13.2"),
        // Issue 36: the trace context along a chain of services, exported as a tracing backend receives it. The
        // OTLP/HTTP exporter only: the default traits would also build the OTLP/gRPC exporter.
        .package(url: "https://github.com/swift-otel/swift-otel.git", exact: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        // Triggers each real failure and returns the error it throws; shared by the tests and the tools.
        .target(name: "IntegrationSupport", dependencies: failureDependencies),
        // Dumps each failure's real shape (type, description, NSError bridge, mirror tree) as Markdown.
        .executableTarget(name: "shapes", dependencies: ["IntegrationSupport"]),
        // Prints what a person sees for each failure as a Markdown table.
        .executableTarget(
            name: "integration-table",
            dependencies: ["IntegrationSupport", .product(name: "Remedy", package: remedy)]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "IntegrationSupport",
                .product(name: "Remedy", package: remedy),
                .product(name: "RemedyTesting", package: remedy),
                // The round trip: the middleware on a real Hummingbird server, URLSession and AsyncHTTPClient.
                .product(name: "RemedyHummingbird", package: remedy),
                .product(name: "Hummingbird", package: "hummingbird"),
                // The same round trips through the Vapor middleware on a real Vapor server.
                .product(name: "RemedyVapor", package: remedy),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // The gRPC round trips: RemedyGRPC's interceptors on a real server and client over HTTP/2.
                .product(name: "RemedyGRPC", package: remedy),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport"),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                // The OpenAPI round trips (OpenAPI*.swift): a generated server on each transport, a generated client.
                .product(name: "RemedyOpenAPI", package: remedy),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "OpenAPIVapor", package: "swift-openapi-vapor"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                // The spans of a chain, exported over OTLP/HTTP to a receiver on loopback.
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                // The parser's own texts and exit codes, to compare with what a person reads.
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
