import AsyncHTTPClient
import Foundation
import Hummingbird
import InMemoryTracing
import IntegrationSupport
import Logging
import NIOCore
import Remedy
import RemedyHummingbird
import RemedyTesting
import Tracing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The framework of a ``ProblemServer``: the same routes, each wrapped in its framework's
/// `ProblemDetailsMiddleware`, give the same answers.
enum ServerKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case hummingbird, vapor

    var description: String { rawValue }

    /// The metadata key of the framework's request id in its request logger's records.
    var requestIDMetadataKey: String {
        switch self {
        case .hummingbird: "hb.request.id"
        case .vapor: "request-id"
        }
    }
}

/// A real server on 127.0.0.1 (a port the system picks) whose routes fail, wrapped in `ProblemDetailsMiddleware`:
/// Hummingbird's (RemedyHummingbird), or Vapor's (RemedyVapor, `VaporProblemServer.swift`), with the same
/// routes; its log is recorded. The table names Hummingbird's errors; the Vapor server throws Vapor's
/// counterparts (`Abort` for `HTTPError`, an app error that is presentable and an `AbortError` for `/invoices/8`).
///
/// | route | fails with |
/// | --- | --- |
/// | `GET /constraint` | a real GRDB UNIQUE violation (SQL in its text) |
/// | `GET /account` | an expired session unless `Authorization: Bearer <token>`; a rule makes it a 401 |
/// | `POST /session` | never: answers the token |
/// | `GET /overload` | Hummingbird's `HTTPError(.serviceUnavailable)` with `Retry-After: 7` |
/// | `GET /crash` | an unexpected error whose text holds SQL, a path and a type name |
/// | `GET /flaky` | a 503 the first time, then 200 |
/// | `GET /conflict` | Remedy's `HTTPStatusError(status: 409)` |
/// | `GET /redirect` | Hummingbird's `HTTPError(.seeOther)`: not a failure |
/// | `GET /invoices/8` | an app error that is both presentable and an `HTTPResponseError` (404) |
/// | `GET /cancelled` | a `CancellationError`: never presented, passed on to Hummingbird |
/// | `GET /taken-over` | an error a server rule takes over and recovers, the first time; then 200 |
/// | `GET /missing-file` | Foundation's error for a missing `config.json` of the server |
/// | `GET /database` | GRDB's error for a database file of the server that can't be opened, in a context layer |
/// | `GET /outbound` | AsyncHTTPClient's refused connection to a closed port of 127.0.0.1 |
/// | `GET /protected` | Hummingbird's `HTTPError(.unauthorized)` with `WWW-Authenticate` |
/// | `POST /crash` | the same unexpected error as `GET /crash`, for a form's request |
/// | `GET /orders/9`, `POST /orders/9` | an app error whose options are the app's: view, refresh, discard |
/// | `GET /quota` | an app error, in English only: the person's monthly uploads are used up |
/// | `GET /orders/9/view`, `POST /orders/9/refresh`, `POST /orders/9/draft` | never: the actions' targets |
final class ProblemServer: Sendable {
    /// The token `POST /session` hands out.
    static let token = "t0ken-42"

    let kind: ServerKind
    let baseURL: URL
    let log: LogRecording
    private let counter: RequestCounter
    private let stopServer: @Sendable () async -> Void

    init(
        kind: ServerKind,
        baseURL: URL,
        log: LogRecording,
        counter: RequestCounter,
        stop: @escaping @Sendable () async -> Void
    ) {
        self.kind = kind
        self.baseURL = baseURL
        self.log = log
        self.counter = counter
        self.stopServer = stop
    }

    /// How many requests a route got.
    func requests(to route: String) async -> Int {
        await counter.count(route)
    }

    /// Runs `body` with a started Hummingbird server, and stops it afterwards.
    static func with<Result>(
        _ configure: (inout ProblemDetailsConfiguration) -> Void = { _ in },
        _ body: (ProblemServer) async throws -> Result
    ) async throws -> Result {
        try await with(.hummingbird, configure, body)
    }

    /// Runs `body` with a started server of a framework, and stops it afterwards.
    static func with<Result>(
        _ kind: ServerKind,
        _ configure: (inout ProblemDetailsConfiguration) -> Void = { _ in },
        _ body: (ProblemServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(kind, configure)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The middleware's configuration of the tests: a rule for expired sessions, a take-over, and the
    /// sign-in request.
    static func configuration() -> ProblemDetailsConfiguration {
        ProblemDetailsConfiguration(
            rules: [
                .matching(SessionExpired.self) { _, _ in .replace(HTTPStatusError(status: 401)) },
                .matching(StaleCache.self) { _, _ in .takeOver { _ in .recovered } },
            ],
            actionRequests: ["signIn": ProblemDetails.Action.Request(method: "POST", href: "/session")]
        )
    }

    static func start(
        _ kind: ServerKind = .hummingbird,
        _ configure: (inout ProblemDetailsConfiguration) -> Void = { _ in }
    ) async throws -> ProblemServer {
        var configuration = Self.configuration()
        configure(&configuration)
        switch kind {
        case .hummingbird: return try await startHummingbird(configuration)
        case .vapor: return try await startVapor(configuration)
        }
    }

    private static func startHummingbird(_ configuration: ProblemDetailsConfiguration) async throws -> ProblemServer {
        let log = LogRecording()
        let counter = RequestCounter()
        let router = Router()
        // As Hummingbird's TracingMiddleware does with the bootstrapped tracer: a span around the request.
        if let tracer = configuration.tracer as? InMemoryTracer {
            router.add(middleware: SpanMiddleware(tracer: tracer))
        }
        router.add(middleware: ProblemDetailsMiddleware(configuration))
        router.get("/constraint") { _, _ -> Response in
            await counter.next("constraint")
            guard let failureCase = Failures.named("grdb.unique") else {
                throw ServerSetupFailure("no case grdb.unique")
            }
            throw try await failureCase.error()
        }
        router.get("/account") { request, _ -> Response in
            await counter.next("account")
            guard request.headers[.authorization] == "Bearer \(token)" else { throw SessionExpired() }
            return json(#"{"name":"Ada"}"#)
        }
        router.post("/session") { _, _ -> Response in
            await counter.next("session")
            return json(#"{"token":"\#(token)"}"#)
        }
        router.get("/overload") { _, _ -> Response in
            await counter.next("overload")
            throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "7"], message: "pool exhausted at db-3")
        }
        router.get("/crash") { _, _ -> Response in
            await counter.next("crash")
            throw LeakyFailure()
        }
        router.get("/flaky") { _, _ -> Response in
            if await counter.next("flaky") == 1 { throw HTTPError(.serviceUnavailable) }
            return json(#"{"value":"fresh"}"#)
        }
        router.get("/conflict") { _, _ -> Response in
            await counter.next("conflict")
            throw HTTPStatusError(status: 409)
        }
        router.get("/redirect") { _, _ -> Response in
            await counter.next("redirect")
            throw HTTPError(.seeOther, headers: [.location: "/elsewhere"])
        }
        router.get("/invoices/8") { _, _ -> Response in
            await counter.next("invoice")
            throw InvoiceMissing(number: 8)
        }
        router.get("/cancelled") { _, _ -> Response in
            await counter.next("cancelled")
            throw CancellationError()
        }
        // Failures of the server's own resources: a file, a database and an outbound call, each naming
        // what failed (`config.json`, `library.sqlite`, `127.0.0.1:<port>`) in its own text.
        for (route, name) in [
            ("/missing-file", "file.missing"), ("/database", "grdb.cantOpen"), ("/outbound", "ahc.refused"),
        ] {
            router.get(RouterPath(stringLiteral: route)) { _, _ -> Response in
                await counter.next(route)
                guard let failureCase = Failures.named(name) else { throw ServerSetupFailure("no case \(name)") }
                let error = try await failureCase.error()
                throw route == "/database" ? ContextError("Loading the library", wrapping: error) : error
            }
        }
        // A lone HTTPError of any status; with `?header`, one that carries a header of no meaning, which the
        // middleware answers the general way rather than from the answers it made once per language.
        router.get("/status/:code") { request, context -> Response in
            let code = try context.parameters.require("code", as: Int.self)
            let headers: HTTPFields = request.uri.queryParameters["header"] == nil ? [:] : [.init("X-Test")!: "1"]
            throw HTTPError(HTTPResponse.Status(code: code), headers: headers)
        }
        router.get("/protected") { _, _ -> Response in
            await counter.next("protected")
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: #"Bearer realm="notes""#])
        }
        router.post("/crash") { _, _ -> Response in
            await counter.next("post crash")
            throw LeakyFailure()
        }
        for method in [HTTPRequest.Method.get, .post] {
            router.on("/orders/9", method: method) { _, _ -> Response in
                await counter.next("\(method) order")
                throw OrderLocked()
            }
        }
        for (method, path) in [(HTTPRequest.Method.get, "view"), (.post, "refresh"), (.post, "draft")] {
            router.on(RouterPath(stringLiteral: "/orders/9/\(path)"), method: method) { request, _ -> Response in
                // A form's hidden `_method` field names the method HTML can't send.
                let body = try await request.body.collect(upTo: 4_096)
                await counter.next("\(method) \(path) \(String(buffer: body))")
                return json(#"{"done":true}"#)
            }
        }
        // Invalid input that names its fields, and a request body that can't be decoded (a real
        // `DecodingError` of Foundation's `JSONDecoder`, marked as the body's by `RequestBodyDecoder`).
        router.get("/quota") { _, _ -> Response in
            throw UploadsUsedUp()
        }
        router.get("/signup") { _, _ -> Response in
            await counter.next("signup")
            throw InvalidInputError([
                FieldError(field: "#/email", message: "Enter an email address with an @."),
                FieldError(field: "name", message: "Enter <your> name & surname."),
            ])
        }
        router.post("/signup") { request, context -> Response in
            await counter.next("signup-post")
            _ = try await RequestBodyDecoder(JSONDecoder()).decode(Signup.self, from: request, context: context)
            return json("{}")
        }
        // The same decoding error, unmarked: the answer of a service the server called, not the client's.
        router.get("/upstream") { _, _ -> Response in
            await counter.next("upstream")
            _ = try JSONDecoder().decode(Signup.self, from: Data(#"{"name":"Ada","age":"forty"}"#.utf8))
            return json("{}")
        }
        router.get("/taken-over") { _, _ -> Response in
            if await counter.next("taken-over") == 1 { throw StaleCache() }
            return json(#"{"value":"rebuilt"}"#)
        }

        let (url, task) = try await runOnLoopback(router, logger: log.logger(label: "server", level: .debug))
        return ProblemServer(kind: .hummingbird, baseURL: url, log: log, counter: counter) {
            task.cancel()
            _ = await task.result
        }
    }

    /// Runs a router on 127.0.0.1, on a port the system picks, until the returned task is cancelled.
    ///
    /// - Returns: The server's base URL and the task that runs it; cancelling the task shuts it down.
    static func runOnLoopback<Context: RequestContext>(
        _ router: Router<Context>,
        logger: Logger
    ) async throws -> (url: URL, task: Task<Void, any Error>) where Context.Source == ApplicationRequestContextSource {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let application = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: logger
        )
        let task = Task {
            defer { continuation.finish() }
            try await application.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0, let url = URL(string: "http://127.0.0.1:\(port)") else {
            task.cancel()
            _ = await task.result
            throw ServerSetupFailure("the Hummingbird server didn't start")
        }
        return (url, task)
    }

    func stop() async {
        await stopServer()
    }

    private static func json(_ text: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }
}

/// Starts a server span named after the request's path around the rest of the chain, and makes it the
/// current one, as Hummingbird's `TracingMiddleware` does with the bootstrapped tracer.
struct SpanMiddleware<Context: RequestContext>: RouterMiddleware {
    let tracer: InMemoryTracer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let span = tracer.startSpan(request.uri.path, context: .topLevel, ofKind: .server)
        defer { span.end() }
        return try await ServiceContext.$current.withValue(span.context) {
            try await next(request, context)
        }
    }
}

/// The test server couldn't be set up.
struct ServerSetupFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The session token is missing or expired.
struct SessionExpired: Error, CustomStringConvertible {
    var description: String {
        "SessionExpired in SessionStore.validate(_:) at /srv/app/Sources/Auth/SessionStore.swift:31"
    }
}

/// An app's error that says what a person reads and which status it is.
struct InvoiceMissing: PresentableError, HTTPResponseError {
    var number: Int

    var title: String? { "No Such Invoice" }
    var message: String { "There's no invoice \(number). Check the number and try again." }
    var category: ErrorCategory { .invalidInput }
    var status: HTTPResponse.Status { .notFound }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status)
    }
}

/// An app's error whose options are its own actions: the server's configuration names their requests.
struct OrderLocked: PresentableError {
    var title: String? { "Order Locked" }
    var message: String { "Someone else is changing order 9. View it, or refresh it in a moment." }
    var category: ErrorCategory { .invalidInput }
    var recoveryOptions: [RecoveryOption] {
        [
            RecoveryOption(id: "viewOrder", title: "View Order", role: .recommended) { .notRecovered },
            RecoveryOption(id: "refreshOrder", title: "Refresh Order") { .notRecovered },
            RecoveryOption(id: "discardDraft", title: "Discard Draft", role: .destructive) { .notRecovered },
        ]
    }
}

/// A person's allowance used up: the app's own words, in English only.
struct UploadsUsedUp: PresentableError {
    var title: String? { "Monthly Uploads Used Up" }
    var message: String { "You've used this month's 20 uploads. They renew on the 1st." }
    var category: ErrorCategory { .resourceExhausted }
}

/// A cache that a server rule rebuilds (takes over and recovers), so the route runs again.
struct StaleCache: Error {}

/// An error nobody expected, whose text holds SQL, a source path and a type name.
struct LeakyFailure: Error, CustomStringConvertible {
    var description: String {
        #"LeakyFailure: SQLITE_ERROR near "SELEC": syntax error in "SELEC * FROM invoices" "#
            + "(/srv/app/Sources/Billing/InvoiceStore.swift:87)"
    }
}

/// Counts requests per route.
actor RequestCounter {
    private var counts: [String: Int] = [:]

    @discardableResult
    func next(_ route: String) -> Int {
        counts[route, default: 0] += 1
        return counts[route, default: 0]
    }

    func count(_ route: String) -> Int {
        counts[route, default: 0]
    }
}

// MARK: - Clients

/// A real HTTP client: URLSession or AsyncHTTPClient.
enum RealClient: String, CaseIterable, Sendable, CustomStringConvertible {
    case urlSession, asyncHTTPClient

    var description: String { rawValue }

    /// Each client with each language: one argument of a test whose other argument is the server's kind.
    static func allCases(with languages: [String]) -> [(client: RealClient, language: String)] {
        allCases.flatMap { client in languages.map { (client, $0) } }
    }

    /// What came back.
    struct Answer: Sendable {
        var status: Int
        /// Header values by lowercased name.
        var headers: [String: String]
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
        var contentType: String? { headers["content-type"] }
    }

    /// Sends a request and returns the answer, whatever its status.
    func send(
        _ url: URL,
        method: String = "GET",
        headers: [String: String] = [:],
        body: Data? = nil
    ) async throws -> Answer {
        switch self {
        case .urlSession:
            var request = URLRequest(url: url)
            request.httpMethod = method
            request.httpBody = body
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            var fields: [String: String] = [:]
            for case (let name as String, let value as String) in http.allHeaderFields {
                fields[name.lowercased()] = value
            }
            return Answer(status: http.statusCode, headers: fields, body: data)
        case .asyncHTTPClient:
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = .init(rawValue: method)
            if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            let body = try await response.body.collect(upTo: 1 << 20)
            var fields: [String: String] = [:]
            for header in response.headers { fields[header.name.lowercased()] = header.value }
            return Answer(status: Int(response.status.code), headers: fields, body: Data(buffer: body))
        }
    }
}

/// What the sign-up route decodes from its body.
struct Signup: Decodable {
    var name: String
    var age: Int
}
