import Foundation
import OpenAPIRuntime
import Remedy
import RemedyOpenAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// RemedyOpenAPI's middlewares end to end: ``InventoryService``, generated from `IntegrationTests/OpenAPI.yaml`,
/// answers through `ProblemDetailsMiddleware` on a real server of each OpenAPI transport (swift-openapi-hummingbird,
/// swift-openapi-vapor) on 127.0.0.1, and the generated client with `ProblemDetailsClientMiddleware` (on
/// swift-openapi-urlsession) turns each answer into the error Remedy presents.
@Suite(.timeLimit(.minutes(3)))
struct OpenAPIRoundTripTests {
    /// The server's problem, as the generated client's caller gets it: inside the runtime's `ClientError`.
    static func problem(of call: () async throws -> Void) async throws -> (error: any Error, ProblemDetailsError) {
        do {
            try await call()
        } catch {
            #expect(error is ClientError, "the generated client wraps what its middleware throws")
            return (error, try #require(ErrorTree(error).first(ProblemDetailsError.self)))
        }
        Issue.record("the call succeeded")
        throw CancellationError()
    }

    /// A problem the document declares (`default`) and one it doesn't (`getPlainItem` declares only 200) both reach
    /// the caller as the server's problem, in the language asked for, and Remedy presents the server's texts.
    @Test(arguments: OpenAPITransportKind.allCases, ["de", "ja"])
    func documentedAndUndocumentedProblemsArriveInTheLanguageAskedFor(
        kind: OpenAPITransportKind, language: String
    ) async throws {
        try await OpenAPIServer.with(kind) { server in
            let client = OpenAPIServer.client(of: server.baseURL, language: language)
            let localization = Localization(language: language)
            let catalogs = ErrorResolver(localization: localization).presentation(for: HTTPStatusError(status: 404))
            let english = ErrorResolver(localization: Localization(language: "en"))
                .presentation(for: HTTPStatusError(status: 404))
            #expect(catalogs.title != english.title, "the fixture's languages differ from English")
            let (documentedError, documented) = try await Self.problem {
                _ = try await client.getItem(path: .init(id: "9")).ok
            }
            let (_, undocumented) = try await Self.problem {
                _ = try await client.getPlainItem(path: .init(id: "9")).ok
            }
            for problem in [documented, undocumented] {
                #expect(problem.status == 404)
                #expect(problem.title == catalogs.title)
                #expect(problem.message == catalogs.message)
                #expect(problem.problem.supportReference != nil)
            }
            #expect(documented.problem.supportReference != undocumented.problem.supportReference)
            // Remedy's walk finds the problem inside `ClientError` and presents the server's words and reference.
            let presentation = ErrorResolver(localization: localization).presentation(for: documentedError)
            #expect(presentation.title == catalogs.title)
            #expect(presentation.message == catalogs.message)
            #expect(presentation.supportReference == documented.supportReference)
            let reference = try #require(documented.supportReference)
            let logged = server.log.entries.first { $0.metadata["reference"] == "\(reference)" }
            #expect(logged?.level == .info, "the reference a person reads out is in the log at the default level")
            #expect(logged?.metadata["openapi.operation"] == "getItem")
        }
    }

    /// An app's invalid input comes back 422 with an error for each field, which the presentation lists.
    @Test(arguments: OpenAPITransportKind.allCases)
    func fieldErrorsReachThePresentation(kind: OpenAPITransportKind) async throws {
        try await OpenAPIServer.with(kind) { server in
            let client = OpenAPIServer.client(of: server.baseURL, language: "de")
            let (error, problem) = try await Self.problem {
                _ = try await client.createItem(body: .json(.init(name: " ", email: "ada", count: 1))).created
            }
            #expect(problem.status == 422)
            #expect(problem.category == .invalidInput)
            let presentation = ErrorResolver(localization: Localization(language: "de")).presentation(for: error)
            #expect(
                presentation.fieldErrors == [
                    FieldError(field: "#/name", message: "Give the item a name."),
                    FieldError(field: "#/email", message: "Enter an email address such as ada@example.com."),
                ])
            #expect(
                !presentation.options.contains { $0.id == "retry" }, "invalid input isn't fixed by sending it again")
        }
    }

    /// An outbound call's 503 with `Retry-After` is the service's problem: 503, `Retry-After: 30`, Try Again.
    @Test(arguments: OpenAPITransportKind.allCases)
    func anOverloadedDependencyAsksToRetryAfterItsDelay(kind: OpenAPITransportKind) async throws {
        try await OpenAPIServer.with(kind) { server in
            let client = OpenAPIServer.client(of: server.baseURL, language: "en")
            let (_, problem) = try await Self.problem { _ = try await client.getItem(path: .init(id: "busy")).ok }
            #expect(problem.status == 503)
            #expect(problem.retryAfter == .seconds(30))
            #expect(problem.recoveryOptions.contains { $0.id == "retry" })
            #expect(!(problem.message.contains("127.0.0.1")), "the dependency stays in the server's log")
        }
    }

    /// The server's action Refresh is carried out on its origin (`POST /items/stale/refresh`) and recovers; the
    /// `javascript:` link and the link to another origin of a careless server's problem are refused.
    @Test(arguments: OpenAPITransportKind.allCases)
    func anActionIsCarriedOutAndOnesOffTheOriginAreRefused(kind: OpenAPITransportKind) async throws {
        try await OpenAPIServer.with(kind) { server in
            let client = OpenAPIServer.client(of: server.baseURL, language: "en")
            let (_, stale) = try await Self.problem { _ = try await client.getItem(path: .init(id: "stale")).ok }
            #expect(stale.status == 409)
            #expect(stale.title == "Item Out of Date")
            let refresh = try #require(stale.recoveryOptions.first { $0.id == "refresh" })
            #expect(try await refresh.perform() == .recovered)
            #expect(await server.refreshes.count == 1)

            let (_, hostile) = try await Self.problem { _ = try await client.getItem(path: .init(id: "hostile")).ok }
            #expect(hostile.status == 409)
            #expect(hostile.recoveryOptions.map(\.id) == ["retry"], "only Try Again can be carried out")
        }
    }

    /// A request that doesn't match the document is the person's input: the runtime's own errors, before the
    /// handler runs, answered 400 with the field the runtime names (a query parameter, a place in the body).
    @Test(arguments: OpenAPITransportKind.allCases)
    func aRequestThatDoesntMatchTheDocumentIsAnswered400WithItsField(kind: OpenAPITransportKind) async throws {
        try await OpenAPIServer.with(kind) { server in
            var missing = URLRequest(url: server.baseURL.appendingPathComponent("items"))
            missing.setValue("de", forHTTPHeaderField: "Accept-Language")
            let (missingData, missingResponse) = try await URLSession.shared.data(for: missing)
            let missingProblem = try #require(Self.decodedProblem(missingData, missingResponse))
            #expect(missingProblem.status == 400)
            #expect(missingProblem.problem.category == .invalidInput)
            #expect(missingProblem.problem.fieldErrors.map(\.field) == ["limit"])
            let german = Localization(language: "de")
            #expect(missingProblem.problem.fieldErrors.first?.message == german.string(forKey: "field.missing"))

            var body = URLRequest(url: server.baseURL.appendingPathComponent("items"))
            body.httpMethod = "POST"
            body.setValue("application/json", forHTTPHeaderField: "Content-Type")
            body.httpBody = Data(#"{"name":"Lamp","email":"a@b.c","count":"many"}"#.utf8)
            let (bodyData, bodyResponse) = try await URLSession.shared.data(for: body)
            let bodyProblem = try #require(Self.decodedProblem(bodyData, bodyResponse))
            #expect(bodyProblem.status == 400)
            #expect(bodyProblem.problem.fieldErrors.map(\.field) == ["#/count"])
            #expect(!String(decoding: bodyData, as: UTF8.self).contains("Int"), "no type names reach the client")
        }
    }

    static func decodedProblem(_ data: Data, _ response: URLResponse) -> ProblemDetailsError? {
        do {
            try ProblemDetailsError.validate(data, response)
        } catch let problem as ProblemDetailsError {
            return problem
        } catch {}
        return nil
    }
}
