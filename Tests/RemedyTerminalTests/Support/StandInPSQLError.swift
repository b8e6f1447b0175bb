import Foundation

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
