import Foundation
import Hummingbird
import Logging
import NIOCore
import Remedy
import RemedyTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A server's link action, sent by the client's URLSession transport, whose answer redirects: two real
/// Hummingbird servers on loopback, on two ports (two origins). The other origin never receives anything.
extension ProblemDetailsRoundTripTests {
    /// How the origin's action route answers, by the action's name in the path.
    enum ActionRedirect: String, CaseIterable, Sendable, CustomStringConvertible {
        /// 307 to the other server (another port, so another origin).
        case otherOrigin = "other-origin"
        /// 308 to the other server.
        case otherOriginPermanent = "other-origin-308"
        /// 307 to `https` on the same host and port.
        case schemeSwitch = "scheme-switch"
        /// 303 on the same origin: it would turn the POST into a GET.
        case methodChange = "method-change"
        /// 307 on the same origin: followed, with the POST kept.
        case sameOrigin = "same-origin"

        var description: String { rawValue }

        /// The status of the redirect.
        var status: HTTPResponse.Status {
            switch self {
            case .otherOrigin, .schemeSwitch, .sameOrigin: .temporaryRedirect
            case .otherOriginPermanent: .permanentRedirect
            case .methodChange: .seeOther
            }
        }
    }

    @Test(
        "An action's redirect to another origin, to https or to a GET is never followed; the other origin gets nothing",
        arguments: [ActionRedirect.otherOrigin, .otherOriginPermanent, .schemeSwitch, .methodChange]
    )
    func actionRedirectsOutsideTheOriginAreRefused(redirect: ActionRedirect) async throws {
        try await ActionServers.with { servers in
            let presenter = ScriptedPresenter([.title("Refresh Order")], otherwise: .role(.cancel))
            let root = Self.clientRoot(presenter: presenter, language: "de")
            let value = await root.attempt("Loading the order") {
                try await servers.fetchOrder(redirect, localization: Localization(language: "de"))
            }
            #expect(value == nil)
            #expect(await servers.other.count("steal") == 0, "the other origin received a request")
            #expect(await servers.origin.count("refresh") == 1)
            #expect(await servers.origin.count("refreshed") == 0)
            #expect(await servers.origin.count("order") == 1, "a refused redirect is no recovery")
            // The refused redirect is a new error, shown with the catalog's calm text of its status.
            #expect(presenter.presentations.count == 2)
            let refused = try #require(presenter.presentations.last)
            #expect(!refused.message.contains("127.0.0.1") && !refused.title.contains("127.0.0.1"))
            // The action's request asked for the client's language.
            #expect(await servers.origin.acceptLanguages == ["de"])
            // The refusal is one line of the client's log, never shown.
            let refusal = try #require(servers.log.entries.first { $0["refused"] != nil })
            #expect(refusal["refused"] == "redirect")
            #expect(refusal["status"] == "\(redirect.status.code)")
            #expect(
                refusal["url"]?.hasSuffix(
                    redirect == .otherOrigin || redirect == .otherOriginPermanent ? "/steal" : "/refreshed") == true)
        }
    }

    @Test("An action's redirect on the same origin that keeps the method is followed, and recovers")
    func actionRedirectOnTheOriginIsFollowed() async throws {
        try await ActionServers.with { servers in
            let presenter = ScriptedPresenter([.title("Refresh Order")])
            let root = Self.clientRoot(presenter: presenter)
            let value = await root.attempt("Loading the order") {
                try await servers.fetchOrder(.sameOrigin, localization: nil)
            }
            #expect(value.map { String(decoding: $0, as: UTF8.self) } == #"{"order":42}"#)
            #expect(await servers.origin.count("refreshed") == 1)
            #expect(await servers.origin.count("order") == 2)
            #expect(await servers.other.count("steal") == 0)
            #expect(presenter.presentations.count == 1)
        }
    }
}

/// Two loopback servers: the origin, whose order route fails with a problem offering "Refresh Order", and
/// another origin that counts whatever reaches it.
struct ActionServers: Sendable {
    let originURL: URL
    let otherURL: URL
    let origin: ActionServerState
    let other: ActionServerState
    /// The client's log: Remedy's refusals.
    let log = LogRecording()

    /// Runs `body` with both servers started, and stops them afterwards.
    static func with(_ body: (ActionServers) async throws -> Void) async throws {
        let other = ActionServerState()
        let otherRouter = Router()
        for method in [HTTPRequest.Method.get, .post, .put, .delete] {
            otherRouter.on("/steal", method: method) { _, _ -> Response in
                await other.record("steal")
                return Response(status: .noContent)
            }
        }
        let (otherURL, otherTask) = try await ProblemServer.runOnLoopback(otherRouter, logger: Self.quietLogger)
        let origin = ActionServerState()
        let originRouter = Router()
        originRouter.get("/orders/:redirect") { _, context -> Response in
            let name = context.parameters.get("redirect") ?? ""
            await origin.record("order")
            guard await origin.count("refreshed") == 0 else {
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"order":42}"#)))
            }
            let problem = ProblemDetails(
                title: "Order Changed",
                status: 409,
                actions: [
                    .init(
                        id: "refresh", title: "Refresh Order", role: .recommended,
                        request: .init(method: "POST", href: "/orders/\(name)/refresh"))
                ]
            )
            return Response(
                status: .conflict, headers: [.contentType: ProblemDetails.mediaType],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: problem.encoded())))
        }
        originRouter.post("/orders/:redirect/refresh") { request, context -> Response in
            await origin.record("refresh", acceptLanguage: request.headers[.acceptLanguage])
            let name = context.parameters.get("redirect") ?? ""
            let redirect = ProblemDetailsRoundTripTests.ActionRedirect(rawValue: name) ?? .otherOrigin
            // This very server, on https: the same host and port, another scheme.
            let authority = request.head.authority ?? "127.0.0.1"
            let location =
                switch redirect {
                case .otherOrigin, .otherOriginPermanent: otherURL.appending(path: "steal").absoluteString
                case .schemeSwitch: "https://\(authority)/orders/scheme-switch/refreshed"
                case .methodChange: "/orders/method-change/refreshed"
                case .sameOrigin: "/orders/same-origin/refreshed"
                }
            return Response(status: redirect.status, headers: [.location: location])
        }
        for method in [HTTPRequest.Method.get, .post] {
            originRouter.on("/orders/:redirect/refreshed", method: method) { _, _ -> Response in
                await origin.record("refreshed")
                return Response(status: .noContent)
            }
        }
        let (originURL, originTask) = try await ProblemServer.runOnLoopback(originRouter, logger: Self.quietLogger)
        let servers = ActionServers(originURL: originURL, otherURL: otherURL, origin: origin, other: other)
        var failure: (any Error)?
        do {
            try await body(servers)
        } catch {
            failure = error
        }
        for task in [originTask, otherTask] {
            task.cancel()
            _ = await task.result
        }
        if let failure { throw failure }
    }

    private static let quietLogger = Logger(label: "action-servers") { _ in SwiftLogNoOpLogHandler() }

    /// Loads an order with URLSession, as an app's networking layer would; its actions are sent by Remedy's
    /// URLSession transport, in `localization`'s language when given.
    func fetchOrder(_ redirect: ProblemDetailsRoundTripTests.ActionRedirect, localization: Localization?)
        async throws -> Data
    {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: originURL.appending(path: "orders/\(redirect.rawValue)"))
        if let localization { request.setAcceptLanguage(localization) }
        let (data, response) = try await session.data(for: request)
        let transport = ProblemDetailsError.ActionTransport.urlSession(
            session, localization: localization, logger: log.logger())
        try ProblemDetailsError.validate(data, response, actionTransport: transport)
        return data
    }
}

/// What reached one of the servers.
actor ActionServerState {
    private var counts: [String: Int] = [:]
    private(set) var acceptLanguages: [String] = []

    func record(_ route: String, acceptLanguage: String? = nil) {
        counts[route, default: 0] += 1
        if let acceptLanguage { acceptLanguages.append(acceptLanguage) }
    }

    func count(_ route: String) -> Int {
        counts[route, default: 0]
    }
}
