import Foundation
import Remedy
import RemedyTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The samples of the ProblemDetailsOverHTTP article, compiled and run (the AsyncHTTPClient one against
/// stand-ins with AsyncHTTPClient's shapes, since Remedy's tests don't depend on it).
@Suite(.timeLimit(.minutes(10)))
struct ProblemDetailsSampleTests {
    private struct Order: Decodable {
        var id: Int
    }

    @Test func serverSide() throws {
        let error = MessageError(
            "Someone else changed this order. Refresh it to see the changes.",
            title: "Order Changed",
            options: [RecoveryOption(id: "refresh", title: "Refresh Order", role: .recommended) { .recovered }]
        )
        let resolver = ErrorResolver(localization: Localization(language: "de"))
        let presentation = resolver.presentation(for: error)
        let refresh = ProblemDetails.Action.Request(method: "POST", href: "/orders/42/refresh")
        let problem = ProblemDetails(presentation, status: 409, requests: ["refresh": refresh])
        let body = problem.encoded()  // Content-Type: application/problem+json

        let decoded = try ProblemDetails(decoding: body, contentType: ProblemDetails.mediaType)
        #expect(decoded.title == "Order Changed")
        #expect(decoded.actions.map(\.id) == ["refresh", "cancel"])
        #expect(decoded.actions.first?.request == refresh)
        // The ready-made Cancel is in the request's language.
        #expect(decoded.actions.last?.title == RecoveryOption.cancel.localizedTitle(in: Localization(language: "de")))
    }

    /// The URLSession sample, type-checked (it needs a server to run).
    private func loadOrder(_ request: URLRequest) async throws -> Order {
        let (data, response) = try await URLSession.shared.data(for: request)
        try ProblemDetailsError.validate(data, response)
        return try JSONDecoder().decode(Order.self, from: data)
    }

    @Test func signInRuleAndTakeOver() async throws {
        let presenter = ScriptedPresenter()
        let session = SignInSession()
        let signIn = ErrorRule.httpStatus(
            401,
            .takeOver { _ in
                try await session.signIn() ? .recovered : .notRecovered
            })
        let root = ErrorScope.root(presenter: presenter, rules: [signIn])
        let calls = LockedCounter()
        let name = await root.attempt("Loading the profile") {
            if calls.increment() == 1 {
                throw ProblemDetailsError(
                    problem: ProblemDetails(title: "Session Expired", actions: [.init(id: "signIn", title: "Sign In")]),
                    status: 403
                )
            }
            return "Ada"
        }
        #expect(name == "Ada")
        #expect(session.signIns.value == 1)
        #expect(presenter.presentations.isEmpty)
    }

    private final class SignInSession: Sendable {
        let signIns = LockedCounter()
        func signIn() async throws -> Bool {
            signIns.increment()
            return true
        }
    }

    private func validate(data: Data, response: URLResponse, appSession: URLSession) throws {
        let transport = ProblemDetailsError.ActionTransport.urlSession(appSession)
        try ProblemDetailsError.validate(data, response, actionTransport: transport)
    }

    @Test func transportOfTheAppsSession() throws {
        let url = URL(string: "https://api.example.com/orders/42")!
        let ok = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!
        try validate(data: Data(#"{"id":42}"#.utf8), response: ok, appSession: .shared)
        let conflict = HTTPURLResponse(
            url: url,
            statusCode: 409,
            httpVersion: nil,
            headerFields: ["Content-Type": "application/problem+json"]
        )!
        #expect(throws: ProblemDetailsError.self) {
            try validate(data: Data(#"{"title":"Order Changed"}"#.utf8), response: conflict, appSession: .shared)
        }
    }

    // MARK: - Languages

    /// The languages sample: its first paragraphs run, the request is type-checked (it needs a server).
    private func germanOrderRequest(presenter: ScriptedPresenter, send: Bool) async throws -> (ErrorScope, URLRequest) {
        let localization = Localization(language: "de")
        let root = ErrorScope.root(presenter: presenter, localization: localization)

        var request = URLRequest(url: URL(string: "https://api.example.com/orders/42")!)
        request.setAcceptLanguage(localization)
        guard send else { return (root, request) }

        let (data, response) = try await URLSession.shared.data(for: request)
        let transport = ProblemDetailsError.ActionTransport.urlSession(localization: localization)
        try ProblemDetailsError.validate(data, response, actionTransport: transport)
        return (root, request)
    }

    @Test func languagesSample() async throws {
        let (root, request) = try await germanOrderRequest(presenter: ScriptedPresenter(), send: false)
        #expect(request.value(forHTTPHeaderField: "Accept-Language") == "de")
        #expect(root.acceptLanguage == "de")
    }

    @Test func languagesSampleForClientsThatBuildTheirOwnHeaders() {
        let root = ErrorScope.root(presenter: ScriptedPresenter(), localization: Localization(language: "ja"))
        var request = StandInRequest()
        request.headers.add(name: "Accept-Language", value: root.acceptLanguage)
        #expect(
            request.headers.fields == [("Accept-Language", "ja")].map { StandInRequest.Field(name: $0.0, value: $0.1) })
    }

    // MARK: - AsyncHTTPClient's shapes

    private func fetch(_ request: StandInRequest, with client: StandInHTTPClient) async throws -> Data {
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard (200..<300).contains(response.status.code) else {
            throw ProblemDetailsError.error(
                status: Int(response.status.code),
                header: { response.headers.first(name: $0) },
                body: Data(buffer: body)
            )
        }
        return Data(buffer: body)
    }

    @Test func asyncHTTPClientShapedClient() async throws {
        let busy = StandInHTTPClient(
            status: 503,
            headers: [("content-type", "application/problem+json"), ("retry-after", "20")],
            body: #"{"title":"Busy","detail":"Try again soon.","actions":[{"id":"retry","title":"Try Again"}]}"#
        )
        await #expect {
            try await fetch(StandInRequest(), with: busy)
        } throws: { error in
            guard let problem = error as? ProblemDetailsError else { return false }
            return problem.title == "Busy" && problem.retryAfter == .seconds(20)
                && problem.recoveryOptions.map(\.id) == ["retry"]
        }
        let proxy = StandInHTTPClient(
            status: 502, headers: [("Content-Type", "text/html")], body: "<h1>Bad Gateway</h1>")
        await #expect {
            try await fetch(StandInRequest(), with: proxy)
        } throws: { error in
            (error as? HTTPStatusError)?.status == 502
        }
        let fine = StandInHTTPClient(status: 200, headers: [], body: "{}")
        #expect(try await fetch(StandInRequest(), with: fine) == Data("{}".utf8))
    }
}

// Stand-ins with the shapes of AsyncHTTPClient's HTTPClient, HTTPClientResponse, HTTPHeaders and NIO's
// ByteBuffer and TimeAmount, as far as the sample uses them.

private struct StandInRequest {
    struct Field: Equatable {
        var name: String
        var value: String
    }
    struct Headers {
        var fields: [Field] = []
        mutating func add(name: String, value: String) {
            fields.append(Field(name: name, value: value))
        }
    }
    var headers = Headers()
}

private struct StandInTimeAmount {
    static func seconds(_ amount: Int64) -> StandInTimeAmount { StandInTimeAmount() }
}

private struct StandInByteBuffer {
    var bytes: [UInt8]
}

extension Data {
    fileprivate init(buffer: StandInByteBuffer) {
        self.init(buffer.bytes)
    }
}

private struct StandInHTTPClient {
    struct Response {
        struct Status { var code: UInt }
        struct Headers {
            var fields: [(String, String)]
            func first(name: String) -> String? {
                fields.first { $0.0.lowercased() == name.lowercased() }?.1
            }
        }
        struct Body {
            var bytes: [UInt8]
            func collect(upTo maxBytes: Int) async throws -> StandInByteBuffer {
                StandInByteBuffer(bytes: Array(bytes.prefix(maxBytes)))
            }
        }
        var status: Status
        var headers: Headers
        var body: Body
    }

    var status: UInt
    var headers: [(String, String)]
    var body: String

    func execute(_ request: StandInRequest, timeout: StandInTimeAmount) async throws -> Response {
        Response(status: .init(code: status), headers: .init(fields: headers), body: .init(bytes: Array(body.utf8)))
    }
}
