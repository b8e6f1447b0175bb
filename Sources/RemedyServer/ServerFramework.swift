#if Hummingbird || Vapor
import HTTPTypes
import Logging
import NIOCore

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
    /// The `Retry-After` of a node that states a status, if it carries one.
    package var retryAfter: @Sendable (any Error) -> String?
    /// The status of an error that is the framework's lone status error, without headers of its own, which
    /// reads as every other of its status: answered from the answers made once per language.
    package var loneStatus: @Sendable (any Error) -> Int?
    /// The framework's lone status error of a status, from which the answers made once are made.
    package var statusError: @Sendable (Int) -> any Error

    /// Describes a framework's status errors.
    package init(
        statedStatus: @escaping @Sendable (any Error) -> HTTPResponse.Status?,
        retryAfter: @escaping @Sendable (any Error) -> String?,
        loneStatus: @escaping @Sendable (any Error) -> Int?,
        statusError: @escaping @Sendable (Int) -> any Error
    ) {
        self.statedStatus = statedStatus
        self.retryAfter = retryAfter
        self.loneStatus = loneStatus
        self.statusError = statusError
    }
}

/// What the shared answering code reads of a failed request, whatever the framework: the headers that pick the
/// answer's language and form, the request's logger, and what a page's Try Again sends.
package protocol FailedRequest {
    /// The `Accept-Language` header, its lines joined by commas; `nil` when the request has none.
    var acceptLanguage: String? { get }
    /// The `Accept` header, its lines joined by commas; `nil` when the request has none.
    var accept: String? { get }
    /// The request's logger, which carries the framework's request id.
    var logger: Logger { get }
    /// The route as the app's rules see it: the matched route's pattern, or the path.
    var route: String { get }
    /// The request's method, such as `GET`.
    var method: String { get }
    /// The request's target: its path and query, as sent.
    var target: String { get }
    /// The request's authority (its `Host`), such as `example.com:8080`; `nil` when unknown.
    var authority: String? { get }
    /// The headers of a node that states the status (``ServerFramework/statedStatus``): `WWW-Authenticate`,
    /// `Retry-After`…; empty for any other node.
    func statedHeaders(of node: any Error) -> HTTPFields
}

/// A response the framework sends as it is: the status, the headers and the body.
package struct ProblemResponse: Sendable {
    package var status: HTTPResponse.Status
    package var headers: HTTPFields
    package var body: ByteBuffer
}

extension HTTPFields {
    /// These headers without those that describe a response's own body (`Content-Type`, `Content-Length`,
    /// `Content-Language`, `Vary`, `Content-Security-Policy`): what an answer keeps of a status error's headers.
    package var keptForAnswer: HTTPFields {
        guard !isEmpty else { return self }
        return filter {
            ![.contentType, .contentLength, .contentLanguage, .vary, .contentSecurityPolicy].contains($0.name)
        }
    }
}
#endif
