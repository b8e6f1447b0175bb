import Foundation
import Remedy

// Stand-ins of errors that the catalog reads by their kind, with the same stored properties, cases and
// conformances as the real ones (postgres-nio 1.33's `PSQLError`, swift-crypto 3.12's `CryptoKitError`,
// ZIPFoundation 0.9's `Archive.ArchiveError`, CompressNIO 1.5's `CompressNIOError`). `IntegrationTests/`
// checks the real types, thrown by the real packages.

/// postgres-nio's `PSQLError`: a struct whose state lives in a private copy-on-write class, with a code
/// whose case is a private enum, the server's fields keyed by an enum described as "Code" and "Message",
/// a vague description and a detailed debug description.
struct StandInPSQLError: Error, CustomStringConvertible, CustomDebugStringConvertible, @unchecked Sendable {
    struct Code: Sendable {
        enum Base: Sendable { case server, connectionError, queryCancelled, sslUnsupported, saslError }
        var base: Base
    }
    /// PostgreSQL's field type bytes, described as postgres-nio describes them.
    enum Field: UInt8, CustomStringConvertible {
        case sqlState = 0x43, message = 0x4D, detail = 0x44, constraintName = 0x6E
        var description: String {
            switch self {
            case .sqlState: "Code"
            case .message: "Message"
            case .detail: "Detail"
            case .constraintName: "Constraint Name"
            }
        }
    }
    struct ServerInfo {
        struct ErrorResponse { let fields: [Field: String] }
        let underlying: ErrorResponse
    }
    private final class Backing {
        var code: Code
        var serverInfo: ServerInfo?
        var underlying: (any Error)?
        var query: String?
        init(code: Code) { self.code = code }
    }
    private var backing: Backing

    /// A failure the server reported, with its SQLSTATE and message.
    init(sqlState: String, message: String, constraint: String? = nil, query: String = "INSERT INTO users …") {
        backing = Backing(code: Code(base: .server))
        var fields: [Field: String] = [.sqlState: sqlState, .message: message]
        if let constraint { fields[.constraintName] = constraint }
        backing.serverInfo = ServerInfo(underlying: .init(fields: fields))
        backing.query = query
    }

    /// A failure of the client, with its cause.
    init(_ base: Code.Base, underlying: (any Error)? = nil) {
        backing = Backing(code: Code(base: base))
        backing.underlying = underlying
    }

    var description: String {
        "PSQLError – Generic description to prevent accidental leakage of sensitive data. For debugging details, "
            + "use `String(reflecting: error)`."
    }
    var debugDescription: String {
        let fields = (backing.serverInfo?.underlying.fields ?? [:]).sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return "PSQLError(code: \(backing.code.base), serverInfo: [\(fields)], query: \(backing.query ?? "-"))"
    }
}

/// swift-crypto's `CryptoKitError`.
enum CryptoKitErrorStandIn: Error {
    case incorrectKeySize, incorrectParameterSize, authenticationFailure, unwrapFailure, invalidParameter
    case underlyingCoreCryptoError(error: Int32)
}

/// ZIPFoundation's `Archive.ArchiveError`.
enum ArchiveErrorStandIn: Error {
    case unreadableArchive, unwritableArchive, invalidCompressionMethod, invalidCRC32, cancelledOperation
    case missingEndOfCentralDirectoryRecord, invalidBufferSize
}

/// CompressNIO's `CompressNIOError`: a struct whose case is a private enum with a raw value.
struct CompressNIOErrorStandIn: Error, CustomStringConvertible {
    fileprivate enum ErrorEnum: String { case corruptData, bufferOverflow }
    fileprivate let error: ErrorEnum
    static let corruptData = CompressNIOErrorStandIn(error: .corruptData)
    var description: String { error.rawValue }
}

enum KindFixtures {
    static let cases: [EcosystemCase] = [
        .init(label: "PostgreSQL unique violation", family: .sql, entryName: "database.constraint") {
            StandInPSQLError(sqlState: "23505", message: "duplicate key value violates unique constraint")
        },
        .init(label: "PostgreSQL value too long", family: .sql, entryName: "database.invalidValue") {
            StandInPSQLError(sqlState: "22001", message: "value too long for type character varying(8)")
        },
        .init(label: "PostgreSQL division by zero", family: .sql, entryName: "internal.programmingError") {
            StandInPSQLError(sqlState: "22012", message: "division by zero")
        },
        .init(label: "PostgreSQL wrong password", family: .sql, entryName: "database.credentials") {
            StandInPSQLError(sqlState: "28P01", message: "password authentication failed for user \"app\"")
        },
        .init(label: "PostgreSQL insufficient privilege", family: .sql, entryName: "database.noPermission") {
            StandInPSQLError(sqlState: "42501", message: "permission denied for table users")
        },
        .init(label: "PostgreSQL serialization failure", family: .sql, entryName: "database.busy") {
            StandInPSQLError(sqlState: "40001", message: "could not serialize access")
        },
        .init(label: "PostgreSQL deadlock", family: .sql, entryName: "database.busy") {
            StandInPSQLError(sqlState: "40P01", message: "deadlock detected")
        },
        .init(label: "PostgreSQL too many connections", family: .sql, entryName: "database.unavailable") {
            StandInPSQLError(sqlState: "53300", message: "sorry, too many clients already")
        },
        .init(label: "PostgreSQL admin shutdown", family: .sql, entryName: "database.unavailable") {
            StandInPSQLError(sqlState: "57P01", message: "terminating connection due to administrator command")
        },
        .init(label: "PostgreSQL syntax error", family: .sql, entryName: "internal.programmingError") {
            StandInPSQLError(sqlState: "42601", message: "syntax error at or near \"SELEC\"")
        },
        .init(label: "PostgreSQL disk full", family: .sql, entryName: "storage.full") {
            StandInPSQLError(sqlState: "53100", message: "could not extend file")
        },
        .init(label: "PostgreSQL internal error", family: .sql, entryName: "database.default") {
            StandInPSQLError(sqlState: "XX000", message: "cache lookup failed")
        },
        .init(label: "postgres-nio SASL failure", family: .sql, entryName: "database.credentials") {
            StandInPSQLError(.saslError)
        },
        .init(label: "postgres-nio SSL unsupported", family: .sql, entryName: "network.secureConnectionFailed") {
            StandInPSQLError(.sslUnsupported)
        },
        .init(label: "NIOSSLError certificate not verified", family: .tls, entryName: "network.untrustedServer") {
            NIOSSLErrorStandIn.handshakeFailed("error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED")
        },
        .init(label: "CryptoKitError.authenticationFailure", family: .crypto, entryName: "data.integrityFailed") {
            CryptoKitErrorStandIn.authenticationFailure
        },
        .init(label: "CryptoKitError.unwrapFailure", family: .crypto, entryName: "data.integrityFailed") {
            CryptoKitErrorStandIn.unwrapFailure
        },
        .init(label: "CryptoKitError BoringSSL BAD_DECRYPT", family: .crypto, entryName: "data.integrityFailed") {
            CryptoKitErrorStandIn.underlyingCoreCryptoError(error: 503_316_581)  // 0x1E000065, as swift-crypto on Linux
        },
        .init(label: "CryptoKitError.incorrectKeySize", family: .crypto, entryName: "internal.programmingError") {
            CryptoKitErrorStandIn.incorrectKeySize
        },
        .init(label: "ArchiveError.unreadableArchive", family: .archive, entryName: "file.corrupt") {
            ArchiveErrorStandIn.unreadableArchive
        },
        .init(label: "ArchiveError.invalidCRC32", family: .archive, entryName: "file.corrupt") {
            ArchiveErrorStandIn.invalidCRC32
        },
        .init(label: "ArchiveError.missingEndOfCentralDirectory", family: .archive, entryName: "file.corrupt") {
            ArchiveErrorStandIn.missingEndOfCentralDirectoryRecord
        },
        .init(label: "ArchiveError.invalidCompressionMethod", family: .archive, entryName: "file.corrupt") {
            ArchiveErrorStandIn.invalidCompressionMethod
        },
        .init(label: "ArchiveError.unwritableArchive", family: .archive, entryName: "file.writeFailed") {
            ArchiveErrorStandIn.unwritableArchive
        },
        .init(label: "ArchiveError.invalidBufferSize", family: .archive, entryName: "internal.programmingError") {
            ArchiveErrorStandIn.invalidBufferSize
        },
        .init(label: "CompressNIOError.corruptData", family: .archive, entryName: "file.corrupt") {
            CompressNIOErrorStandIn.corruptData
        },
        .init(
            label: "ChannelError.inappropriateOperation", family: .nioChannelError,
            entryName: "internal.programmingError"
        ) {
            ChannelErrorStandIn.inappropriateOperationForState
        },
    ]
}
