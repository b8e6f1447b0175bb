#!/usr/bin/env bash
# Proves that an app depending only on the library products (Remedy, RemedyTerminal, RemedyTesting)
# resolves and builds none of the server integration's packages: it makes a throwaway package that depends
# on this checkout the way an app does, resolves and builds it, and fails if Hummingbird, SwiftNIO,
# swift-metrics or swift-distributed-tracing was fetched or compiled. Prints the packages it did resolve.
set -euo pipefail
repository="$(cd "$(dirname "$0")/.." && pwd)"
consumer="$(mktemp -d)"
trap 'rm -rf "$consumer"' EXIT
mkdir -p "$consumer/Sources/App"
cat >"$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [.package(path: "$repository")],
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
swift build >/dev/null
swift run -q App
forbidden='hummingbird|swift-nio|swift-metrics|swift-distributed-tracing|async-http-client'
if ls .build/checkouts | grep -Eiq "$forbidden"; then
    echo "error: a consumer of the core resolved a server package: $resolved" >&2
    exit 1
fi
if find .build -maxdepth 3 -type d -iname '*.build' | grep -Eiq 'hummingbird|nio|metrics|tracing'; then
    echo "error: a consumer of the core built a server module" >&2
    exit 1
fi
echo "ok: the core's consumers resolve and build no Hummingbird, SwiftNIO, metrics or tracing"
