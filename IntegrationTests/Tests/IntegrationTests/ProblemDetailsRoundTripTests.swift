import Foundation
import Remedy
import RemedyTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The whole round trip: a route's error answered by `ProblemDetailsMiddleware` on a real Hummingbird or Vapor
/// server (each test runs against both),
/// received by URLSession or AsyncHTTPClient, turned into the client's `ProblemDetailsError`, and presented by
/// the client's scope with the server's texts and actions — which work: Try Again runs the request again, and
/// the app's sign-in rule takes a 401 over, signs in and retries.
@Suite(.timeLimit(.minutes(5)))
struct ProblemDetailsRoundTripTests {
    /// A client root scope: no automatic retries, no waits between a choice and a retry.
    static func clientRoot(
        presenter: ScriptedPresenter,
        language: String = "en",
        rules: [ErrorRule] = []
    ) -> ErrorScope {
        ErrorScope.root(
            "Client",
            presenter: presenter,
            rules: rules,
            localization: Localization(language: language),
            configuration: ErrorScope.Configuration(minimumDuration: .zero, retryPolicy: .disabled)
        )
    }

    @Test(
        "The client presents the server's texts and actions in the language it asked for",
        arguments: ServerKind.allCases, RealClient.allCases(with: ["de", "ja"])
    )
    func presentationCarriesTheServersTextsAndActions(
        kind: ServerKind,
        trip: (client: RealClient, language: String)
    ) async throws {
        let (client, language) = trip
        try await ProblemServer.with(kind) { server in
            let presenter = ScriptedPresenter([.role(.cancel)])
            let root = Self.clientRoot(presenter: presenter, language: language)
            let url = server.baseURL.appending(path: "/overload")
            let value = await root.attempt("Loading the report") {
                try await client.fetch(url, headers: ["Accept-Language": root.acceptLanguage])
            }
            #expect(value == nil)
            let presentation = try #require(presenter.presentations.first)
            #expect(presentation.title == StringsFile.text("catalog.http.serviceUnavailable.title", language: language))
            #expect(
                presentation.message == StringsFile.text("catalog.http.serviceUnavailable.message", language: language))
            #expect(
                presentation.options.map(\.title).contains(
                    try #require(StringsFile.text("option.tryAgain", language: language))))
            #expect(presentation.options.contains { $0.role == .cancel })
            let error = try #require(ErrorTree(presentation.error).first(ProblemDetailsError.self))
            #expect(error.status == 503)
            #expect(error.retryAfter == .seconds(7))
            // The person's reference is the one of the server's log line.
            let answered = try #require(server.log.entries.first { $0.message.hasPrefix("Answered 503") })
            #expect(presentation.supportReference.description == answered["reference"])
            for text in [presentation.title, presentation.message] + presentation.options.map(\.title) {
                expectNoDeveloperText(text, path: "/overload")
            }
        }
    }

    @Test(
        "Try Again, the server's action, runs the request again, and the second try succeeds",
        arguments: ServerKind.allCases, RealClient.allCases)
    func retrySucceedsOnTheSecondTry(kind: ServerKind, client: RealClient) async throws {
        try await ProblemServer.with(kind) { server in
            let presenter = ScriptedPresenter([.title("Try Again")])
            let root = Self.clientRoot(presenter: presenter)
            let url = server.baseURL.appending(path: "/flaky")
            let body = await root.attempt("Loading the value") {
                try await client.fetch(url)
            }
            #expect(body.map { String(decoding: $0, as: UTF8.self) } == #"{"value":"fresh"}"#)
            #expect(presenter.presentations.count == 1)
            let error = try #require(
                presenter.presentations.first.flatMap { ErrorTree($0.error).first(ProblemDetailsError.self) })
            #expect(error.problem.actions.map(\.id).contains("retry"), "the retry came from the server")
            #expect(await server.requests(to: "flaky") == 2)
        }
    }

    @Test(
        "A 401 goes to the app's sign-in rule: it signs in with the server, then the request succeeds",
        arguments: ServerKind.allCases, RealClient.allCases)
    func signInThenRetry(kind: ServerKind, client: RealClient) async throws {
        try await ProblemServer.with(kind) { server in
            let session = TokenStore()
            let presenter = ScriptedPresenter()
            let root = Self.clientRoot(
                presenter: presenter,
                rules: [
                    .httpStatus(
                        401,
                        .takeOver { _ in
                            let answer = try await client.fetch(
                                server.baseURL.appending(path: "/session"), method: "POST")
                            let token = try JSONDecoder().decode([String: String].self, from: answer)["token"]
                            await session.set(token)
                            return .recovered
                        })
                ]
            )
            let body = await root.attempt("Loading the account") {
                let token = await session.token ?? "expired"
                return try await client.fetch(
                    server.baseURL.appending(path: "/account"), headers: ["Authorization": "Bearer \(token)"])
            }
            #expect(body.map { String(decoding: $0, as: UTF8.self) } == #"{"name":"Ada"}"#)
            #expect(presenter.presentations.isEmpty, "the sign-in rule took the 401 over")
            #expect(await server.requests(to: "account") == 2)
            #expect(await server.requests(to: "session") == 1)
        }
    }

    @Test(
        "Without a sign-in rule, the 401 is presented with the server's title and nothing else to run",
        arguments: ServerKind.allCases)
    func unhandledSignInIsPresented(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let presenter = ScriptedPresenter()
            let root = Self.clientRoot(presenter: presenter)
            let value = await root.attempt("Loading the account") {
                try await RealClient.urlSession.fetch(server.baseURL.appending(path: "/account"))
            }
            #expect(value == nil)
            let presentation = try #require(presenter.presentations.first)
            #expect(presentation.title == StringsFile.text("catalog.auth.signInRequired.title", language: "en"))
            #expect(presentation.category == .authenticationRequired)
        }
    }
}

/// The client's session token.
actor TokenStore {
    private(set) var token: String?

    func set(_ token: String?) {
        self.token = token
    }
}

extension RealClient {
    /// Sends a request and returns the body of a successful response; a failed one throws the client's error
    /// (`ProblemDetailsError` for a Problem Details body), as an app's networking layer would.
    func fetch(_ url: URL, method: String = "GET", headers: [String: String] = [:]) async throws -> Data {
        switch self {
        case .urlSession:
            var request = URLRequest(url: url)
            request.httpMethod = method
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (data, response) = try await session.data(for: request)
            try ProblemDetailsError.validate(data, response)
            return data
        case .asyncHTTPClient:
            let answer = try await send(url, method: method, headers: headers)
            guard answer.status < 400 else {
                throw ProblemDetailsError.error(
                    status: answer.status,
                    header: { answer.headers[$0.lowercased()] },
                    body: answer.body,
                    url: url
                )
            }
            return answer.body
        }
    }
}
