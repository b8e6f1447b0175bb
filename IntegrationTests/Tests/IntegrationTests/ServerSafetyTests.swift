import Foundation
import Hummingbird
import Remedy
import RemedyHummingbird
import RemedyTesting
import Testing

/// What a real Hummingbird or Vapor server on loopback sends stays safe to act on: no action a client must
/// refuse, and no "update the app" for a failure of the server's own.
@Suite(.timeLimit(.minutes(5)))
struct ServerSafetyTests {
    /// An `href` the app configured for `/orders/9`'s "View Order" (`OrderLocked`), the other origins it allows,
    /// and whether the action is sent.
    static let links: [(href: String, allowed: [String], isKept: Bool)] = [
        ("javascript:alert(document.cookie)", [], false),
        ("JavaScript:alert(1)", ["https://help.example.com"], false),
        ("data:text/html,<script>alert(1)</script>", [], false),
        ("https://elsewhere.example/orders/9", [], false),
        ("https://help.example.com:8443/orders/9", ["https://help.example.com"], false),
        ("//elsewhere.example/orders/9", ["https://elsewhere.example"], false),
        ("https://help.example.com/orders/9", ["https://help.example.com"], true),
        ("/orders/9/view", [], true),
    ]

    @Test(
        "An action whose href a client must refuse is left out of the JSON and named in the record; relative and allowed ones stay",
        arguments: ServerKind.allCases, links.indices)
    func unsafeActionsAreDropped(kind: ServerKind, index: Int) async throws {
        let link = Self.links[index]
        try await ProblemServer.with(
            kind,
            { configuration in
                configuration.actionRequests["viewOrder"] = .init(method: "GET", href: link.href)
                configuration.allowedActionOrigins = link.allowed
            }
        ) { server in
            let answer = try await RealClient.asyncHTTPClient.send(server.baseURL.appending(path: "/orders/9"))
            #expect(answer.status == 422)
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            let view = problem.actions.first { $0.id == "viewOrder" }
            // The other actions of the error, which have no request, are sent either way.
            #expect(problem.actions.map(\.id).filter { $0 != "viewOrder" } == ["refreshOrder", "discardDraft"])
            let record = try #require(server.log.entries.first { $0.message.hasPrefix("Answered") })
            if link.isKept {
                #expect(view?.request?.href == link.href)
                #expect(record["dropped"] == nil)
            } else {
                #expect(view == nil, "\(link.href) was sent")
                #expect(!problem.actions.contains { $0.request?.href == link.href })
                #expect(record["dropped"] == "viewOrder \(link.href)")
            }
        }
    }

    @Test("An absolute URL of the request's own origin (its Host) stays in the JSON", arguments: ServerKind.allCases)
    func ownOriginStays(kind: ServerKind) async throws {
        let href = "http://app.example:8080/orders/9/view"
        try await ProblemServer.with(kind, { $0.actionRequests["viewOrder"] = .init(method: "GET", href: href) }) {
            server in
            let own = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/orders/9"), headers: ["Host": "app.example:8080"])
            let ownProblem = try ProblemDetails(decoding: own.body, contentType: own.contentType)
            #expect(ownProblem.actions.first { $0.id == "viewOrder" }?.request?.href == href)
            // The same link, asked for under another Host, leads to another origin.
            let other = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/orders/9"), headers: ["Host": "shop.example"])
            let otherProblem = try ProblemDetails(decoding: other.body, contentType: other.contentType)
            #expect(otherProblem.actions.first { $0.id == "viewOrder" } == nil)
        }
    }

    @Test(
        "A browser's page links only where the JSON may lead: an allowed origin for a GET, never javascript:",
        arguments: ServerKind.allCases)
    func pageKeepsTheSameRule(kind: ServerKind) async throws {
        try await ProblemServer.with(
            kind,
            { configuration in
                configuration.actionRequests["viewOrder"] = .init(method: "GET", href: "https://help.example.com/9")
                configuration.actionRequests["refreshOrder"] = .init(method: "POST", href: "https://help.example.com/r")
                configuration.actionRequests["discardDraft"] = .init(method: "DELETE", href: "javascript:alert(1)")
                configuration.allowedActionOrigins = ["https://help.example.com"]
            }
        ) { server in
            let answer = try await RealClient.urlSession.send(
                server.baseURL.appending(path: "/orders/9"), headers: ["Accept": ProblemPageServerTests.browserAccept])
            #expect(answer.contentType == "text/html; charset=utf-8")
            #expect(answer.text.contains(#"href="https://help.example.com/9""#))
            // A form may post to the page's own origin only (its Content-Security-Policy's form-action 'self').
            #expect(!answer.text.contains("https://help.example.com/r"))
            #expect(!answer.text.contains("javascript:"))
        }
    }

    /// An order the person should read the guide about, in the help center.
    struct OrderNeedsReview: PresentableError {
        var title: String? { "Order Needs Review" }
        var message: String { "Read how orders are reviewed before they ship." }
        var category: ErrorCategory { .permissionDenied }
        var recoveryOptions: [RecoveryOption] {
            [RecoveryOption(id: "readGuide", title: "Read the Guide", role: .recommended) { .notRecovered }]
        }
    }

    /// The sample of RemedyHummingbird's DocC catalog ("Rules, the catalog and actions"), word for word.
    func allowingAHelpCenter(router: Router<BasicRequestContext>) {
        var configuration = ProblemDetailsConfiguration()
        configuration.actionRequests["readGuide"] = .init(method: "GET", href: "https://help.example.com/orders")
        configuration.allowedActionOrigins = ["https://help.example.com"]
        router.add(middleware: ProblemDetailsMiddleware(configuration))
    }

    @Test("The catalog's sample sends its link to the help center it allows")
    func helpCenterSampleKeepsItsLink() async throws {
        let router = Router()
        allowingAHelpCenter(router: router)
        router.get("/orders/9") { _, _ -> Response in throw OrderNeedsReview() }
        try await ServerArticleSampleTests.serve(router) { baseURL in
            let answer = try await RealClient.asyncHTTPClient.send(baseURL.appending(path: "/orders/9"))
            #expect(answer.status == 403)
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(problem.actions.map(\.request?.href) == ["https://help.example.com/orders"])
        }
    }

    @Test(
        "A route's bare DecodingError is the server's own failure: 500, the service has a problem, with the reference",
        arguments: ServerKind.allCases, ["en", "de"])
    func bareDecodingErrorIsTheServersFailure(kind: ServerKind, language: String) async throws {
        try await ProblemServer.with(kind) { server in
            let answer = try await RealClient.asyncHTTPClient.send(
                server.baseURL.appending(path: "/upstream"), headers: ["Accept-Language": language])
            #expect(answer.status == 500)
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            let title = try #require(StringsFile.text("catalog.http.internalServerError.title", language: language))
            let message = try #require(
                StringsFile.text("catalog.http.internalServerError.message", language: language))
            #expect(problem.title == title)
            #expect(problem.detail == message)
            #expect(problem.actions.map(\.id) == ["retry"])
            let unreadable = try #require(StringsFile.text("catalog.data.unreadable.message", language: language))
            #expect(!answer.text.contains(unreadable))
            #expect(!answer.text.localizedCaseInsensitiveContains("update"))
            let reference = try #require(problem.supportReference)
            let record = try #require(server.log.entries.first { $0.message.hasPrefix("Answered") })
            #expect(record["reference"] == reference.description)
            #expect(record["status"] == "500")
            #expect(record.level == .info)
            #expect(record["withheld"] != nil)
            // What the client doesn't read is the developer's, in the log.
            #expect(record["report"]?.contains("typeMismatch") == true)
        }
    }
}
