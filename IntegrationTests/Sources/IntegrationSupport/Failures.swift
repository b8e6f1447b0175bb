import AsyncHTTPClient
import Foundation
import GRDB
import NIOCore
import NIOPosix
import TOMLKit
import Yams

/// The real failures this package triggers, one ``FailureCase`` each.
public enum Failures {
    /// Every case, in the order of the table.
    public static let all: [FailureCase] =
        grdb + postgres + nio + tls + asyncHTTPClient + crypto + archives + argumentParser + dataFormats + files
        + grpc + openAPI + jwt + configuration + processes + pipes + sqliteNIO

    /// The cases whose error is no failure (a request for help): Remedy must not present them as one.
    public static let notFailures: Set<String> = ["argumentParser.help"]

    /// The case with this id.
    public static func named(_ id: String) -> FailureCase? {
        all.first { $0.id == id }
    }

    // MARK: - GRDB

    static let grdb: [FailureCase] = [
        FailureCase(
            "grdb.unique", library: "GRDB",
            summary: "INSERT a duplicate email into a column with a UNIQUE constraint"
        ) { workspace in
            let queue = try DatabaseQueue(path: workspace.path("library.sqlite"))
            try await queue.write { db in
                try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE)")
                try db.execute(sql: "INSERT INTO player (email) VALUES (?)", arguments: ["ada@example.com"])
            }
            return try await workspace.failure {
                try await queue.write { db in
                    try db.execute(sql: "INSERT INTO player (email) VALUES (?)", arguments: ["ada@example.com"])
                }
            }
        },
        FailureCase(
            "grdb.busy", library: "GRDB",
            summary: "write through a second DatabaseQueue while the first holds a write transaction (no busy timeout)"
        ) { workspace in
            let path = workspace.path("library.sqlite")
            let holder = try DatabaseQueue(path: path)
            try await holder.write { db in try db.execute(sql: "CREATE TABLE note (text TEXT NOT NULL)") }
            // The default busy mode is an immediate error: no busy timeout.
            let writer = try DatabaseQueue(path: path)
            var failure: (any Error)?
            try holder.inTransaction(.immediate) { _ in
                do {
                    try writer.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('draft')") }
                } catch {
                    failure = error
                }
                return .rollback
            }
            return try await workspace.failure {
                if let failure { throw failure }
                return "the second write went through"
            }
        },
        FailureCase(
            "grdb.readonly", library: "GRDB",
            summary: "INSERT through a DatabaseQueue opened with `readonly = true`"
        ) { workspace in
            let path = workspace.path("library.sqlite")
            try await DatabaseQueue(path: path).write { db in
                try db.execute(sql: "CREATE TABLE note (text TEXT NOT NULL)")
            }
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            return try await workspace.failure {
                try await queue.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('draft')") }
            }
        },
        FailureCase(
            "grdb.cantOpen", library: "GRDB",
            summary: "open a database whose directory doesn't exist"
        ) { workspace in
            try await workspace.failure {
                try DatabaseQueue(path: workspace.path("missing/library.sqlite"))
            }
        },
        FailureCase(
            "grdb.notADatabase", library: "GRDB",
            summary: "open a text file as a database and read from it"
        ) { workspace in
            let path = workspace.path("library.sqlite")
            try workspace.write(
                String(repeating: "This is a text file, not a database.\n", count: 64),
                to: "library.sqlite"
            )
            return try await workspace.failure {
                let queue = try DatabaseQueue(path: path)
                return try await queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
                }
            }
        },
        FailureCase(
            "grdb.syntax", library: "GRDB",
            summary: "run `SELEC 1`, a statement with a typo (SQLITE_ERROR: a programmer's mistake)"
        ) { workspace in
            let queue = try DatabaseQueue(path: workspace.path("library.sqlite"))
            return try await workspace.failure {
                try await queue.read { db in try Int.fetchOne(db, sql: "SELEC 1") ?? 0 }
            }
        },
    ]

    // MARK: - SwiftNIO

    static let nio: [FailureCase] = [
        FailureCase(
            "nio.refused.host", library: "SwiftNIO",
            summary: "ClientBootstrap.connect(host: \"127.0.0.1\") to a closed port"
        ) { workspace in
            let port = try await LoopbackServer.closedPort()
            return try await workspace.failure {
                let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .connect(host: "127.0.0.1", port: port).get()
                try await channel.close()
                return channel
            }
        },
        FailureCase(
            "nio.refused.address", library: "SwiftNIO",
            summary: "ClientBootstrap.connect(to: SocketAddress) to a closed port"
        ) { workspace in
            let port = try await LoopbackServer.closedPort()
            let address = try SocketAddress(ipAddress: "127.0.0.1", port: port)
            return try await workspace.failure {
                let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .connect(to: address).get()
                try await channel.close()
                return channel
            }
        },
        FailureCase(
            "nio.connectTimeout", library: "SwiftNIO",
            summary: "connect with a 200 ms connect timeout to a server whose accept queue is full"
        ) { workspace in
            try await LoopbackServer.withFullBacklogServer { port in
                let address = try SocketAddress(ipAddress: "127.0.0.1", port: port)
                return try await workspace.failure {
                    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                        .connectTimeout(.milliseconds(200))
                        .connect(to: address).get()
                    try await channel.close()
                    return channel
                }
            }
        },
    ]

    // MARK: - AsyncHTTPClient

    static let asyncHTTPClient: [FailureCase] = [
        FailureCase(
            "ahc.refused", library: "AsyncHTTPClient",
            summary: "GET http://127.0.0.1 on a closed port (default configuration, 500 ms deadline)"
        ) { workspace in
            let port = try await LoopbackServer.closedPort()
            return try await withClient(.init()) { client in
                try await workspace.failure {
                    try await client.execute(
                        HTTPClientRequest(url: "http://127.0.0.1:\(port)/notes"),
                        timeout: .milliseconds(500)
                    )
                }
            }
        },
        FailureCase(
            "ahc.connectTimeout", library: "AsyncHTTPClient",
            summary: "GET with a 200 ms connect timeout from a server whose accept queue is full (1 s deadline)"
        ) { workspace in
            try await LoopbackServer.withFullBacklogServer { port in
                var configuration = HTTPClient.Configuration()
                configuration.timeout = .init(connect: .milliseconds(200), read: .seconds(5))
                return try await withClient(configuration) { client in
                    try await workspace.failure {
                        try await client.execute(
                            HTTPClientRequest(url: "http://127.0.0.1:\(port)/notes"),
                            timeout: .seconds(1)
                        )
                    }
                }
            }
        },
        FailureCase(
            "ahc.readTimeout", library: "AsyncHTTPClient",
            summary: "GET with a 200 ms read timeout from a server that accepts and never answers"
        ) { workspace in
            try await LoopbackServer.withSilentServer { port in
                var configuration = HTTPClient.Configuration()
                configuration.timeout = .init(connect: .seconds(5), read: .milliseconds(200))
                return try await withClient(configuration) { client in
                    try await workspace.failure {
                        try await client.execute(
                            HTTPClientRequest(url: "http://127.0.0.1:\(port)/notes"),
                            timeout: .seconds(10)
                        )
                    }
                }
            }
        },
        FailureCase(
            "ahc.redirectCycle", library: "AsyncHTTPClient",
            summary: "GET a URL that redirects to itself (follow up to 5, cycles not allowed)"
        ) { workspace in
            try await LoopbackServer.withHTTPServer { port in
                var configuration = HTTPClient.Configuration()
                configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
                return try await withClient(configuration) { client in
                    try await workspace.failure {
                        try await client.execute(
                            HTTPClientRequest(url: "http://127.0.0.1:\(port)/loop"),
                            timeout: .seconds(10)
                        )
                    }
                }
            }
        },
        FailureCase(
            "ahc.redirectLimit", library: "AsyncHTTPClient",
            summary: "GET a URL that redirects on and on (follow up to 3)"
        ) { workspace in
            try await LoopbackServer.withHTTPServer { port in
                var configuration = HTTPClient.Configuration()
                configuration.redirectConfiguration = .follow(max: 3, allowCycles: false)
                return try await withClient(configuration) { client in
                    try await workspace.failure {
                        try await client.execute(
                            HTTPClientRequest(url: "http://127.0.0.1:\(port)/hop/0"),
                            timeout: .seconds(10)
                        )
                    }
                }
            }
        },
        FailureCase(
            "ahc.bodyTooLarge", library: "AsyncHTTPClient",
            summary: "collect(upTo: 1024) of a 64 KiB response body"
        ) { workspace in
            try await LoopbackServer.withHTTPServer { port in
                try await withClient(.init()) { client in
                    let response = try await client.execute(
                        HTTPClientRequest(url: "http://127.0.0.1:\(port)/large"),
                        timeout: .seconds(10)
                    )
                    return try await workspace.failure { try await response.body.collect(upTo: 1024) }
                }
            }
        },
        FailureCase(
            "ahc.tls", library: "AsyncHTTPClient",
            summary: "GET https:// from a plain-HTTP server (1 s deadline: the pool retries until then)"
        ) { workspace in
            try await LoopbackServer.withHTTPServer { port in
                try await withClient(.init()) { client in
                    try await workspace.failure {
                        try await client.execute(
                            HTTPClientRequest(url: "https://127.0.0.1:\(port)/notes"),
                            timeout: .seconds(1)
                        )
                    }
                }
            }
        },
    ]

    /// Runs `body` with a client of its own, shut down after it.
    private static func withClient<T>(
        _ configuration: HTTPClient.Configuration,
        _ body: (HTTPClient) async throws -> T
    ) async throws -> T {
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let result = try await body(client)
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    // MARK: - Data formats

    /// The settings a configuration file decodes to.
    struct Settings: Decodable {
        var name: String
        var port: Int
    }

    static let dataFormats: [FailureCase] = [
        FailureCase(
            "yams.indentation", library: "Yams",
            summary: "load YAML whose third line is indented less than its sibling"
        ) { workspace in
            try await workspace.failure {
                try Yams.load(yaml: "server:\n  host: localhost\n port: 8080\n") as Any
            }
        },
        FailureCase(
            "yams.unclosedQuote", library: "Yams",
            summary: "load YAML with a quoted string that is never closed"
        ) { workspace in
            try await workspace.failure {
                try Yams.load(yaml: "name: notes\ntitle: \"My notes\nport: 8080\n") as Any
            }
        },
        FailureCase(
            "toml.parse", library: "TOMLKit",
            summary: "parse TOML whose second line has a key without a value"
        ) { workspace in
            try await workspace.failure {
                try TOMLTable(string: "[server]\nport = \nname = \"notes\"\n")
            }
        },
        FailureCase(
            "json.malformed", library: "Foundation",
            summary: "JSONDecoder on config.json with a missing comma"
        ) { workspace in
            let file = try workspace.write("{\n  \"name\": \"notes\"\n  \"port\": 8080\n}\n", to: "config.json")
            return try await workspace.failure {
                try JSONDecoder().decode(Settings.self, from: Data(contentsOf: file))
            }
        },
        FailureCase(
            "json.missingKey", library: "Foundation",
            summary: "JSONDecoder on config.json without the required key \"port\""
        ) { workspace in
            let file = try workspace.write("{\n  \"name\": \"notes\"\n}\n", to: "config.json")
            return try await workspace.failure {
                try JSONDecoder().decode(Settings.self, from: Data(contentsOf: file))
            }
        },
        // An app that reads its configuration file says which file failed to decode, the way Foundation's own
        // file errors do: a CocoaError with the path, the DecodingError underneath.
        FailureCase(
            "json.malformed.inFile", library: "Foundation",
            summary: "JSONDecoder on config.json with a missing comma, rethrown with the file's path"
        ) { workspace in
            let file = try workspace.write("{\n  \"name\": \"notes\"\n  \"port\": 8080\n}\n", to: "config.json")
            return try await workspace.failure { try decodeSettings(from: file) }
        },
        FailureCase(
            "json.missingKey.inFile", library: "Foundation",
            summary: "JSONDecoder on config.json without the key \"port\", rethrown with the file's path"
        ) { workspace in
            let file = try workspace.write("{\n  \"name\": \"notes\"\n}\n", to: "config.json")
            return try await workspace.failure { try decodeSettings(from: file) }
        },
    ]

    /// Reads settings from a file; a decoding failure is rethrown as `CocoaError.fileReadCorruptFile` with
    /// the file's path and the `DecodingError` as the underlying error.
    private static func decodeSettings(from file: URL) throws -> Settings {
        let data = try Data(contentsOf: file)
        do {
            return try JSONDecoder().decode(Settings.self, from: data)
        } catch {
            throw CocoaError(
                .fileReadCorruptFile,
                userInfo: [NSFilePathErrorKey: file.path, NSURLErrorKey: file, NSUnderlyingErrorKey: error]
            )
        }
    }

    // MARK: - Foundation files

    static let files: [FailureCase] = [
        FailureCase(
            "file.missing", library: "Foundation",
            summary: "Data(contentsOf:) of config.json, which doesn't exist"
        ) { workspace in
            try await workspace.failure { try Data(contentsOf: workspace.url("config.json")) }
        },
        FailureCase(
            "file.notDirectory.write", library: "Foundation",
            summary: "Data.write(to:) into notes/config.json where notes is a regular file"
        ) { workspace in
            try workspace.write("not a folder\n", to: "notes")
            return try await workspace.failure {
                try Data("{}".utf8).write(to: workspace.url("notes/config.json"))
            }
        },
        FailureCase(
            "file.notDirectory.createDirectory", library: "Foundation",
            summary: "FileManager.createDirectory(at: notes/drafts) where notes is a regular file"
        ) { workspace in
            try workspace.write("not a folder\n", to: "notes")
            return try await workspace.failure {
                try FileManager.default.createDirectory(
                    at: workspace.url("notes/drafts"),
                    withIntermediateDirectories: true
                )
            }
        },
        FailureCase(
            "file.isDirectory.read", library: "Foundation",
            summary: "Data(contentsOf:) of a directory"
        ) { workspace in
            try FileManager.default.createDirectory(at: workspace.url("notes"), withIntermediateDirectories: true)
            return try await workspace.failure { try Data(contentsOf: workspace.url("notes")) }
        },
        // Permission cases that fail as root too: Linux's /proc and /sys refuse these to every user.
        FailureCase(
            "file.permission.write", library: "Foundation",
            summary: "Data.write(to:) /proc/sys/kernel/ostype (read-only for every user, root included)"
        ) { workspace in
            try await workspace.failure {
                try Data("remedy\n".utf8).write(to: URL(fileURLWithPath: "/proc/sys/kernel/ostype"))
            }
        },
        FailureCase(
            "file.permission.create", library: "Foundation",
            summary: "Data.write(to:) a new file in /sys (no new files, root included)"
        ) { workspace in
            try await workspace.failure {
                try Data("remedy\n".utf8).write(to: URL(fileURLWithPath: "/sys/remedy-integration.txt"))
            }
        },
        FailureCase(
            "file.permission.remove", library: "Foundation",
            summary: "FileManager.removeItem(atPath: \"/proc/version\") (not removable, root included)"
        ) { workspace in
            try await workspace.failure { try FileManager.default.removeItem(atPath: "/proc/version") }
        },
    ]
}
