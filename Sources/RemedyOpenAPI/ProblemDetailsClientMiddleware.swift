#if OpenAPI
public import Foundation
public import HTTPTypes
public import OpenAPIRuntime
public import Remedy
import RemedyServer
import Tracing

/// Asks the server for the person's language, and turns an error answer with a Problem Details body into a
/// `ProblemDetailsError`, whether the OpenAPI document declares that answer or not.
///
/// Without it, a generated client hands an undeclared problem answer back as `undocumented(statusCode:…)` and
/// the server's message, actions and reference are lost. With it, calling the operation throws the server's
/// problem (the generated client wraps it in the runtime's `ClientError`), which Remedy presents with the
/// server's title, message, actions and reference:
///
/// ```swift
/// let client = Client(
///     serverURL: URL(string: "https://api.example.com")!,
///     transport: URLSessionTransport(),
///     middlewares: [ProblemDetailsClientMiddleware(localization: localization)]
/// )
/// let record = await scope.attempt("Loading the record") {
///     try await client.getRecord(path: .init(id: "42")).ok.body.json
/// }
/// ```
///
/// The answer is read as `ProblemDetailsError.error(status:header:body:url:limits:actionTransport:)` reads any
/// HTTP client's: a body larger than the limits is refused before it is parsed; only the first actions are
/// read; an action's request must stay on the origin of the service (the client's server URL), or it is left
/// out and logged; texts are bounded and stripped of control characters. An error answer whose body isn't a
/// problem (another content type, or JSON without any of RFC 9457's members) is handed back untouched, for the
/// operation's declared output.
///
/// The request's `Accept-Language` is the language of the failure a server is answering, when a server
/// integration runs this call (`Localization.answering`), else ``localization``'s: a service that calls another
/// asks it for its own client's language. The task's trace context, if any, goes with the request through the
/// bootstrapped instrument (W3C `traceparent` with swift-otel), so the called service's spans join the trace.
public struct ProblemDetailsClientMiddleware: ClientMiddleware {
    /// The language asked for when no server integration has bound one.
    public var localization: Localization
    /// How much of a problem body to read.
    public var limits: ProblemDetails.DecodingLimits
    /// What sends the requests of the server's link actions.
    public var actionTransport: ProblemDetailsError.ActionTransport

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - localization: The language asked for when no server integration has bound one: the root scope's.
    ///     Default: `Localization.default`.
    ///   - limits: How much of a problem body to read. Default: `ProblemDetails.DecodingLimits.default`.
    ///   - actionTransport: What sends the requests of the server's link actions. Default: `URLSession.shared`'s
    ///     configuration, asking for `localization`'s language.
    public init(
        localization: Localization = .default,
        limits: ProblemDetails.DecodingLimits = .default,
        actionTransport: ProblemDetailsError.ActionTransport? = nil
    ) {
        self.localization = localization
        self.limits = limits
        self.actionTransport = actionTransport ?? .urlSession(localization: localization)
    }

    /// Sends the request with `Accept-Language`, and throws the problem of an error answer.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - body: The request's body.
    ///   - baseURL: The service's URL: the origin the server's actions must stay on.
    ///   - operationID: The operation's identifier.
    ///   - next: The other middlewares and the transport.
    /// - Returns: The response, untouched unless it is an error answer with a problem body.
    /// - Throws: `ProblemDetailsError` for an error answer with a problem body, `HTTPStatusError` for one whose
    ///   problem body is larger than ``limits``; any error of `next` as it is.
    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.acceptLanguage] = (Localization.answering ?? localization).acceptLanguage
        // The trace of the request a service is answering goes on to the service it calls (W3C `traceparent`).
        if let context = ServiceContext.current {
            InstrumentationSystem.instrument.inject(context, into: &request.headerFields, using: HTTPFieldsInjector())
        }
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400, let contentType = response.headerFields[.contentType],
            ProblemDetails.isProblemContentType(contentType)
        else { return (response, responseBody) }
        let url = Self.url(of: request, baseURL: baseURL)
        guard let data = try await Self.collect(responseBody, upTo: limits.maximumBodySize) else {
            // Refused before it is parsed, as a body over the limits always is; the status still reads.
            throw HTTPStatusError(status: Int(response.status.code), headers: Self.headers(of: response), url: url)
        }
        let error = ProblemDetailsError.error(
            status: Int(response.status.code),
            header: { name in HTTPField.Name(name).flatMap { response.headerFields[$0] } },
            body: data,
            url: url,
            limits: limits,
            actionTransport: actionTransport
        )
        guard error is ProblemDetailsError else { return (response, responseBody.map { _ in HTTPBody(data) }) }
        throw error
    }

    /// The body's bytes; `nil` when it is longer than `maximum` bytes, read no further.
    static func collect(_ body: HTTPBody?, upTo maximum: Int) async throws -> Data? {
        guard let body else { return Data() }
        if case .known(let length) = body.length, length > maximum { return nil }
        var data = Data()
        for try await chunk in body {
            guard chunk.count <= maximum - data.count else { return nil }
            data.append(contentsOf: chunk)
        }
        return data
    }

    /// The request's URL: the service's URL and the operation's path, on the service's origin.
    static func url(of request: HTTPRequest, baseURL: URL) -> URL {
        guard let path = request.path, !path.isEmpty else { return baseURL }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + path) ?? baseURL
    }

    /// `Content-Type`, `Retry-After` and `Date`, as an error of the answer keeps them.
    static func headers(of response: HTTPResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for name in [HTTPField.Name.contentType, .retryAfter, .date] {
            if let value = response.headerFields[name] { headers[name.rawName] = value }
        }
        return headers
    }
}
#endif
