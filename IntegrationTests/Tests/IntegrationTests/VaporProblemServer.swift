import Foundation
import InMemoryTracing
import IntegrationSupport
import Logging
import Remedy
import RemedyTesting
import RemedyVapor
import Tracing
import Vapor

/// The routes of ``ProblemServer`` on a real Vapor server, wrapped in RemedyVapor's `ProblemDetailsMiddleware`
/// in place of Vapor's `ErrorMiddleware`: Vapor's `Abort` where the Hummingbird server throws `HTTPError`, and
/// ``VaporInvoiceMissing`` (presentable and an `AbortError`) for `/invoices/8`.
extension ProblemServer {
    static func startVapor(_ configuration: ProblemDetailsConfiguration) async throws -> ProblemServer {
        let log = LogRecording()
        let counter = RequestCounter()
        let app = try await Application.make(.testing)
        // Vapor's shutdown waits for open connections for `shutdownTimeout`, then asserts (in debug builds) that
        // the server's channel closed: 10 s by default, which a loaded CI machine can exceed.
        app.http.server.configuration.shutdownTimeout = .seconds(60)
        app.logger = log.logger(label: "server", level: .debug)
        app.middleware = Middlewares()
        if let tracer = configuration.tracer as? InMemoryTracer {
            app.middleware.use(VaporSpanMiddleware(tracer: tracer))
        }
        app.middleware.use(RemedyVapor.ProblemDetailsMiddleware(configuration))
        addRoutes(to: app, counter: counter)
        do {
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        guard let port = app.http.server.shared.localAddress?.port, let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            await app.server.shutdown()
            try? await app.asyncShutdown()
            throw ServerSetupFailure("the Vapor server didn't start")
        }
        return ProblemServer(kind: .vapor, baseURL: url, log: log, counter: counter) {
            await app.server.shutdown()
            try? await app.asyncShutdown()
        }
    }

    // swift-format-ignore: FunctionBodyLength
    private static func addRoutes(to app: Application, counter: RequestCounter) {
        app.get("constraint") { _ -> Response in
            await counter.next("constraint")
            guard let failureCase = Failures.named("grdb.unique") else {
                throw ServerSetupFailure("no case grdb.unique")
            }
            throw try await failureCase.error()
        }
        app.get("account") { request -> Response in
            await counter.next("account")
            guard request.headers.first(name: .authorization) == "Bearer \(token)" else { throw SessionExpired() }
            return json(#"{"name":"Ada"}"#)
        }
        app.post("session") { _ -> Response in
            await counter.next("session")
            return json(#"{"token":"\#(token)"}"#)
        }
        app.get("overload") { _ -> Response in
            await counter.next("overload")
            throw Abort(.serviceUnavailable, headers: ["Retry-After": "7"], reason: "pool exhausted at db-3")
        }
        app.get("crash") { _ -> Response in
            await counter.next("crash")
            throw LeakyFailure()
        }
        app.get("flaky") { _ -> Response in
            if await counter.next("flaky") == 1 { throw Abort(.serviceUnavailable) }
            return json(#"{"value":"fresh"}"#)
        }
        app.get("conflict") { _ -> Response in
            await counter.next("conflict")
            throw HTTPStatusError(status: 409)
        }
        app.get("redirect") { _ -> Response in
            await counter.next("redirect")
            throw Abort(.seeOther, headers: ["Location": "/elsewhere"])
        }
        app.get("invoices", "8") { _ -> Response in
            await counter.next("invoice")
            throw VaporInvoiceMissing(number: 8)
        }
        app.get("cancelled") { _ -> Response in
            await counter.next("cancelled")
            throw CancellationError()
        }
        for (route, name) in [
            ("missing-file", "file.missing"), ("database", "grdb.cantOpen"), ("outbound", "ahc.refused"),
        ] {
            app.get(PathComponent(stringLiteral: route)) { _ -> Response in
                await counter.next("/\(route)")
                guard let failureCase = Failures.named(name) else { throw ServerSetupFailure("no case \(name)") }
                let error = try await failureCase.error()
                throw route == "database" ? ContextError("Loading the library", wrapping: error) : error
            }
        }
        // A lone Abort of any status; with `?header`, one that carries a header of no meaning.
        app.get("status", ":code") { request -> Response in
            let code = try request.parameters.require("code", as: Int.self)
            let headers: HTTPHeaders = request.url.query?.contains("header") == true ? ["X-Test": "1"] : [:]
            throw Abort(HTTPResponseStatus(statusCode: code), headers: headers)
        }
        app.get("protected") { _ -> Response in
            await counter.next("protected")
            throw Abort(.unauthorized, headers: ["WWW-Authenticate": #"Bearer realm="notes""#])
        }
        app.post("crash") { _ -> Response in
            await counter.next("post crash")
            throw LeakyFailure()
        }
        for method in [HTTPMethod.GET, .POST] {
            app.on(method, "orders", "9") { _ -> Response in
                await counter.next("\(method == .GET ? "GET" : "POST") order")
                throw OrderLocked()
            }
        }
        for (method, path) in [(HTTPMethod.GET, "view"), (.POST, "refresh"), (.POST, "draft")] {
            app.on(method, "orders", "9", PathComponent(stringLiteral: path)) { request -> Response in
                // A form's hidden `_method` field names the method HTML can't send.
                await counter.next("\(method == .GET ? "GET" : "POST") \(path) \(request.body.string ?? "")")
                return json(#"{"done":true}"#)
            }
        }
        app.get("quota") { _ -> Response in
            throw UploadsUsedUp()
        }
        app.get("signup") { _ -> Response in
            await counter.next("signup")
            throw InvalidInputError([
                FieldError(field: "#/email", message: "Enter an email address with an @."),
                FieldError(field: "name", message: "Enter <your> name & surname."),
            ])
        }
        app.post("signup") { request -> Response in
            await counter.next("signup-post")
            _ = try request.content.decode(Signup.self, using: RequestBodyDecoder(JSONDecoder()))
            return json("{}")
        }
        app.get("upstream") { _ -> Response in
            await counter.next("upstream")
            _ = try JSONDecoder().decode(Signup.self, from: Data(#"{"name":"Ada","age":"forty"}"#.utf8))
            return json("{}")
        }
        app.get("taken-over") { _ -> Response in
            if await counter.next("taken-over") == 1 { throw StaleCache() }
            return json(#"{"value":"rebuilt"}"#)
        }
    }

    private static func json(_ text: String) -> Response {
        Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(string: text))
    }
}

/// An app's error that says what a person reads and which status it is, for Vapor.
struct VaporInvoiceMissing: PresentableError, AbortError {
    var number: Int

    var title: String? { "No Such Invoice" }
    var message: String { "There's no invoice \(number). Check the number and try again." }
    var category: ErrorCategory { .invalidInput }
    var status: HTTPResponseStatus { .notFound }
    var reason: String { "invoice \(number) not in table invoices" }
}

/// Starts a server span named after the request's path around the rest of the chain, as Vapor's
/// `TracingMiddleware` does with the bootstrapped tracer.
struct VaporSpanMiddleware: AsyncMiddleware {
    let tracer: InMemoryTracer

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let span = tracer.startSpan(request.url.path, context: .topLevel, ofKind: .server)
        defer { span.end() }
        return try await ServiceContext.$current.withValue(span.context) {
            try await next.respond(to: request)
        }
    }
}
