#if Hummingbird || Vapor || OpenAPI || GRPC
import HTTPTypes

/// What a server framework tells the shared answering code about its own errors: which of them state an HTTP
/// status for the client, and how to make the lone one of a status.
///
/// Hummingbird states statuses with `HTTPResponseError` (`HTTPError`), Vapor with `AbortError` (`Abort`); each
/// integration describes its own once, and ``ProblemResolver`` reads every error through it. Closures, not a
/// protocol: the resolver stays one concrete type, whatever the framework.
package struct ServerFramework: Sendable {
    /// The status a node of an error's tree states for the client, if it is one of the framework's status
    /// errors; any status, a redirect's too (the answer ignores those below 400).
    package var statedStatus: @Sendable (any Error) -> HTTPResponse.Status?
    /// The status a node states and its `Retry-After`, if it is one of the framework's status errors: how the
    /// catalog reads it (in one cast, where the status alone is read while walking).
    package var statement: @Sendable (any Error) -> (status: HTTPResponse.Status, retryAfter: String?)?
    /// The status of an error that is the framework's lone status error, without headers of its own, which
    /// reads as every other of its status: answered from the answers made once per language.
    package var loneStatus: @Sendable (any Error) -> Int?
    /// The framework's lone status error of a status, from which the answers made once are made.
    package var statusError: @Sendable (Int) -> any Error
    /// The developer's text a status error carries for the log (`HTTPError`'s message, `Abort`'s reason): never
    /// sent to the client, and kept in the record of an answer that holds no report.
    package var reason: @Sendable (any Error) -> String?

    /// Describes a framework's status errors.
    package init(
        statedStatus: @escaping @Sendable (any Error) -> HTTPResponse.Status?,
        statement: @escaping @Sendable (any Error) -> (status: HTTPResponse.Status, retryAfter: String?)?,
        loneStatus: @escaping @Sendable (any Error) -> Int?,
        statusError: @escaping @Sendable (Int) -> any Error,
        reason: @escaping @Sendable (any Error) -> String? = { _ in nil }
    ) {
        self.statedStatus = statedStatus
        self.statement = statement
        self.loneStatus = loneStatus
        self.statusError = statusError
        self.reason = reason
    }
}
#endif
