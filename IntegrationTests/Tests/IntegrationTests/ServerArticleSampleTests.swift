import Foundation
import Hummingbird
import Logging
import NIOCore
import Remedy
import RemedyHummingbird
import Testing

/// The samples of RemedyHummingbird's DocC catalog (`Sources/RemedyHummingbird/Documentation.docc`), word for
/// word (the root package's `CodeSampleCoverageTests` checks that), run against a real server on loopback. They
/// live here, not in the root package's tests, because the root package builds them only with its trait.
@Suite(.timeLimit(.minutes(3)))
struct ServerArticleSampleTests {
    // MARK: - Stand-ins for the samples' app

    struct Invoice: ResponseEncodable {
        var id: String
    }

    struct InvoiceStore {
        func find(_ id: String) async throws -> Invoice {
            guard id == "7" else { throw HTTPError(.notFound, message: "no invoice \(id) in table invoices") }
            return Invoice(id: id)
        }
    }

    struct ReportQueueFull: Error {
        var retryAfter: Duration
    }

    // MARK: - The samples

    func addingTheMiddleware(invoices: InvoiceStore) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: ProblemDetailsMiddleware())
        router.get("/invoices/:id") { _, context -> Invoice in
            try await invoices.find(context.parameters.require("id"))
        }
        return router
    }

    func rulesCatalogAndActions(router: Router<BasicRequestContext>) {
        var catalog = ErrorCatalog.standard
        catalog.register(ReportQueueFull.self) { full, _ in
            ErrorInterpretation(category: .externalSystemUnavailable, isTransient: true, retryAfter: full.retryAfter)
        }
        let configuration = ProblemDetailsConfiguration(
            rules: [
                .matching(SessionExpired.self) { _, _ in .replace(HTTPStatusError(status: 401)) }
            ],
            catalog: catalog,
            actionRequests: ["signIn": ProblemDetails.Action.Request(method: "POST", href: "/session")]
        )
        router.add(middleware: ProblemDetailsMiddleware(configuration))
    }

    func pagesForBrowsers(router: Router<BasicRequestContext>) {
        var configuration = ProblemDetailsConfiguration()
        configuration.actionRequests["discardDraft"] = .init(method: "DELETE", href: "/drafts/42")
        configuration.htmlPage = { page in
            let title = ProblemPage.escaped(page.title)
            return """
                <!doctype html><html lang="\(ProblemPage.escaped(page.language))"><meta charset="utf-8">
                <style nonce="\(page.styleNonce)">body { font-family: Georgia, serif }</style>
                <title>\(title)</title><h1>\(title)</h1><p>\(ProblemPage.escaped(page.message))</p>
                """
        }
        router.add(middleware: ProblemDetailsMiddleware(configuration))
    }

    // MARK: - Running them

    @Test func theMiddlewareAnswersAMissingInvoiceWithProblemDetails() async throws {
        let router = addingTheMiddleware(invoices: InvoiceStore())
        try await Self.serve(router) { baseURL in
            let found = try await RealClient.urlSession.send(baseURL.appending(path: "/invoices/7"))
            #expect(found.status == 200)
            let missing = try await RealClient.urlSession.send(baseURL.appending(path: "/invoices/8"))
            #expect(missing.status == 404)
            #expect(missing.contentType == ProblemDetails.mediaType)
            #expect(!missing.text.contains("table invoices"))
        }
    }

    @Test func theRulesCatalogAndActionsShapeTheAnswers() async throws {
        let router = Router()
        rulesCatalogAndActions(router: router)
        router.get("/report") { _, _ -> Response in throw ReportQueueFull(retryAfter: .seconds(30)) }
        router.get("/account") { _, _ -> Response in throw SessionExpired() }
        try await Self.serve(router) { baseURL in
            let report = try await RealClient.asyncHTTPClient.send(baseURL.appending(path: "/report"))
            #expect(report.status == 503)
            #expect(report.headers["retry-after"] == "30")
            let account = try await RealClient.asyncHTTPClient.send(baseURL.appending(path: "/account"))
            #expect(account.status == 401)
            let problem = try ProblemDetails(decoding: account.body, contentType: account.contentType)
            #expect(problem.actions.first?.request?.href == "/session")
        }
    }

    @Test func theCustomPageIsWhatABrowserGets() async throws {
        let router = Router()
        pagesForBrowsers(router: router)
        router.get("/drafts/42") { _, _ -> Response in
            throw HTTPError(.notFound, message: "no row 42 in table drafts")
        }
        try await Self.serve(router) { baseURL in
            let page = try await RealClient.urlSession.send(
                baseURL.appending(path: "/drafts/42"), headers: ["Accept": "text/html", "Accept-Language": "de"])
            #expect(page.status == 404)
            #expect(page.contentType == "text/html; charset=utf-8")
            let title = try #require(StringsFile.text("catalog.http.notFound.title", language: "de"))
            #expect(page.text.contains("<h1>\(ProblemPage.escaped(title))</h1>"))
            #expect(page.text.contains(#"<html lang="de">"#))
            #expect(!page.text.contains("table drafts"))
            let nonce = try #require(page.headers["content-security-policy"]?.firstMatch(of: /'nonce-([^']+)'/)?.1)
            #expect(page.text.contains("<style nonce=\"\(nonce)\">"))
            let json = try await RealClient.urlSession.send(baseURL.appending(path: "/drafts/42"))
            #expect(json.contentType == ProblemDetails.mediaType)
        }
    }

    /// Runs a router on 127.0.0.1 while `body` runs.
    static func serve(_ router: Router<BasicRequestContext>, _ body: (URL) async throws -> Void) async throws {
        // Quiet: stopping by cancellation logs an error about the child channels.
        let (url, task) = try await ProblemServer.runOnLoopback(
            router,
            logger: Logger(label: "sample") { _ in SwiftLogNoOpLogHandler() }
        )
        do {
            try await body(url)
        } catch {
            task.cancel()
            _ = await task.result
            throw error
        }
        task.cancel()
        _ = await task.result
    }
}

/// The invoices of the article's whole server.
private let invoices = ServerArticleSampleTests.InvoiceStore()

extension ServerArticleSampleTests {
    /// The whole server of the README and the Hummingbird article, word for word: the middleware, a route, and the
    /// application on 127.0.0.1:8080. (Compiled here; `vapor-example`, the Vapor article's, is the one a test runs.)
    struct InvoiceServer {
        static func main() async throws {
            let router = Router()
            router.add(middleware: ProblemDetailsMiddleware())
            router.get("/invoices/:id") { _, context -> Invoice in
                try await invoices.find(context.parameters.require("id"))
            }
            let app = Application(
                router: router,
                configuration: .init(address: .hostname("127.0.0.1", port: 8080))
            )
            try await app.runService()
        }
    }
}

/// The manifest fragment of RemedyHummingbird's DocC catalog, word for word, compiled against stand-ins with
/// PackageDescription's names (a test can't import PackageDescription) and checked against the real manifests.
struct ServerManifestSampleTests {
    struct Package {
        struct Dependency {
            var location: String
            var traits: [String]

            static func package(path: String, traits: [String]) -> Dependency {
                Dependency(location: path, traits: traits)
            }

            static func package(url: String, from version: String) -> Dependency {
                Dependency(location: "\(url)@\(version)", traits: [])
            }
        }

        var name: String
        var dependencies: [Dependency]
        var targets: [Target]
    }

    struct Target {
        struct Dependency {
            var product: String
            var package: String

            static func product(name: String, package: String) -> Dependency {
                Dependency(product: name, package: package)
            }
        }

        var name: String
        var dependencies: [Dependency]

        static func executableTarget(name: String, dependencies: [Dependency]) -> Target {
            Target(name: name, dependencies: dependencies)
        }
    }

    // swift-format-ignore
    func articleManifest() -> Package {
        Package(
            name: "server",
            dependencies: [
                .package(path: "../Remedy", traits: ["Hummingbird"]),
                .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
            ],
            targets: [
                .executableTarget(
                    name: "server",
                    dependencies: [
                        .product(name: "RemedyHummingbird", package: "Remedy"),
                        .product(name: "Hummingbird", package: "hummingbird"),
                    ]
                ),
            ]
        )
    }

    @Test func theServerResourceRuleCanBeNarrowed() {
        var configuration = ProblemDetailsConfiguration()
        // This service's outbound calls are its clients' own: show what failed.
        configuration.isServerResourceFailure = { error in
            !(error is URLError) && ProblemDetailsConfiguration.isServerResource(error)
        }
        #expect(!configuration.isServerResourceFailure(URLError(.timedOut)))
        #expect(configuration.isServerResourceFailure(CocoaError(.fileNoSuchFile)))
        #expect(!configuration.isServerResourceFailure(HTTPError(.notFound)))
    }

    @Test func theArticlesManifestNamesWhatRemedysManifestDeclares() throws {
        let manifest = articleManifest()
        let remedy = try #require(manifest.dependencies.first)
        #expect(remedy.traits == ["Hummingbird"])
        let root = try String(contentsOf: StringsFile.root.appending(path: "Package.swift"), encoding: .utf8)
        #expect(root.contains(#".trait("#) && root.contains(#"name: "Hummingbird""#))
        #expect(root.contains(#".library(name: "RemedyHummingbird", targets: ["RemedyHummingbird"])"#))
        #expect(root.contains(#"hummingbird.git", from: "2.28.1""#))
        #expect(manifest.dependencies[1].location.hasSuffix("hummingbird.git@2.28.1"))
        #expect(manifest.targets.first?.dependencies.map(\.product) == ["RemedyHummingbird", "Hummingbird"])
    }
}
