import Foundation
import Hummingbird
import Logging
import NIOCore
import Remedy
import RemedyHummingbird

// A Hummingbird router called in process, without sockets: the same failing route plain and behind
// `ProblemDetailsMiddleware`, so one run measures both (the issue "Across the wire").

/// A request context that needs no channel: a logger is all a route and the middleware read.
package struct InProcessContext: RequestContext {
    package struct Source: RequestContextSource {
        package let logger: Logger
        package let marksBodyErrors: Bool
    }

    package var coreContext: CoreRequestContextStorage
    private let marksBodyErrors: Bool

    package init(source: Source) {
        coreContext = CoreRequestContextStorage(source: source)
        marksBodyErrors = source.marksBodyErrors
    }

    package var requestDecoder: BenchmarkRequestDecoder { BenchmarkRequestDecoder(marksBodyErrors: marksBodyErrors) }
}

/// A log handler at `info` that renders each record it gets into one line and drops it, as a real
/// handler's formatting would cost, without the I/O.
package struct RenderingLogHandler: LogHandler {
    package var logLevel: Logger.Level = .info
    package var metadata: Logger.Metadata = [:]

    package init() {}

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var line = "\(event.level) \(event.message)"
        for (key, value) in event.metadata ?? [:] {
            line += " \(key)=\(value)"
        }
        precondition(!line.isEmpty)
    }
}

/// The shapes of error a route throws, each answered by plain Hummingbird and by the middleware: the
/// operations `server.failure.plain.<shape>` and `server.failure.<shape>` of `remedy-profile`.
package enum FailureShape: String, CaseIterable, Sendable {
    /// A lone `HTTPError(.serviceUnavailable)`.
    case httpError
    /// An `HTTPError` with a `Retry-After` header.
    case retryAfter
    /// The app's own `HTTPResponseError`.
    case responseError
    /// The app's `LocalizedError` enum, thrown as it is.
    case localizedError
    /// The same enum inside two layers of `withContext`.
    case contextLayers
    /// A library's error whose state is in a private class, as postgres-nio's `PSQLError`'s is.
    case opaqueLibrary
    /// An `InvalidInputError` with three fields.
    case invalidInput
    /// A request body that can't be decoded.
    case undecodableBody

    /// The route's path.
    package var path: String { "/fail/\(rawValue)" }
}

/// What a plain Hummingbird app adds so that each failed request is found in its log at `info`: one record per
/// failure with its status and the error's type, the error rethrown for Hummingbird to answer. The baseline of the
/// server gates since every answer of the middleware is recorded at `info` (its reference must find the record).
struct FailureLoggingMiddleware: RouterMiddleware {
    typealias Context = InProcessContext

    func handle(
        _ request: Request,
        context: InProcessContext,
        next: (Request, InProcessContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            context.logger.info(
                "Request failed",
                metadata: [
                    "status": "\(status.code)",
                    "error.type": "\(String(reflecting: type(of: error)))",
                ]
            )
            throw error
        }
    }
}

/// A router whose routes fail, one per ``FailureShape``, plain or behind the middleware.
package struct FailingServer: Sendable {
    private let responder: RouterResponder<InProcessContext>
    private let logger: Logger
    private let marksBodyErrors: Bool

    /// - Parameters:
    ///   - answersProblems: Whether `ProblemDetailsMiddleware` answers the routes' errors. Behind it, request
    ///     bodies are decoded through `RequestBodyDecoder`, as its documentation asks.
    ///   - logsFailures: Whether a plain server records each failure at `info` (``FailureLoggingMiddleware``).
    package init(answersProblems: Bool, logsFailures: Bool = false) {
        let router = Router(context: InProcessContext.self)
        if answersProblems { router.add(middleware: ProblemDetailsMiddleware()) }
        if logsFailures, !answersProblems { router.add(middleware: FailureLoggingMiddleware()) }
        for shape in FailureShape.allCases {
            router.on(RouterPath(shape.path), method: shape == .undecodableBody ? .post : .get) { request, context in
                try await failing(shape, request: request, context: context)
            }
        }
        router.get("/hello") { _, _ in "Hello" }
        responder = router.buildResponder()
        logger = Logger(label: "server") { _ in RenderingLogHandler() }
        marksBodyErrors = answersProblems
    }

    /// Answers one request as Hummingbird's server does: a thrown `HTTPResponseError` becomes its response,
    /// any other error a bare 500, and the body is written out.
    ///
    /// - Returns: The response's status code.
    @discardableResult
    package func respond(to path: String, acceptLanguage: String? = nil) async -> Int {
        await respond(method: .get, path: path, acceptLanguage: acceptLanguage, body: ByteBuffer())
    }

    /// Answers the request whose route throws an error of a shape.
    ///
    /// - Returns: The response's status code.
    @discardableResult
    package func respond(failing shape: FailureShape) async -> Int {
        guard shape == .undecodableBody else { return await respond(to: shape.path) }
        return await respond(
            method: .post, path: shape.path, acceptLanguage: nil, body: ByteBuffer(string: #"{"quantity": "two"}"#))
    }

    private func respond(method: HTTPRequest.Method, path: String, acceptLanguage: String?, body: ByteBuffer) async
        -> Int
    {
        var fields = HTTPFields()
        if let acceptLanguage { fields[.acceptLanguage] = acceptLanguage }
        if method == .post { fields[.contentType] = "application/json" }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: path, headerFields: fields),
            body: RequestBody(buffer: body)
        )
        let context = InProcessContext(source: .init(logger: logger, marksBodyErrors: marksBodyErrors))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch let error as any HTTPResponseError {
            response = (try? error.response(from: request, context: context)) ?? Response(status: .internalServerError)
        } catch {
            response = Response(status: .internalServerError)
        }
        let body = response.body
        try? await body.write(DiscardingWriter())
        return Int(response.status.code)
    }
}

/// What the route of a shape does: throws it.
private func failing(_ shape: FailureShape, request: Request, context: InProcessContext) async throws -> String {
    switch shape {
    case .httpError: throw HTTPError(.serviceUnavailable)
    case .retryAfter: throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "30"])
    case .responseError: throw QuotaExceededError(limit: 100)
    case .localizedError: throw BookingError.roomTaken
    case .contextLayers:
        try withContext("Booking the room") {
            try withContext("Reserving the room with the hotel") { throw BookingError.roomTaken }
        }
        return ""
    case .opaqueLibrary: throw LibraryError(code: .connectionClosed, query: "SELECT * FROM rooms WHERE id = $1")
    case .invalidInput:
        throw InvalidInputError([
            FieldError(field: "email", message: "Enter an email address with an @."),
            FieldError(field: "nights", message: "Enter 1 night or more."),
            FieldError(field: "guests", message: "Enter at most 4 guests."),
        ])
    case .undecodableBody:
        let order = try await request.decode(as: Order.self, context: context)
        return "\(order.quantity)"
    }
}

/// An app's own status error: it knows its response.
private struct QuotaExceededError: HTTPResponseError {
    let limit: Int
    var status: HTTPResponse.Status { .tooManyRequests }
    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status, headers: [.retryAfter: "60"], body: ResponseBody(byteBuffer: ByteBuffer(string: "quota")))
    }
}

/// An app's errors, described for a person.
package enum BookingError: LocalizedError {
    case roomTaken, paymentDeclined

    package var errorDescription: String? {
        switch self {
        case .roomTaken: "The room was booked by someone else."
        case .paymentDeclined: "The payment was declined."
        }
    }

    package var recoverySuggestion: String? { "Choose another room." }
}

/// A library's error whose state lives in a private class, as postgres-nio's `PSQLError` does.
private struct LibraryError: Error, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: the backing is written only in `init`, before the value is shared.
    enum Code: Sendable { case connectionClosed, queryCancelled, server }

    private final class Backing {
        let code: Code
        let query: String?
        let underlying: (any Error)?
        init(code: Code, query: String?, underlying: (any Error)?) {
            self.code = code
            self.query = query
            self.underlying = underlying
        }
    }
    private let backing: Backing

    init(code: Code, query: String? = nil) {
        backing = Backing(code: code, query: query, underlying: nil)
    }

    var description: String {
        "PSQLError – Generic description to prevent accidental leakage of sensitive data."
    }
}

/// A request body the undecodable route reads.
private struct Order: Decodable {
    let quantity: Int
}

/// Decodes JSON request bodies, through `RequestBodyDecoder` when the middleware answers.
package struct BenchmarkRequestDecoder: RequestDecoder {
    let marksBodyErrors: Bool

    package func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext)
        async throws -> T
    {
        if marksBodyErrors {
            return try await RequestBodyDecoder(JSONDecoder()).decode(type, from: request, context: context)
        }
        return try await JSONDecoder().decode(type, from: request, context: context)
    }
}

/// Takes a response body and keeps nothing.
private struct DiscardingWriter: ResponseBodyWriter {
    func write(_ buffer: ByteBuffer) async throws {
        precondition(buffer.readableBytes >= 0)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// The problem the middleware answers `/overload` with, in English: what `ProblemDetails.encoded()` writes
/// for every such request.
package let overloadProblem = ProblemDetails(
    title: "Service Unavailable",
    status: 503,
    detail: "The service is temporarily unavailable. Try again in a moment.",
    category: .externalSystemUnavailable,
    severity: .major,
    supportReference: SupportReference.next(),
    actions: [ProblemDetails.Action(id: "retry", title: "Try Again", role: .recommended)]
)
