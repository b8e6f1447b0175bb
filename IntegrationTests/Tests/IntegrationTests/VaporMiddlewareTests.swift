import Foundation
import Logging
import Remedy
import RemedyTesting
import RemedyVapor
import Testing
import Vapor

/// What only Vapor has: `AbortError`'s status, headers and reason, Vapor's request id (`req.id`, from
/// `X-Request-Id`) in the log, the router's 404, and the app of RemedyVapor's article. The answers both servers
/// share (the redirect, the cancellation, rules, spans…) are tested against both (`ServerKind`).
@Suite(.timeLimit(.minutes(5)))
struct VaporMiddlewareTests {
    @Test("An Abort keeps its status and Retry-After, in the header and the body, but never its reason")
    func abortKeepsStatusAndRetryAfter() async throws {
        try await ProblemServer.with(.vapor) { server in
            let answer = try await RealClient.asyncHTTPClient.send(server.baseURL.appending(path: "/overload"))
            #expect(answer.status == 503)
            #expect(answer.headers["retry-after"] == "7")
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(problem.retryAfter == .seconds(7))
            #expect(problem.title == StringsFile.text("catalog.http.serviceUnavailable.title", language: "en"))
            #expect(problem.detail == StringsFile.text("catalog.http.serviceUnavailable.message", language: "en"))
            #expect(!answer.text.contains("pool exhausted") && !answer.text.contains("db-3"))
            let line = try #require(server.log.entries.first { $0.message.hasPrefix("Answered 503") })
            #expect(line["report"]?.contains("pool exhausted at db-3") == true, "the reason stays in the log")
        }
    }

    @Test("An AbortError's headers (WWW-Authenticate) are kept, and its 401 offers Sign In")
    func abortHeadersAreKept() async throws {
        try await ProblemServer.with(.vapor) { server in
            let answer = try await RealClient.urlSession.send(server.baseURL.appending(path: "/protected"))
            #expect(answer.status == 401)
            #expect(answer.headers["www-authenticate"] == #"Bearer realm="notes""#)
            #expect(answer.contentType == ProblemDetails.mediaType)
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(problem.actions.first?.id == "signIn")
        }
    }

    @Test("An app's error that is presentable and an AbortError shows its own texts with its status, not its reason")
    func presentableAbortErrorIsShown() async throws {
        try await ProblemServer.with(.vapor) { server in
            let answer = try await RealClient.asyncHTTPClient.send(server.baseURL.appending(path: "/invoices/8"))
            #expect(answer.status == 404)
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(problem.title == "No Such Invoice")
            #expect(problem.detail == "There's no invoice 8. Check the number and try again.")
            #expect(!answer.text.contains("table invoices"))
        }
    }

    @Test("The record of an answer carries Vapor's request id (req.id) and the reference the client reads")
    func recordCarriesTheRequestID() async throws {
        try await ProblemServer.with(.vapor) { server in
            let answer = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/crash"), headers: ["X-Request-Id": "req-4711"])
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            let line = try #require(server.log.entries.first { $0.message == "Answered 500 with Problem Details" })
            #expect(line["request-id"] == "req-4711")
            #expect(line["reference"] == problem.supportReference?.description)
            expectNoDeveloperText(answer.text, path: "/crash")
        }
    }

    @Test(
        "The router's 404 and a lone Abort are answered as the general path answers them",
        arguments: ["/no/such/route", "/status/404", "/status/404?header"]
    )
    func routerAndLoneAbortAnswers(path: String) async throws {
        try await ProblemServer.with(.vapor) { server in
            let answer = try await RealClient.asyncHTTPClient.send(
                try #require(URL(string: path, relativeTo: server.baseURL)), headers: ["Accept-Language": "de"])
            #expect(answer.status == 404)
            #expect(answer.headers["content-language"] == "de")
            #expect(answer.headers["vary"] == "Accept, Accept-Language")
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(problem.title == StringsFile.text("catalog.http.notFound.title", language: "de"))
            #expect(problem.supportReference != nil)
            #expect(answer.headers["x-test"] == (path.hasSuffix("?header") ? "1" : nil))
        }
    }

    @Test("The article's app: Abort's developer reason never leaks, and a body that can't be decoded is a field")
    func articleApp() async throws {
        let log = LogRecording()
        let app = try await Application.make(.testing)
        // Vapor's shutdown waits for open connections for `shutdownTimeout`, then asserts (in debug builds) that
        // the server's channel closed: 10 s by default, which a loaded CI machine can exceed.
        app.http.server.configuration.shutdownTimeout = .seconds(60)
        app.logger = log.logger(label: "article", level: .debug)
        configure(app)
        let missing: RealClient.Answer
        let signup: RealClient.Answer
        do {
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.http.server.shared.localAddress?.port)
            let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
            missing = try await RealClient.asyncHTTPClient.send(base.appending(path: "/users/42"))
            signup = try await RealClient.urlSession.send(
                base.appending(path: "/signup"), method: "POST", headers: ["Content-Type": "application/json"],
                body: Data(#"{"name":"Ada","age":"forty"}"#.utf8))
        } catch {
            await app.server.shutdown()
            try await app.asyncShutdown()
            throw error
        }
        await app.server.shutdown()
        try await app.asyncShutdown()

        #expect(missing.status == 404)
        let problem = try ProblemDetails(decoding: missing.body, contentType: missing.contentType)
        #expect(problem.title == StringsFile.text("catalog.http.notFound.title", language: "en"))
        for developerText in ["user 42", "missing", "table", "users"] {
            #expect(!missing.text.contains(developerText), "the answer holds \(developerText): \(missing.text)")
        }
        #expect(log.entries.contains { $0["report"]?.contains("user 42 missing in table users") == true })
        #expect(signup.status == 400)
        let fields = try ProblemDetails(decoding: signup.body, contentType: signup.contentType).fieldErrors
        let expected = try #require(StringsFile.text("field.number", language: "en"))
        #expect(fields == [FieldError(field: "#/age", message: expected)])
    }
}

// The `configure(_:)` of RemedyVapor's article and `Examples/vapor`, word for word, run here in process.
func configure(_ app: Application) {
    app.middleware = Middlewares()
    app.middleware.use(RouteLoggingMiddleware(logLevel: .info))
    app.middleware.use(ProblemDetailsMiddleware())

    app.get("users", ":id") { request async throws -> String in
        throw Abort(.notFound, reason: "user \(request.parameters.get("id") ?? "?") missing in table users")
    }
    app.post("signup") { request async throws -> HTTPStatus in
        _ = try request.content.decode(Signup.self, using: RequestBodyDecoder(JSONDecoder()))
        return .created
    }
}
