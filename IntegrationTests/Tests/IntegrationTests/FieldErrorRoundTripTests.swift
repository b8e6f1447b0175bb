import Foundation
import Hummingbird
import Logging
import Remedy
import RemedyHummingbird
import RemedyTesting
import Testing

/// Field errors across the wire: a server's `InvalidInputError`, and a request body it couldn't decode, reach
/// the client's presentation field by field through URLSession and AsyncHTTPClient, and a browser's page
/// lists them beside the fields' names; from a Hummingbird and from a Vapor server alike.
@Suite(.timeLimit(.minutes(5)))
struct FieldErrorRoundTripTests {
    @Test(
        "An app's field errors reach the client's presentation, field by field",
        arguments: ServerKind.allCases, RealClient.allCases)
    func appFieldErrorsRoundTrip(kind: ServerKind, client: RealClient) async throws {
        try await ProblemServer.with(kind) { server in
            let presenter = ScriptedPresenter([.role(.cancel)])
            let root = ProblemDetailsRoundTripTests.clientRoot(presenter: presenter, language: "de")
            let url = server.baseURL.appending(path: "/signup")
            let value = await root.attempt("Signing up") {
                try await client.fetch(url, headers: ["Accept-Language": root.acceptLanguage])
            }
            #expect(value == nil)
            let presentation = try #require(presenter.presentations.first)
            #expect(
                presentation.fieldErrors == [
                    FieldError(field: "#/email", message: "Enter an email address with an @."),
                    FieldError(field: "name", message: "Enter <your> name & surname."),
                ])
            #expect(presentation.title == StringsFile.text("category.invalidInput.title", language: "de"))
            let error = try #require(ErrorTree(presentation.error).first(ProblemDetailsError.self))
            #expect(error.status == 422)
        }
    }

    @Test(
        "A body that couldn't be decoded answers 400 with the field's place, in the person's language",
        arguments: ServerKind.allCases, RealClient.allCases(with: ["de", "ja"])
    )
    func decodingErrorBecomesAFieldError(
        kind: ServerKind,
        trip: (client: RealClient, language: String)
    ) async throws {
        let (client, language) = trip
        try await ProblemServer.with(kind) { server in
            // "age" holds text where a number belongs.
            let answer = try await client.send(
                server.baseURL.appending(path: "/signup"), method: "POST",
                headers: ["Accept-Language": language, "Content-Type": "application/json"],
                body: Data(#"{"name":"Ada","age":"forty"}"#.utf8))
            #expect(answer.status == 400)
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            let expected = try #require(StringsFile.text("field.number", language: language))
            #expect(problem.fieldErrors == [FieldError(field: "#/age", message: expected)])
            for typeName in ["Int", "String", "Signup", "typeMismatch", "forty"] {
                #expect(!answer.text.contains(typeName), "the answer names \(typeName): \(answer.text)")
            }
        }
    }

    @Test(
        "An unmarked decoding error is the server's: answered without fields, names or the client's blame",
        arguments: ServerKind.allCases)
    func unmarkedDecodingErrorIsTheServers(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.asyncHTTPClient.send(server.baseURL.appending(path: "/upstream"))
            #expect(answer.status >= 500)
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(problem.fieldErrors.isEmpty)
            #expect(problem.category != .invalidInput)
            #expect(!answer.text.contains("age"))
        }
    }

    @Test("The request context of RequestBodyDecoder's documentation marks a body it can't decode as the client's")
    func documentedContextMarksTheBody() async throws {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ProblemDetailsMiddleware())
        router.post("/items") { request, context -> String in
            struct Item: Decodable { var count: Int }
            return "\(try await request.decode(as: Item.self, context: context).count)"
        }
        let (url, task) = try await ProblemServer.runOnLoopback(router, logger: Logger(label: "items"))
        defer { task.cancel() }
        let answer = try await RealClient.asyncHTTPClient.send(
            url.appending(path: "/items"), method: "POST", headers: ["Content-Type": "application/json"],
            body: Data(#"{"count":"many"}"#.utf8))
        #expect(answer.status == 400)
        let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
        #expect(problem.fieldErrors.map { $0.field } == ["#/count"])
        #expect(problem.fieldErrors.first?.message == StringsFile.text("field.number", language: "en"))
    }

    @Test("A browser's page lists each field's name and message, escaped", arguments: ServerKind.allCases)
    func pageListsTheFields(kind: ServerKind) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/signup"), headers: ["Accept": ProblemPageServerTests.browserAccept])
            #expect(answer.status == 422)
            #expect(answer.contentType == "text/html; charset=utf-8")
            #expect(answer.text.contains("<li><strong>email</strong>: Enter an email address with an @.</li>"))
            #expect(answer.text.contains("<li><strong>name</strong>: Enter &lt;your&gt; name &amp; surname.</li>"))
        }
    }
}

// `RequestBodyDecoder`'s documentation, word for word.
struct AppRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    init(source: Source) { coreContext = .init(source: source) }
    var requestDecoder: RequestBodyDecoder<JSONDecoder> { RequestBodyDecoder(JSONDecoder()) }
}
