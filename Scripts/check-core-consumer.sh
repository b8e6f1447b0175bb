#!/usr/bin/env bash
# Proves that an app depending only on the library products (Remedy, RemedyTerminal, RemedyTesting)
# resolves and builds none of the server integrations' packages: it makes a throwaway package that depends
# on this checkout the way an app does, resolves and builds it, and fails if Hummingbird, Vapor, SwiftNIO,
# swift-http-types, swift-metrics, swift-distributed-tracing, swift-openapi-runtime, gRPC Swift or SwiftProtobuf
# was fetched or compiled. Prints the packages it did resolve.
#
# --self-test: the same app with each server trait enabled in turn (Hummingbird, Vapor, OpenAPI, GRPC) must fail
# the check (resolution only), so the check is known to catch a package of any integration that reaches the
# core's users.
set -euo pipefail
traits=""
if [[ "${1:-}" == "--self-test" ]]; then
    if [[ -z "${2:-}" ]]; then
        for trait in Hummingbird Vapor OpenAPI GRPC; do
            "$0" --self-test "$trait"
        done
        exit 0
    fi
    traits=", traits: [\"$2\"]"
fi
repository="$(cd "$(dirname "$0")/.." && pwd)"
consumer="$(mktemp -d)"
trap 'rm -rf "$consumer"' EXIT
mkdir -p "$consumer/Sources/App"
cat >"$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [.package(path: "$repository"$traits)],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                .product(name: "Remedy", package: "$(basename "$repository")"),
                .product(name: "RemedyTerminal", package: "$(basename "$repository")"),
            ]
        )
    ]
)
MANIFEST
cat >"$consumer/Sources/App/main.swift" <<'SWIFT'
import Remedy
import RemedyTerminal

let presentation = ErrorResolver().presentation(for: HTTPStatusError(status: 503))
print(presentation.title, presentation.supportReference)
SWIFT
cd "$consumer"
swift package resolve >/dev/null 2>&1
resolved="$(ls .build/checkouts | sort | tr '\n' ' ')"
echo "resolved: ${resolved:-nothing}"
forbidden='hummingbird|vapor|routing-kit|console-kit|swift-nio|swift-http-types|swift-metrics|swift-distributed-tracing|async-http-client|swift-openapi|grpc-swift|swift-protobuf'
if ls .build/checkouts | grep -Eiq "$forbidden"; then
    if [[ -n "$traits" ]]; then
        echo "ok (self-test): with the $2 trait the check fails, as it must"
        exit 0
    fi
    echo "error: a consumer of the core resolved a server package: $resolved" >&2
    exit 1
fi
if [[ -n "$traits" ]]; then
    echo "error (self-test): the app with the $2 trait passed the check; the check can't fail" >&2
    exit 1
fi
swift build >/dev/null
swift run -q App
# SwiftPM makes a folder for every target of the graph, even one it compiles nothing of (RemedyHummingbird,
# RemedyVapor without their traits), so the check reads the compiled modules.
modules="$(ls .build/debug/Modules | sed -n 's/\.swiftmodule$//p' | sort | tr '\n' ' ')"
echo "compiled modules: $modules"
if grep -Eiq '(^| )(Hummingbird[A-Za-z]*|Vapor|RoutingKit|ConsoleKit[A-Za-z]*|AsyncKit|HTTPTypes|_?NIO[A-Za-z]*|CoreMetrics|Metrics|Tracing|Instrumentation|ServiceContextModule|AsyncHTTPClient|OpenAPI[A-Za-z]*|GRPC[A-Za-z]*|SwiftProtobuf)( |$)' <<<"$modules"; then
    echo "error: a consumer of the core compiled a server module" >&2
    exit 1
fi
echo "ok: the core's consumers resolve and build no Hummingbird, Vapor, SwiftNIO, HTTP types, metrics, tracing, OpenAPI runtime or gRPC"
