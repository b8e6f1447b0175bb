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
    }

    package var coreContext: CoreRequestContextStorage

    package init(source: Source) {
        coreContext = CoreRequestContextStorage(source: source)
    }
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

/// A router whose routes fail the way an overloaded server's do, plain or behind the middleware.
package struct FailingServer: Sendable {
    private let responder: RouterResponder<InProcessContext>
    private let logger: Logger

    /// - Parameter answersProblems: Whether `ProblemDetailsMiddleware` answers the routes' errors.
    package init(answersProblems: Bool) {
        let router = Router(context: InProcessContext.self)
        if answersProblems { router.add(middleware: ProblemDetailsMiddleware()) }
        router.get("/overload") { _, _ -> String in throw HTTPError(.serviceUnavailable) }
        // The same with a Retry-After: an error the middleware answers the general way, walked and resolved,
        // not from the answers it makes once per language for a lone HTTPError without headers.
        router.get("/overload/retry-after") { _, _ -> String in
            throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "30"])
        }
        router.get("/hello") { _, _ in "Hello" }
        responder = router.buildResponder()
        logger = Logger(label: "server") { _ in RenderingLogHandler() }
    }

    /// Answers one request as Hummingbird's server does: a thrown `HTTPResponseError` becomes its response,
    /// and the body is written out.
    ///
    /// - Returns: The response's status code.
    @discardableResult
    package func respond(to path: String, acceptLanguage: String? = nil) async -> Int {
        var fields = HTTPFields()
        if let acceptLanguage { fields[.acceptLanguage] = acceptLanguage }
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path, headerFields: fields),
            body: RequestBody(buffer: ByteBuffer())
        )
        let context = InProcessContext(source: .init(logger: logger))
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
