#if Hummingbird
import Foundation
import Hummingbird
import Logging
import Remedy
import RemedyHummingbird

/// The demo's Hummingbird server: real routes that fail as servers do, each answered with Problem
/// Details by Remedy's middleware. `remedy-demo serve` runs it; the `server` scenario calls it.
///
/// | route | answers |
/// | --- | --- |
/// | `GET /` | the failing routes, as JSON |
/// | `POST /accounts` | 422: the user name is taken (a unique-constraint violation below it) |
/// | `GET /account` | 401 with a sign-in action without `Authorization: Bearer demo-token`, else 200 |
/// | `POST /session` | 200 with the token (the sign-in) |
/// | `GET /reports/today` | 503 with `Retry-After: 2` the first time, then 200 |
/// | `GET /invoices/42` | 500: an unexpected error whose text holds SQL and a path, which stay in the log |
enum DemoServer {
    /// The token `POST /session` hands out and `GET /account` wants: the demo backend's.
    static let token = DemoBackend.token

    /// The failing routes, as `GET /` lists them.
    static let routes: [(method: String, path: String, failure: String)] = [
        ("POST", "/accounts", "a unique-constraint violation: 422, the user name is taken"),
        ("GET", "/account", "an expired session: 401 with a sign-in action (POST /session)"),
        ("GET", "/reports/today", "an overload: 503 with Retry-After: 2 the first time, then 200"),
        ("GET", "/invoices/42", "an unexpected error in the handler: 500, its SQL and paths only in the log"),
    ]

    /// The middleware's configuration: the app's rule for expired sessions and its catalog entry for
    /// the overload.
    static var problemConfiguration: ProblemDetailsConfiguration {
        var catalog = ErrorCatalog.standard
        catalog.register(ReportQueueFull.self) { full, _ in
            // The category's texts, in the request's language; transient, so the client may try again.
            ErrorInterpretation(category: .externalSystemUnavailable, isTransient: true, retryAfter: full.retryAfter)
        }
        return ProblemDetailsConfiguration(
            rules: [
                // An expired session is the sign-in flow's business: 401, with a sign-in action.
                .matching(SessionExpired.self) { expired, _ in
                    .replace(
                        MessageError(
                            expired.text("demo.server.error.sessionEnded.message"),
                            title: expired.text("demo.server.error.sessionEnded.title"),
                            category: .authenticationRequired
                        )
                    )
                }
            ],
            catalog: catalog,
            actionRequests: ["signIn": ProblemDetails.Action.Request(method: "POST", href: "/session")]
        )
    }

    /// The router with its routes and the Problem Details middleware.
    static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: ProblemDetailsMiddleware(problemConfiguration))
        let counter = RouteCounter()
        router.get("/") { _, _ in
            let list = routes.map { ["method": $0.method, "path": $0.path, "fails": $0.failure] }
            return try json(["routes": list])
        }
        router.post("/accounts") { request, _ -> Response in
            throw AccountError.nameTaken(
                "ada",
                text: text(for: request),
                cause: ConstraintViolation(
                    statement: "INSERT INTO accounts (name, email) VALUES ('ada', 'ada@example.com')",
                    reason: "UNIQUE constraint failed: accounts.name"
                )
            )
        }
        router.get("/account") { request, _ -> Response in
            let authorization = request.headers[.authorization]
            guard authorization == "Bearer \(token)" else {
                throw SessionExpired(
                    token: authorization.map { String($0.dropFirst("Bearer ".count)) }, text: text(for: request))
            }
            return try json(["name": "Ada", "plan": "Family"])
        }
        router.post("/session") { _, _ in
            try json(["token": token])
        }
        router.get("/reports/today") { _, _ -> Response in
            if await counter.next("reports") == 1 {
                throw ReportQueueFull(retryAfter: .seconds(2), waiting: 412)
            }
            return try json(["title": "Today", "orders": "128"])
        }
        router.get("/invoices/42") { _, _ -> Response in
            throw InvoiceQueryFailure()
        }
        return router
    }

    /// The application on 127.0.0.1.
    ///
    /// - Parameters:
    ///   - port: The port; 0 lets the system pick one.
    ///   - logger: The server's logger: its records carry each request's id.
    ///   - onRunning: Called with the port once the server listens.
    static func application(
        port: Int,
        logger: Logger,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "remedy-demo"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }

    /// The demo's words in the request's language: the first of its `Accept-Language`, else English. (The
    /// middleware itself honours every range and q-value; the demo's client sends one language first.)
    private static func text(for request: Request) -> DemoText {
        let first = request.headers[.acceptLanguage]?.split(separator: ",").first?.split(separator: ";").first
        let tag = first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "en"
        return DemoText(Localization(language: tag.isEmpty || tag == "*" ? "en" : tag))
    }

    private static func json(_ object: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(object)
        return Response(
            status: .ok,
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}

/// A running demo server, for the `server` scenario: started on a port the system picks, stopped at
/// the scenario's end.
final class RunningDemoServer: Sendable {
    /// Where it listens, such as `http://127.0.0.1:41234`.
    let baseURL: URL
    private let task: Task<Void, any Error>

    private init(baseURL: URL, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.task = task
    }

    /// Starts the server and waits until it listens.
    static func start(logger: Logger) async throws -> RunningDemoServer {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let application = DemoServer.application(port: 0, logger: logger) { port in
            continuation.yield(port)
            continuation.finish()
        }
        // Ended by `stop()` (cancelling it shuts the server down), or here when it never listens.
        let task = Task {
            defer { continuation.finish() }
            try await application.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), let url = URL(string: "http://127.0.0.1:\(port)") else {
            task.cancel()
            _ = await task.result
            throw DemoSetupError("The demo's Hummingbird server didn't start.")
        }
        return RunningDemoServer(baseURL: url, task: task)
    }

    /// Stops the server.
    func stop() async {
        task.cancel()
        _ = await task.result
    }
}

/// Counts requests per route, so a route can fail first and succeed later.
private actor RouteCounter {
    private var counts: [String: Int] = [:]

    func next(_ route: String) -> Int {
        counts[route, default: 0] += 1
        return counts[route, default: 0]
    }
}
#endif
