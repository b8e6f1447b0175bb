#if Hummingbird
import Foundation
import Hummingbird
import Remedy
import RemedyHummingbird

/// The example's routes, each failing as a real server's do, and `ProblemDetailsMiddleware` answering
/// every error they throw.
///
/// | route | answers |
/// | --- | --- |
/// | `GET /` | a page listing the routes |
/// | `GET /report` | `report.txt` of the data directory; while it is missing, 500 with a reference |
/// | `GET /account` | 401 with a Sign In action without `Authorization: Bearer <token>`, else the account |
/// | `POST /session` | a session token: the Sign In action's request |
/// | `GET /signup`, `POST /signup` | a form; 422 with an error for each invalid field |
/// | `POST /notes` | JSON; 400 naming the field a body can't be read at, 422 for an empty title |
enum ExampleServer {
    /// The middleware's configuration: the defaults, and the request that performs Sign In, which every
    /// 401 answer offers.
    static let problemConfiguration = ProblemDetailsConfiguration(
        actionRequests: ["signIn": ProblemDetails.Action.Request(method: "POST", href: "/session")]
    )

    /// The router, with the middleware before the routes.
    ///
    /// - Parameter dataDirectory: The folder `GET /report` reads `report.txt` from.
    static func router(dataDirectory: URL) -> Router<ExampleContext> {
        let router = Router(context: ExampleContext.self)
        router.add(middleware: ProblemDetailsMiddleware(problemConfiguration))
        let sessions = Sessions()

        router.get("/") { _, _ in
            ExamplePage.index
        }

        // A failure of the server's own files: answered 500 "Server Problem" with Try Again and a
        // support reference. The path stays in the server's log, under the same reference.
        router.get("/report") { _, _ -> String in
            try String(contentsOf: dataDirectory.appendingPathComponent("report.txt"), encoding: .utf8)
        }

        // Without a session: 401, which carries a Sign In action (`POST /session`, as configured above).
        router.get("/account") { request, _ -> Account in
            guard let token = request.headers[.authorization]?.bearerToken, await sessions.contains(token) else {
                throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: "Bearer"])
            }
            return Account(name: "Ada Lovelace", plan: "Family")
        }
        router.post("/session") { _, _ -> SessionToken in
            SessionToken(token: await sessions.open())
        }

        // A form for a browser: invalid fields are answered 422, and the middleware's page lists them.
        router.get("/signup") { _, _ in
            ExamplePage.signUpForm
        }
        router.post("/signup") { request, context -> Response in
            // Through `RequestBodyDecoder`, so a form it can't read is the client's 400, not a server error.
            let form = try await RequestBodyDecoder(URLEncodedFormDecoder())
                .decode(SignUpForm.self, from: request, context: context)
            try form.validate()
            return ExamplePage.welcome(name: form.name)
        }

        // JSON, decoded with the context's `RequestBodyDecoder`: a body it can't read answers 400 with a
        // field error for the place that failed (`#/title`); a title the app refuses answers 422.
        router.post("/notes") { request, context -> EditedResponse<Note> in
            let new = try await request.decode(as: NewNote.self, context: context)
            try new.validate()
            return EditedResponse(status: .created, response: Note(id: UUID(), title: new.title, text: new.text))
        }
        return router
    }
}

/// The request context of the example's routes.
struct ExampleContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    init(source: Source) { coreContext = .init(source: source) }
    var requestDecoder: RequestBodyDecoder<JSONDecoder> { RequestBodyDecoder(JSONDecoder()) }
    /// No request of this server needs more: a larger body is refused (413) before it is read.
    var maxUploadSize: Int { 16 * 1024 }
}

// MARK: - Input

/// The sign-up form's fields, as a browser posts them.
struct SignUpForm: Decodable {
    var name: String
    var email: String

    /// Throws an `InvalidInputError` with a message for each invalid field, named as in the form.
    func validate() throws {
        var problems: [FieldError] = []
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty {
            problems.append(FieldError(field: "name", message: "Enter your name."))
        } else if name.count > 100 {
            problems.append(FieldError(field: "name", message: "Enter a name of at most 100 characters."))
        }
        if email.count > 254 || !email.contains("@") || email.hasPrefix("@") || email.hasSuffix("@") {
            problems.append(FieldError(field: "email", message: "Enter an email address such as ada@example.com."))
        }
        if !problems.isEmpty { throw InvalidInputError(problems) }
    }
}

/// A note, as `POST /notes` receives it.
struct NewNote: Decodable {
    var title: String
    var text: String

    /// Throws an `InvalidInputError` naming each invalid member with a JSON pointer.
    func validate() throws {
        var problems: [FieldError] = []
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append(FieldError(field: "#/title", message: "Give the note a title."))
        } else if title.count > 200 {
            problems.append(FieldError(field: "#/title", message: "Shorten the title to 200 characters or fewer."))
        }
        if !problems.isEmpty { throw InvalidInputError(problems) }
    }
}

// MARK: - Output

/// A note as the server keeps it.
struct Note: ResponseEncodable {
    var id: UUID
    var title: String
    var text: String
}

/// The signed-in person's account.
struct Account: ResponseEncodable {
    var name: String
    var plan: String
}

/// What `POST /session` answers.
struct SessionToken: ResponseEncodable {
    var token: String
}

// MARK: - Sessions

/// The open sessions: the newest 1,000 tokens, so a client that signs in in a loop can't grow the server.
actor Sessions {
    private var tokens: [String] = []

    /// Opens a session.
    ///
    /// - Returns: Its token.
    func open() -> String {
        let token = UUID().uuidString
        tokens.append(token)
        if tokens.count > 1_000 { tokens.removeFirst() }
        return token
    }

    /// Whether a token is of an open session.
    func contains(_ token: String) -> Bool {
        tokens.contains(token)
    }
}

extension String {
    /// The token of an `Authorization: Bearer <token>` header, or `nil`.
    fileprivate var bearerToken: String? {
        guard count < 200, lowercased().hasPrefix("bearer ") else { return nil }
        return String(dropFirst("bearer ".count))
    }
}
#endif
