import Foundation
import Remedy

// Stand-ins of the ecosystem's error types, with the same stored properties, cases and conformances as
// the real ones (GRDB 7.10, SQLiteNIO 1.13, SwiftNIO 2.101, swift-nio-ssl 2.37, AsyncHTTPClient 1.37,
// Yams 6.2, TOMLKit 0.6). The real types live in modules of their own names, which a test target can't
// declare, so these go through the family's interpretation directly; `IntegrationTests/` checks the
// real types end to end, and `EcosystemFamilyTests` checks that the real module-qualified names map to
// these families.

/// GRDB's `DatabaseError`: a `CustomNSError` whose code is SQLite's extended result code and whose user
/// info holds the developer description.
struct DatabaseErrorStandIn: CustomNSError {
    static let errorDomain = "GRDB.DatabaseError"
    let extendedResultCode: Int32
    let sql: String

    var errorCode: Int { Int(extendedResultCode) }
    var errorUserInfo: [String: Any] {
        [
            NSLocalizedDescriptionKey:
                "SQLite error \(extendedResultCode & 0xFF): UNIQUE constraint failed: player.email - while executing `\(sql)`"
        ]
    }
}

/// SQLiteNIO's `SQLiteError`: a reason and the SQLite message, as a `LocalizedError` whose text is the
/// developer description.
struct SQLiteErrorStandIn: Error, LocalizedError {
    enum Reason: Sendable { case constraintUniqueFailed, busyTimeout, readOnlyDatabaseMoved, interrupt, schema }
    let reason: Reason
    let message: String
    var errorDescription: String? { "\(reason): \(message)" }
}

/// SwiftNIO's `IOError`: a description and an errno in a package enum.
struct IOErrorStandIn: Error {
    enum Code: Sendable { case errno(CInt) }
    let failureDescription: String
    let error: Code
}

/// SwiftNIO's `NIOConnectionError`: every attempt to reach a host, each a plain struct holding an error.
struct NIOConnectionErrorStandIn: Error {
    struct SingleConnectionFailure: Sendable {
        let target: String
        let error: any Error
    }
    let host: String
    let port: Int
    var dnsAError: (any Error)?
    var dnsAAAAError: (any Error)?
    var connectionErrors: [SingleConnectionFailure]
}

/// SwiftNIO's `ChannelError`.
enum ChannelErrorStandIn: Error {
    case connectTimeout(Int64)
    case eof
    case inappropriateOperationForState
}

/// SwiftNIO's `NIOTooManyBytesError`.
struct NIOTooManyBytesErrorStandIn: Error {
    let maxBytes: Int?
}

/// swift-nio-ssl's `NIOSSLError`.
enum NIOSSLErrorStandIn: Error {
    case handshakeFailed(String)
    case unableToValidateCertificate
    case uncleanShutdown
}

/// AsyncHTTPClient's `HTTPClientError`: a private code enum behind static members.
struct HTTPClientErrorStandIn: Error, CustomStringConvertible {
    enum Code: Sendable {
        case readTimeout, connectTimeout, remoteConnectionClosed, redirectLimitReached, invalidURL, cancelled
        case internalStateFailure(file: String, line: UInt)
    }
    private let code: Code
    init(_ code: Code) { self.code = code }
    var description: String { "HTTPClientError.\(code)" }
}

/// Yams' `YamlError`: cases with the context (its text and the mark where the enclosing block began), a
/// problem text, the problem's `Mark` (line and column from 1) and the document.
enum YamlErrorStandIn: Error {
    struct Mark: Sendable {
        let line: Int
        let column: Int
    }
    struct Context: Sendable {
        let text: String
        let mark: Mark
    }
    case scanner(context: Context?, problem: String, Mark, yaml: String)
    case emitter(problem: String)
}

/// TOMLKit's `TOMLParseError`: a description and a source region.
struct TOMLParseErrorStandIn: Error {
    struct Position: Sendable {
        let line: Int
        let column: Int
    }
    struct Region: Sendable {
        let begin: Position
        let end: Position
    }
    let description: String
    let source: Region
}

/// One stand-in, the family that reads it and the entry it must map to.
struct EcosystemCase: Sendable, CustomStringConvertible {
    let label: String
    let family: EcosystemFamily
    let entryName: String
    let makeError: @Sendable () -> any Error

    var description: String { "\(label) → \(entryName)" }
}

enum EcosystemFixtures {
    static let insert = "INSERT INTO player (email) VALUES ('ana@example.com')"

    static let cases: [EcosystemCase] = libraryCases + KindFixtures.cases

    static let libraryCases: [EcosystemCase] = [
        .init(label: "GRDB UNIQUE", family: .sqlite, entryName: "database.constraint") {
            DatabaseErrorStandIn(extendedResultCode: 2067, sql: insert)
        },
        .init(label: "GRDB BUSY", family: .sqlite, entryName: "database.busy") {
            DatabaseErrorStandIn(extendedResultCode: 5, sql: insert)
        },
        .init(label: "GRDB READONLY", family: .sqlite, entryName: "database.readOnly") {
            DatabaseErrorStandIn(extendedResultCode: 8, sql: insert)
        },
        .init(label: "GRDB NOTADB", family: .sqlite, entryName: "database.corrupt") {
            DatabaseErrorStandIn(extendedResultCode: 26, sql: "")
        },
        .init(label: "GRDB CANTOPEN", family: .sqlite, entryName: "database.cannotOpen") {
            DatabaseErrorStandIn(extendedResultCode: 14, sql: "")
        },
        .init(label: "GRDB FULL", family: .sqlite, entryName: "storage.full") {
            DatabaseErrorStandIn(extendedResultCode: 13, sql: insert)
        },
        .init(label: "GRDB syntax error", family: .sqlite, entryName: "internal.programmingError") {
            DatabaseErrorStandIn(extendedResultCode: 1, sql: "SELEC 1")
        },
        .init(label: "GRDB I/O error", family: .sqlite, entryName: "database.default") {
            DatabaseErrorStandIn(extendedResultCode: 10, sql: "SELECT 1")
        },
        .init(label: "SQLiteNIO constraint", family: .sqlite, entryName: "database.constraint") {
            SQLiteErrorStandIn(reason: .constraintUniqueFailed, message: "UNIQUE constraint failed: player.email")
        },
        .init(label: "SQLiteNIO busy", family: .sqlite, entryName: "database.busy") {
            SQLiteErrorStandIn(reason: .busyTimeout, message: "database is locked")
        },
        .init(label: "SQLiteNIO read-only", family: .sqlite, entryName: "database.readOnly") {
            SQLiteErrorStandIn(reason: .readOnlyDatabaseMoved, message: "attempt to write a readonly database")
        },
        .init(label: "SQLiteNIO schema", family: .sqlite, entryName: "database.default") {
            SQLiteErrorStandIn(reason: .schema, message: "database schema has changed")
        },
        .init(label: "IOError ECONNREFUSED", family: .nioIOError, entryName: "network.cannotConnect") {
            IOErrorStandIn(failureDescription: "connect(descriptor:addr:size:)", error: .errno(ECONNREFUSED))
        },
        .init(label: "IOError ECONNRESET", family: .nioIOError, entryName: "network.connectionLost") {
            IOErrorStandIn(failureDescription: "read(descriptor:pointer:size:)", error: .errno(ECONNRESET))
        },
        .init(label: "IOError ENOSPC", family: .nioIOError, entryName: "storage.full") {
            IOErrorStandIn(failureDescription: "write(descriptor:pointer:size:)", error: .errno(ENOSPC))
        },
        .init(label: "NIOConnectionError refused", family: .nioConnectionError, entryName: "network.cannotConnect") {
            NIOConnectionErrorStandIn(
                host: "127.0.0.1",
                port: 9,
                connectionErrors: [
                    .init(
                        target: "[IPv4]127.0.0.1:9", error: IOErrorStandIn(failureDescription: "", error: .errno(111)))
                ]
            )
        },
        .init(label: "NIOConnectionError DNS", family: .nioConnectionError, entryName: "network.hostNotFound") {
            NIOConnectionErrorStandIn(
                host: "nowhere.invalid",
                port: 443,
                dnsAError: IOErrorStandIn(failureDescription: "getaddrinfo", error: .errno(2)),
                connectionErrors: []
            )
        },
        .init(label: "ChannelError.connectTimeout", family: .nioChannelError, entryName: "network.timedOut") {
            ChannelErrorStandIn.connectTimeout(10_000_000_000)
        },
        .init(label: "ChannelError.eof", family: .nioChannelError, entryName: "network.connectionLost") {
            ChannelErrorStandIn.eof
        },
        .init(label: "NIOTooManyBytesError", family: .nioTooManyBytes, entryName: "network.responseTooLarge") {
            NIOTooManyBytesErrorStandIn(maxBytes: 1024)
        },
        .init(label: "NIOSSLError.handshakeFailed", family: .tls, entryName: "network.secureConnectionFailed") {
            NIOSSLErrorStandIn.handshakeFailed("WRONG_VERSION_NUMBER")
        },
        .init(label: "NIOSSLError.unableToValidate", family: .tls, entryName: "network.untrustedServer") {
            NIOSSLErrorStandIn.unableToValidateCertificate
        },
        .init(label: "HTTPClientError.readTimeout", family: .httpClient, entryName: "network.timedOut") {
            HTTPClientErrorStandIn(.readTimeout)
        },
        .init(label: "HTTPClientError.connectTimeout", family: .httpClient, entryName: "network.timedOut") {
            HTTPClientErrorStandIn(.connectTimeout)
        },
        .init(
            label: "HTTPClientError.remoteConnectionClosed",
            family: .httpClient,
            entryName: "network.connectionLost"
        ) {
            HTTPClientErrorStandIn(.remoteConnectionClosed)
        },
        .init(label: "HTTPClientError.redirectLimit", family: .httpClient, entryName: "network.tooManyRedirects") {
            HTTPClientErrorStandIn(.redirectLimitReached)
        },
        .init(label: "HTTPClientError.invalidURL", family: .httpClient, entryName: "network.badAddress") {
            HTTPClientErrorStandIn(.invalidURL)
        },
        .init(label: "YamlError.scanner", family: .parse, entryName: "file.unreadableFormat") {
            YamlErrorStandIn.scanner(
                context: .init(text: "while scanning a quoted scalar", mark: .init(line: 1, column: 1)),
                problem: "found character that cannot start any token",
                .init(line: 3, column: 7),
                yaml: "name: x\n"
            )
        },
        .init(label: "YamlError.emitter", family: .parse, entryName: "data.unsavable") {
            YamlErrorStandIn.emitter(problem: "expected SCALAR")
        },
        .init(label: "TOMLParseError", family: .parse, entryName: "file.unreadableFormat") {
            TOMLParseErrorStandIn(
                description: "Error while parsing key-value pair: encountered end-of-value",
                source: .init(begin: .init(line: 2, column: 9), end: .init(line: 2, column: 9))
            )
        },
    ]
}
