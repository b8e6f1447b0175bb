import Foundation
import Remedy
import RemedyTerminal

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's networking: URLSession, and a failed answer thrown as the error it describes.
///
/// A Problem Details answer (`application/problem+json`) becomes a `ProblemDetailsError`, which Remedy
/// presents with the server's title, message, field errors, actions and support reference; any other
/// failed answer an `HTTPStatusError`. Transport failures stay URLSession's `URLError`s.
struct ExampleAPI: Sendable {
    let baseURL: URL
    let session = URLSession(configuration: .ephemeral)

    /// Sends a request and returns the body of a successful answer.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path below ``baseURL``.
    ///   - body: The body and its content type, if any.
    ///   - token: The session's token, if signed in.
    /// - Returns: The body.
    /// - Throws: `ProblemDetailsError`, `HTTPStatusError` or `URLError`.
    func send(
        _ method: String,
        _ path: String,
        body: (data: Data, contentType: String)? = nil,
        token: String? = nil
    ) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        // Problem Details rather than the page a browser gets, in the person's language.
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setAcceptLanguage(.default)
        if let body {
            request.httpBody = body.data
            request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await session.data(for: request)
        try ProblemDetailsError.validate(data, response, actionTransport: .urlSession(session))
        return data
    }

    /// An HTML form's body: `application/x-www-form-urlencoded`.
    static func form(_ fields: KeyValuePairs<String, String>) -> (data: Data, contentType: String) {
        let unreserved = CharacterSet(charactersIn: "-._~").union(.alphanumerics)
        let encoded = fields.map { name, value in
            let escape = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "" }
            return escape(name) + "=" + escape(value)
        }
        return (Data(encoded.joined(separator: "&").utf8), "application/x-www-form-urlencoded")
    }

    /// A JSON body.
    static func json(_ value: some Encodable) throws -> (data: Data, contentType: String) {
        (try JSONEncoder().encode(value), "application/json")
    }
}

/// The person's session, and the sign-in flow that the client's 401 rule hands failures to.
actor Session {
    private(set) var token: String?
    private let api: ExampleAPI
    private let presenter: TerminalPresenter

    init(api: ExampleAPI, presenter: TerminalPresenter) {
        self.api = api
        self.presenter = presenter
    }

    /// Asks the person to sign in, with the server's words for the 401 and its reference, and signs in
    /// with the server (`POST /session`, the request the answer's Sign In action names).
    ///
    /// - Parameter failure: The 401 the rule took over.
    /// - Returns: `.recovered` once signed in: the failed request then runs again.
    /// - Throws: When signing in fails; Remedy handles that as a new error.
    func signIn(after failure: HandledError) async throws -> RecoveryOutcome {
        let answer = failure.first(ProblemDetailsError.self)
        let screen = Presentation(
            title: answer?.title,
            message: answer?.message ?? "",
            options: [.signIn { true }, .cancel],
            category: .authenticationRequired,
            supportReference: failure.supportReference,
            error: failure.error
        )
        guard let choice = await presenter.present(screen), choice.role != .cancel else { return .notRecovered }
        let answered = try await api.send("POST", "session")
        token = try JSONDecoder().decode(SessionToken.self, from: answered).token
        return .recovered
    }

    private struct SessionToken: Decodable {
        var token: String
    }
}
