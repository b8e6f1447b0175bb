// swift-tools-version: 6.1
import PackageDescription

/// The traits that build the shared server layer.
let serverTraits: Set<String> = ["Hummingbird", "Vapor", "OpenAPI", "GRPC"]

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
        // Empty unless the package trait "Hummingbird" is enabled (see `traits` below).
        .library(name: "RemedyHummingbird", targets: ["RemedyHummingbird"]),
        // Empty unless the package trait "Vapor" is enabled.
        .library(name: "RemedyVapor", targets: ["RemedyVapor"]),
        // Empty unless the package trait "OpenAPI" is enabled.
        .library(name: "RemedyOpenAPI", targets: ["RemedyOpenAPI"]),
        // Empty unless the package trait "GRPC" is enabled.
        .library(name: "RemedyGRPC", targets: ["RemedyGRPC"]),
        .executable(name: "remedy-demo", targets: ["remedy-demo"]),
        .executable(name: "notes-example", targets: ["notes-example"]),
        .executable(name: "export-example", targets: ["export-example"]),
        .executable(name: "server-example", targets: ["server-example"]),
        .executable(name: "server-example-client", targets: ["server-example-client"]),
        .executable(name: "vapor-example", targets: ["vapor-example"]),
        .executable(name: "grpc-example-server", targets: ["grpc-example-server"]),
        .executable(name: "grpc-example-client", targets: ["grpc-example-client"]),
        .executable(name: "openapi-example", targets: ["openapi-example"]),
        .executable(name: "openapi-example-client", targets: ["openapi-example-client"]),
    ],
    // Opt-in integrations. A dependency used only under a trait that is not enabled is not resolved at all, so a
    // package that depends on Remedy without the trait never fetches or builds Hummingbird (nor SwiftNIO).
    traits: [
        .trait(
            name: "Hummingbird",
            description: "RemedyHummingbird: a Hummingbird 2 middleware that answers route errors with Problem Details."
        ),
        .trait(
            name: "Vapor",
            description:
                "RemedyVapor: a Vapor 4 middleware, in place of Vapor's ErrorMiddleware, that answers route errors with Problem Details."
        ),
        .trait(
            name: "OpenAPI",
            description:
                "RemedyOpenAPI: a swift-openapi-runtime server middleware that answers handler errors with Problem Details, for any transport, and a client middleware that reads them."
        ),
        .trait(
            name: "GRPC",
            description:
                "RemedyGRPC: gRPC Swift 2 interceptors that answer a method's error with gRPC's detailed error model, and read it back on the client."
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        // For remedy-demo only (never for the library products): its command line, and the small HTTP server
        // its scenarios fail against for real (async/await, no SwiftNIO, so it builds in seconds).
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/swhitty/FlyingFox.git", from: "0.27.1"),
        // Only under the trait "Hummingbird" (RemedyHummingbird and the demo's `serve`); swift-metrics and
        // swift-distributed-tracing come with it.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.9.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.6.0"),
        // Under either trait: the shared server layer (RemedyServer) speaks HTTPTypes and writes NIO's ByteBuffer,
        // which both frameworks bring along.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        // Only under the trait "Vapor" (RemedyVapor).
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        // Only under the trait "OpenAPI" (RemedyOpenAPI): the runtime every generated server and client uses.
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        // Only under the trait "OpenAPI", for Examples/openapi: its server's transport and its client's.
        .package(url: "https://github.com/swift-server/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        // Only under the trait "GRPC" (RemedyGRPC): gRPC Swift 2, and its protobuf support for google.rpc.Status and
        // the detailed error model's messages.
        .package(url: "https://github.com/grpc/grpc-swift-2.git", from: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-protobuf.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
        // Only under the trait "GRPC", for the gRPC example's server and client: HTTP/2 over SwiftNIO.
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport.git", from: "2.9.2"),
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
        // What the server integrations share: resolving a route's error, the answer, the page, negotiation and the
        // configuration. Every file is under `#if Hummingbird || Vapor`: without either trait it builds empty.
        .target(
            name: "RemedyServer",
            dependencies: [
                "Remedy",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: serverTraits)),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: serverTraits)),
                .product(name: "Metrics", package: "swift-metrics", condition: .when(traits: serverTraits)),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: serverTraits)),
            ]
        ),
        // Every file is under `#if Hummingbird`: without the trait the target builds empty and resolves nothing.
        .target(
            name: "RemedyHummingbird",
            dependencies: [
                "Remedy",
                .target(name: "RemedyServer", condition: .when(traits: ["Hummingbird"])),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
            ]
        ),
        // Every file is under `#if Vapor`: without the trait the target builds empty and resolves nothing.
        .target(
            name: "RemedyVapor",
            dependencies: [
                "Remedy",
                .target(name: "RemedyServer", condition: .when(traits: ["Vapor"])),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
            ]
        ),
        // Every file is under `#if OpenAPI`: without the trait the target builds empty and resolves nothing.
        .target(
            name: "RemedyOpenAPI",
            dependencies: [
                "Remedy",
                .target(name: "RemedyServer", condition: .when(traits: ["OpenAPI"])),
                .product(name: "Logging", package: "swift-log"),
                .product(
                    name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["OpenAPI"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["OpenAPI"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["OpenAPI"])),
                .product(
                    name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["OpenAPI"])),
            ]
        ),
        // Every file is under `#if GRPC`: without the trait the target builds empty and resolves nothing.
        .target(
            name: "RemedyGRPC",
            dependencies: [
                "Remedy",
                .target(name: "RemedyServer", condition: .when(traits: ["GRPC"])),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRPCCore", package: "grpc-swift-2", condition: .when(traits: ["GRPC"])),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf", condition: .when(traits: ["GRPC"])),
                .product(name: "SwiftProtobuf", package: "swift-protobuf", condition: .when(traits: ["GRPC"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["GRPC"])),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: .when(traits: ["GRPC"])),
            ]
        ),
        .executableTarget(
            name: "remedy-demo",
            dependencies: [
                "Remedy",
                "RemedyTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "Logging", package: "swift-log"),
                // `serve` and the `server` scenario: only with the trait (`swift run --traits Hummingbird …`).
                .target(name: "RemedyHummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
            ],
            path: "Examples/remedy-demo",
            // The demo's own words in six languages (Resources/<language>.lproj/Demo.strings).
            resources: [.process("Resources")]
        ),
        // The README's command-line tool, file for file: Remedy and RemedyTerminal only.
        .executableTarget(name: "notes-example", dependencies: ["Remedy", "RemedyTerminal"], path: "Examples/notes"),
        // The command-line article's tool with swift-argument-parser: the parser's errors presented by Remedy, and
        // the exit status of each failure.
        .executableTarget(
            name: "export-example",
            dependencies: [
                "Remedy",
                "RemedyTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/export"
        ),
        // The server example: a Hummingbird server whose routes fail for real, with the middleware. Without the
        // trait it builds only its command line, which says how to run it with the trait.
        .executableTarget(
            name: "server-example",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .target(name: "RemedyHummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Hummingbird"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
                .target(name: "Remedy", condition: .when(traits: ["Hummingbird"])),
                .target(name: "RemedyTerminal", condition: .when(traits: ["Hummingbird"])),
            ],
            path: "Examples/server/Server"
        ),
        // Its client: URLSession, Remedy and RemedyTerminal only, so it builds with or without the trait.
        .executableTarget(
            name: "server-example-client",
            dependencies: [
                "Remedy",
                "RemedyTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/server/Client"
        ),
        // The Vapor article's app, file for file. Without the trait it builds only a line that says how to run it.
        .executableTarget(
            name: "vapor-example",
            dependencies: [
                .target(name: "RemedyVapor", condition: .when(traits: ["Vapor"])),
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Vapor"])),
                .target(name: "Remedy", condition: .when(traits: ["Vapor"])),
                .target(name: "RemedyTerminal", condition: .when(traits: ["Vapor"])),
            ],
            path: "Examples/vapor"
        ),
        // The gRPC example: the service's messages and method descriptors, written by hand on protobuf's well-known
        // types (Examples/grpc/Records/records.proto describes them), shared by its server and client.
        .target(
            name: "GRPCExampleRecords",
            dependencies: [
                .product(name: "GRPCCore", package: "grpc-swift-2", condition: .when(traits: ["GRPC"])),
                .product(name: "GRPCProtobuf", package: "grpc-swift-protobuf", condition: .when(traits: ["GRPC"])),
                .product(name: "SwiftProtobuf", package: "swift-protobuf", condition: .when(traits: ["GRPC"])),
            ],
            path: "Examples/grpc/Records",
            exclude: ["records.proto"]
        ),
        // A gRPC server whose methods fail for real, with RemedyGRPC's server interceptor. Without the trait it
        // builds only a line that says how to run it.
        .executableTarget(
            name: "grpc-example-server",
            dependencies: [
                .target(name: "GRPCExampleRecords", condition: .when(traits: ["GRPC"])),
                .target(name: "RemedyGRPC", condition: .when(traits: ["GRPC"])),
                .product(name: "GRPCCore", package: "grpc-swift-2", condition: .when(traits: ["GRPC"])),
                .product(
                    name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport",
                    condition: .when(traits: ["GRPC"])),
                .product(name: "SwiftProtobuf", package: "swift-protobuf", condition: .when(traits: ["GRPC"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["GRPC"])),
                .target(name: "Remedy", condition: .when(traits: ["GRPC"])),
            ],
            path: "Examples/grpc/Server"
        ),
        // Its client: each failure presented by RemedyTerminal in the person's language.
        .executableTarget(
            name: "grpc-example-client",
            dependencies: [
                .target(name: "GRPCExampleRecords", condition: .when(traits: ["GRPC"])),
                .target(name: "RemedyGRPC", condition: .when(traits: ["GRPC"])),
                .product(name: "GRPCCore", package: "grpc-swift-2", condition: .when(traits: ["GRPC"])),
                .product(
                    name: "GRPCNIOTransportHTTP2Posix", package: "grpc-swift-nio-transport",
                    condition: .when(traits: ["GRPC"])),
                .product(name: "SwiftProtobuf", package: "swift-protobuf", condition: .when(traits: ["GRPC"])),
                .target(name: "Remedy", condition: .when(traits: ["GRPC"])),
                .target(name: "RemedyTerminal", condition: .when(traits: ["GRPC"])),
            ],
            path: "Examples/grpc/Client"
        ),
        // The OpenAPI example: a server generated from Examples/openapi/openapi.yaml, on swift-openapi-hummingbird,
        // and its generated client on swift-openapi-urlsession (the generated code is committed: no build plugin).
        // Without the trait each builds only a line that says how to run it.
        .executableTarget(
            name: "openapi-example",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .target(name: "RemedyOpenAPI", condition: .when(traits: ["OpenAPI"])),
                .product(
                    name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird",
                    condition: .when(traits: ["OpenAPI"])),
                .product(
                    name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["OpenAPI"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["OpenAPI"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["OpenAPI"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["OpenAPI"])),
                .target(name: "Remedy", condition: .when(traits: ["OpenAPI"])),
                .target(name: "RemedyTerminal", condition: .when(traits: ["OpenAPI"])),
            ],
            path: "Examples/openapi/Server"
        ),
        .executableTarget(
            name: "openapi-example-client",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .target(name: "RemedyOpenAPI", condition: .when(traits: ["OpenAPI"])),
                .product(
                    name: "OpenAPIURLSession", package: "swift-openapi-urlsession",
                    condition: .when(traits: ["OpenAPI"])),
                .product(
                    name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["OpenAPI"])),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["OpenAPI"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["OpenAPI"])),
                .target(name: "Remedy", condition: .when(traits: ["OpenAPI"])),
                .target(name: "RemedyTerminal", condition: .when(traits: ["OpenAPI"])),
            ],
            path: "Examples/openapi/Client"
        ),
        .testTarget(name: "RemedyTests", dependencies: ["Remedy", "RemedyTerminal", "RemedyTesting"]),
        // ArgumentParser only for the tests: they check what Remedy makes of its real errors, which the library
        // products recognise by their structure without depending on it.
        .testTarget(
            name: "RemedyTerminalTests",
            dependencies: [
                "RemedyTerminal",
                "RemedyTesting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "RemedyTestingTests", dependencies: ["RemedyTesting"]),
        // The server layer's own parts (every file is under `#if Hummingbird || Vapor`); the middleware of each
        // framework is tested against a real server in IntegrationTests.
        .testTarget(
            name: "RemedyServerTests",
            dependencies: [
                "Remedy",
                "RemedyTesting",
                .target(name: "RemedyServer", condition: .when(traits: serverTraits)),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: serverTraits)),
            ]
        ),
        // Runs the built remedy-demo and the examples end to end; depending on them makes `swift test` build them
        // first (server-example's server only with the trait).
        .testTarget(
            name: "RemedyDemoTests",
            dependencies: [
                "remedy-demo", "notes-example", "export-example", "server-example", "server-example-client",
                "vapor-example", "openapi-example", "openapi-example-client", "grpc-example-server",
                "grpc-example-client",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Documentation only. `REMEDY_DOCS=1 swift package generate-documentation --target Remedy` builds the core's
// catalogs (Remedy, RemedyTerminal, RemedyTesting, RemedyUI); `REMEDY_DOCS=servers` with
// `--traits Hummingbird,Vapor,OpenAPI,GRPC` builds the server integrations' (RemedyHummingbird, RemedyVapor,
// RemedyOpenAPI, RemedyGRPC). Without the variable the plugin isn't resolved, so neither users nor CI fetch or
// build it.
if let documentation = Context.environment["REMEDY_DOCS"] {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
    if documentation != "servers" {
        // A root package resolves every dependency it declares, whatever its traits; so the core's docs build declares
        // only the core's targets and what they need (swift-log), and resolves no server package.
        let core: Set<String> = ["Remedy", "RemedyTerminal", "RemedyTesting", "RemedyUI"]
        package.products.removeAll { !core.contains($0.name) }
        package.targets.removeAll { !core.contains($0.name) }
        package.dependencies.removeAll { dependency in
            guard case .sourceControl(_, let location, _) = dependency.kind else { return true }
            return !location.hasSuffix("/swift-log.git") && !location.hasSuffix("/swift-docc-plugin")
        }
    }
}
