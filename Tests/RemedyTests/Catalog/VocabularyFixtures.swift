import Foundation
import Remedy
import Testing

// Errors with the structure of real libraries' errors but names and modules of their own: recognition goes by
// the codes the structure carries (an HTTP status, a gRPC status code, SQLite's result codes, an errno) and by
// what names say (a token, a setting, a subprocess), never by a library's name. IntegrationTests checks the real
// libraries' failures.

// MARK: - gRPC

/// The shape of grpc-swift 2's `RPCError`: a `code` struct keeping a private enum with gRPC's names, a message,
/// metadata as key-value pairs, an optional cause.
struct RemoteRPCFailure: Error, CustomStringConvertible {
    struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Wrapped: UInt8, Sendable {
            case ok, cancelled, unknown, invalidArgument, deadlineExceeded, notFound, alreadyExists
            case permissionDenied, resourceExhausted, failedPrecondition, aborted, outOfRange, unimplemented
            case internalError, unavailable, dataLoss, unauthenticated
        }
        let wrapped: Wrapped
        var description: String { String(describing: wrapped) }
    }
    struct Metadata: Sendable {
        enum Value: Sendable { case string(String), binary([UInt8]) }
        struct KeyValuePair: Sendable {
            let key: String
            let value: Value
        }
        var elements: [KeyValuePair] = []
    }
    var code: Code
    var message = "RPC 'forecast.Forecasts/Get' failed at Sources/Forecast/Client.swift:42"
    var metadata = Metadata()
    var cause: (any Error)?

    init(_ code: Code.Wrapped, metadata: [(String, String)] = []) {
        self.code = Code(wrapped: code)
        self.metadata = Metadata(elements: metadata.map { .init(key: $0.0, value: .string($0.1)) })
    }

    var description: String { "\(code): \"\(message)\"" }
}

/// A status with gRPC's number only, where the type's name says RPC.
struct RPCStatusReply: Error {
    let code: Int
    let details: String
}

/// A gRPC name on a `code` of a type whose name says nothing about RPC.
struct CallFailure: Error {
    enum Code: Sendable { case deadlineExceeded, unauthenticated, unknown }
    let code: Code
}

// MARK: - HTTP

/// A status code as a number.
struct ServiceReplyError: Error {
    let statusCode: Int
    let body: String
}

/// A status as a struct with a `code` (swift-http-types' `HTTPResponse.Status`).
struct FetchFailure: Error {
    struct Status: Sendable {
        let code: Int
        let reasonPhrase: String
    }
    let status: Status
}

/// The shape of a generated client's output: documented cases, and `undocumented(statusCode:_:)`.
enum GetForecastOutput: Sendable {
    struct Payload: Sendable { let headerFields: [String: String] }
    case ok(String)
    case notFound(String)
    case code418(String)
    case undocumented(statusCode: Int, Payload)
}

/// The shape of OpenAPIRuntime's internal `RuntimeError`: a shorthand's unexpected response, with developer text.
enum GeneratedRuntimeFailure: Error, LocalizedError {
    case unexpectedResponseStatus(expectedStatus: String, response: any Sendable)
    var errorDescription: String? {
        "Unexpected response, expected status code: 200, response: undocumented(statusCode: 500, Optional(Body))"
    }
}

/// A response whose status is computed, and whose text is its status line (swift-http-types' `HTTPResponse`).
struct ResponseHead: Sendable, CustomDebugStringConvertible {
    private let statusLine: String
    let headerFields: [String: String]
    init(_ statusLine: String) {
        self.statusLine = statusLine
        headerFields = [:]
    }
    var debugDescription: String { statusLine }
}

/// The shape of OpenAPIRuntime's `ClientError`: an operation, an optional response, developer text, a cause.
struct OperationClientFailure: Error, LocalizedError {
    enum Cause: Error { case unexpectedContentType }
    var operationID = "getForecast"
    var response: ResponseHead?
    var causeDescription = "Unexpected content type, expected: application/json, received: text/html"
    var underlyingError: any Error = Cause.unexpectedContentType
    var errorDescription: String? {
        "Client encountered an error invoking the operation \"\(operationID)\", caused by \"\(causeDescription)\""
    }
}

// MARK: - SQLite

/// SQLiteNIO's shape: a reason named after SQLite's result code, and SQLite's message.
struct EmbeddedSQLiteError: Error, LocalizedError {
    enum Reason: Sendable {
        case constraintNotNullFailed, constraintForeignKeyFailed, constraintCheckFailed, constraintUniqueFailed
        case constraintPrimaryKeyFailed, constraint, error, cantOpen
    }
    let reason: Reason
    let message: String
    var errorDescription: String? { "\(reason): \(message)" }
}

/// A driver that keeps SQLite's result code as a number.
struct SQLiteDriverError: Error {
    let resultCode: Int32
    let message: String
}

// MARK: - errno, pipes and spawning

/// An errno from writing to a stream.
struct StreamWriteFailure: Error {
    let errno: Int32
    let operation: String
}

/// An errno from a socket library (SwiftNIO's `IOError` keeps `errnoCode` and a description).
struct SocketWriteFailure: Error {
    let errnoCode: Int32
    let reason: String
}

/// swift-system's `Errno`: an errno as the raw value.
struct OSErrno: Error, RawRepresentable, Hashable {
    let rawValue: Int32
    init(rawValue: Int32) { self.rawValue = rawValue }
}

/// swift-subprocess' `SubprocessError`: a `code` struct keeping a private enum, the errno, a private context.
struct ProgramSpawnError: Error, CustomStringConvertible {
    struct Code: Hashable, Sendable {
        enum Storage: Int, Sendable { case spawnFailed, executableNotFound, failedToChangeWorkingDirectory }
        let storage: Storage
    }
    let code: Code
    let underlyingError: OSErrno?
    private let context: [Int: String]

    init(_ code: Code.Storage, errno: Int32?, context: String) {
        self.code = Code(storage: code)
        underlyingError = errno.map { OSErrno(rawValue: $0) }
        self.context = [code.rawValue: context]
    }

    var description: String { "Executable \"\(context.values.first ?? "")\" is not found or cannot be executed." }
}

// MARK: - Credentials and settings

/// jwt-kit's `JWTError`: a private backing with an error type that keeps a private enum.
struct TokenVerificationError: Error, CustomStringConvertible {
    struct ErrorType: Sendable {
        enum Base: String, Sendable {
            case claimVerificationFailure, signatureVerificationFailed, malformedToken, invalidJWK
        }
        let base: Base
    }
    private struct Backing: Sendable {
        let errorType: ErrorType
        let reason: String?
    }
    private let backing: Backing

    init(_ base: ErrorType.Base, reason: String? = nil) {
        backing = Backing(errorType: ErrorType(base: base), reason: reason)
    }

    var description: String { "JWTKitError(errorType: \(backing.errorType.base), reason: \"exp claim expired\")" }
}

/// swift-configuration's `ConfigError`.
enum SettingsReaderError: Error, CustomStringConvertible {
    case missingRequiredConfigValue(String)
    case configValueNotConvertible(name: String, type: String)
    var description: String { "Missing required config value for key: http.port." }
}

// MARK: - The cases

/// One failure, the entry it must read as, and the text of the library that a person must never read.
struct VocabularyCase: Sendable, CustomTestStringConvertible {
    let label: String
    /// `nil` for a failure that reads as a cancellation (silent).
    let entryName: String?
    let make: @Sendable () -> any Error
    var testDescription: String { label }

    init(_ label: String, _ entryName: String?, _ make: @escaping @Sendable () -> any Error) {
        self.label = label
        self.entryName = entryName
        self.make = make
    }
}

/// The app's own enum, which wraps what the layers below threw.
enum ForecastAppError: Error {
    case loading(any Error)
}

enum VocabularyFixtures {
    static let spawned: [VocabularyCase] = [
        .init("program not found", "process.programNotFound") {
            ProgramSpawnError(.executableNotFound, errno: POSIXErrorCode.ENOENT.rawValue, context: "swiftformat")
        },
        .init("spawn ENOENT", "process.programNotFound") {
            ProgramSpawnError(.spawnFailed, errno: POSIXErrorCode.ENOENT.rawValue, context: "/opt/tool/bin/run")
        },
        .init("no working directory", "file.notFound") {
            ProgramSpawnError(
                .failedToChangeWorkingDirectory, errno: POSIXErrorCode.ENOENT.rawValue, context: "/no/such/dir")
        },
    ]

    static let rpc: [VocabularyCase] = [
        .init("rpc cancelled", nil) { RemoteRPCFailure(.cancelled) },
        .init("rpc unknown", "http.internalServerError") { RemoteRPCFailure(.unknown) },
        .init("rpc invalidArgument", "http.badRequest") { RemoteRPCFailure(.invalidArgument) },
        .init("rpc deadlineExceeded", "network.timedOut") { RemoteRPCFailure(.deadlineExceeded) },
        .init("rpc notFound", "http.notFound") { RemoteRPCFailure(.notFound) },
        .init("rpc alreadyExists", "database.constraint") { RemoteRPCFailure(.alreadyExists) },
        .init("rpc permissionDenied", "http.forbidden") { RemoteRPCFailure(.permissionDenied) },
        .init("rpc resourceExhausted", "http.tooManyRequests") { RemoteRPCFailure(.resourceExhausted) },
        .init("rpc failedPrecondition", "http.conflict") { RemoteRPCFailure(.failedPrecondition) },
        .init("rpc aborted", "http.conflict") { RemoteRPCFailure(.aborted) },
        .init("rpc outOfRange", "http.badRequest") { RemoteRPCFailure(.outOfRange) },
        .init("rpc unimplemented", "service.updateRequired") { RemoteRPCFailure(.unimplemented) },
        .init("rpc internalError", "http.internalServerError") { RemoteRPCFailure(.internalError) },
        .init("rpc unavailable", "http.serviceUnavailable") { RemoteRPCFailure(.unavailable) },
        .init("rpc dataLoss", "http.internalServerError") { RemoteRPCFailure(.dataLoss) },
        .init("rpc unauthenticated", "auth.signInRequired") { RemoteRPCFailure(.unauthenticated) },
        .init("rpc number 4", "network.timedOut") { RPCStatusReply(code: 4, details: "deadline") },
        .init("rpc number 16", "auth.signInRequired") { RPCStatusReply(code: 16, details: "no token") },
        .init("rpc name on any code", "network.timedOut") { CallFailure(code: .deadlineExceeded) },
    ]

    static let http: [VocabularyCase] = [
        .init("statusCode 503", "http.serviceUnavailable") { ServiceReplyError(statusCode: 503, body: "<html>") },
        .init("status struct 404", "http.notFound") {
            FetchFailure(status: .init(code: 404, reasonPhrase: "Not Found"))
        },
        .init("undocumented 500", "http.internalServerError") {
            GeneratedRuntimeFailure.unexpectedResponseStatus(
                expectedStatus: "200",
                response: GetForecastOutput.undocumented(statusCode: 500, .init(headerFields: [:])))
        },
        .init("documented 404 where 200 was expected", "http.notFound") {
            GeneratedRuntimeFailure.unexpectedResponseStatus(
                expectedStatus: "200", response: GetForecastOutput.notFound("no such city"))
        },
        .init("documented 418", "http.clientError") {
            GeneratedRuntimeFailure.unexpectedResponseStatus(
                expectedStatus: "200", response: GetForecastOutput.code418("teapot"))
        },
        .init("client error with a response", "http.badGateway") {
            OperationClientFailure(response: ResponseHead("502 Bad Gateway"))
        },
    ]

    static let sqlite: [VocabularyCase] = [
        .init("reason NOT NULL", "database.missingValue") {
            EmbeddedSQLiteError(reason: .constraintNotNullFailed, message: "NOT NULL constraint failed: player.name")
        },
        .init("reason FOREIGN KEY", "database.reference") {
            EmbeddedSQLiteError(reason: .constraintForeignKeyFailed, message: "FOREIGN KEY constraint failed")
        },
        .init("reason CHECK", "database.invalidValue") {
            EmbeddedSQLiteError(reason: .constraintCheckFailed, message: "CHECK constraint failed: age > 0")
        },
        .init("reason UNIQUE", "database.constraint") {
            EmbeddedSQLiteError(reason: .constraintUniqueFailed, message: "UNIQUE constraint failed: player.email")
        },
        .init("reason PRIMARY KEY", "database.constraint") {
            EmbeddedSQLiteError(reason: .constraintPrimaryKeyFailed, message: "UNIQUE constraint failed: player.id")
        },
        .init("reason syntax error", "internal.programmingError") {
            EmbeddedSQLiteError(reason: .error, message: "near \"SELEC\": syntax error")
        },
        .init("reason cantOpen", "database.cannotOpen") {
            EmbeddedSQLiteError(reason: .cantOpen, message: "unable to open database file")
        },
        .init("primary code and message", "database.missingValue") {
            SQLiteDriverError(resultCode: 19, message: "NOT NULL constraint failed: player.name")
        },
        .init("code 1299", "database.missingValue") { SQLiteDriverError(resultCode: 1299, message: "") },
        .init("code 787", "database.reference") { SQLiteDriverError(resultCode: 787, message: "") },
        .init("code 275", "database.invalidValue") { SQLiteDriverError(resultCode: 275, message: "") },
        .init("code 2067", "database.constraint") { SQLiteDriverError(resultCode: 2067, message: "") },
        .init("code 1555", "database.constraint") { SQLiteDriverError(resultCode: 1555, message: "") },
        .init("code 1 syntax", "internal.programmingError") {
            SQLiteDriverError(resultCode: 1, message: "near \"SELEC\": syntax error")
        },
        .init("code 14", "database.cannotOpen") { SQLiteDriverError(resultCode: 14, message: "unable to open") },
    ]

    static let errno: [VocabularyCase] = [
        .init("POSIXError EPIPE", "pipe.closed") { POSIXError(.EPIPE) },
        .init("POSIXError ECONNRESET", "pipe.closed") { POSIXError(.ECONNRESET) },
        .init("a FileHandle's broken pipe", "pipe.closed") {
            NSError(
                domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
                userInfo: [
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(POSIXErrorCode.EPIPE.rawValue))
                ])
        },
        .init("errno field EPIPE", "pipe.closed") {
            StreamWriteFailure(errno: POSIXErrorCode.EPIPE.rawValue, operation: "write")
        },
        .init("socket EPIPE", "network.connectionLost") {
            SocketWriteFailure(errnoCode: POSIXErrorCode.EPIPE.rawValue, reason: "writev")
        },
        .init("socket ECONNRESET", "network.connectionLost") {
            SocketWriteFailure(errnoCode: POSIXErrorCode.ECONNRESET.rawValue, reason: "read")
        },
        .init("a full device", "storage.full") {
            NSError(
                domain: NSCocoaErrorDomain, code: CocoaError.fileWriteOutOfSpace.rawValue,
                userInfo: [
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(POSIXErrorCode.ENOSPC.rawValue))
                ])
        },
    ]

    static let setup: [VocabularyCase] = [
        .init("token expired", "auth.signInRequired") {
            TokenVerificationError(.claimVerificationFailure, reason: "expired")
        },
        .init("token signature", "auth.signInRequired") { TokenVerificationError(.signatureVerificationFailed) },
        .init("token malformed", "auth.signInRequired") { TokenVerificationError(.malformedToken) },
        .init("setting missing", "config.missing") { SettingsReaderError.missingRequiredConfigValue("http.port") },
        .init("setting of the wrong type", "config.invalid") {
            SettingsReaderError.configValueNotConvertible(name: "http.port", type: "int")
        },
    ]

    static let all = rpc + http + sqlite + errno + spawned + setup

    /// Words of the libraries' developer texts that a person must never read.
    static let libraryWords = [
        "RPC", "Sources/", "undocumented", "Optional(", "Unexpected content type", "getForecast", "constraint failed",
        "syntax error", "JWTKit", "config value", "Executable", "errno", "Error Domain", "http.port", "swiftformat",
    ]
}
