import Foundation
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIURLSession
import Remedy
import RemedyOpenAPI
import RemedyTesting
import Testing

/// The samples of RemedyOpenAPI's DocC catalog (`Sources/RemedyOpenAPI/Documentation.docc`), word for word (the
/// root package's `CodeSampleCoverageTests` checks the Swift ones), run against a real server on loopback; and
/// its YAML samples, found word for word in the documents the example and these tests generate their code from.
@Suite(.timeLimit(.minutes(3)))
struct OpenAPIArticleSampleTests {
    // MARK: - The samples

    func makeRouter(service: some APIProtocol) throws -> Router<BasicRequestContext> {
        let router = Router()
        try service.registerHandlers(
            on: router,
            middlewares: [ProblemDetailsMiddleware(logger: Logger(label: "inventory"))]
        )
        return router
    }

    func loadItem(_ id: String, from serverURL: URL, scope: ErrorScope, localization: Localization) async
        -> Components.Schemas.Item?
    {
        let client = Client(
            serverURL: serverURL,
            transport: URLSessionTransport(),
            middlewares: [ProblemDetailsClientMiddleware(localization: localization)]
        )
        return await scope.attempt("Loading the item") {
            try await client.getItem(path: .init(id: id)).ok.body.json
        }
    }

    // MARK: - Running them

    /// The server of the first sample answers a missing item 404 in the language asked for, and the client of the
    /// second presents the server's words, in that language, and its reference.
    @Test func theServerAndTheClientOfTheArticleMeet() async throws {
        let router = try makeRouter(service: InventoryService(refreshes: RefreshCounter()))
        let (url, task) = try await ProblemServer.runOnLoopback(router, logger: Logger(label: "test"))
        defer { task.cancel() }
        let german = Localization(language: "de")
        let presenter = ScriptedPresenter()
        let scope = ErrorScope.root(presenter: presenter, localization: german)
        #expect(await loadItem("1", from: url, scope: scope, localization: german)?.name == "Lamp")
        #expect(await loadItem("9", from: url, scope: scope, localization: german) == nil)
        let shown = try #require(presenter.presentations.first)
        let catalogs = ErrorResolver(localization: german).presentation(for: HTTPStatusError(status: 404))
        #expect(shown.title == catalogs.title)
        #expect(shown.message == catalogs.message)
        #expect(shown.localization.language == "de")
    }

    /// Each YAML sample of the article is in both documents, word for word, so the fragment the article shows is
    /// the one the generator read.
    @Test func theDocumentFragmentIsTheOneTheGeneratorRead() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/RemedyOpenAPI/Documentation.docc/RemedyOpenAPI.md"),
            encoding: .utf8)
        let samples = article.components(separatedBy: "```yaml\n").dropFirst().map {
            $0.components(separatedBy: "```\n")[0]
        }
        #expect(samples.count == 3)
        for document in ["Examples/openapi/openapi.yaml", "IntegrationTests/OpenAPI.yaml"] {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            for sample in samples.prefix(2) {
                #expect(text.contains(sample), "\(document) lacks the article's fragment")
            }
        }
        let tests = try String(
            contentsOf: root.appendingPathComponent("IntegrationTests/OpenAPI.yaml"), encoding: .utf8)
        #expect(tests.contains(samples[2]), "the operation's responses are getItem's")
    }
}
