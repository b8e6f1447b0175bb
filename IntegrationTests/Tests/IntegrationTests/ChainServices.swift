import Foundation
import Hummingbird
import Logging
import NIOCore
import Remedy
import RemedyHummingbird
import RemedyTesting
import RemedyVapor
import Vapor

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A chain of two real services on 127.0.0.1 (issue 36), each wrapped in its framework's `ProblemDetailsMiddleware`:
/// A ("orders") calls B ("stock") with URLSession, asking for the language of its own answer
/// (`URLRequest.setAcceptLanguage()`), and throws B's failed answer as the `ProblemDetailsError` it reads.
/// Each service's log is recorded at `info`, the default level.
///
/// | B's route | fails with |
/// | --- | --- |
/// | `GET /stock/busy` | ``StockBusy``: the app's English texts, Try Again and a link action, "Release Stock" |
/// | `GET /stock/conflict` | the framework's lone 409, in the language asked for |
/// | `GET /stock/refused` | the framework's lone 401: B refuses A's credentials |
///
/// A's `GET /orders/<case>` calls B's `GET /stock/<case>`.
final class ChainServices: Sendable {
    let kind: ServerKind
    /// A's base URL: what the client calls.
    let front: URL
    let frontLog: LogRecording
    let backLog: LogRecording
    /// The `Accept-Language` of each request B received, in order.
    let backLanguages: HeardLanguages
    private let stopServers: @Sendable () async -> Void

    private init(
        kind: ServerKind, front: URL, frontLog: LogRecording, backLog: LogRecording,
        backLanguages: HeardLanguages, stop: @escaping @Sendable () async -> Void
    ) {
        self.kind = kind
        self.front = front
        self.frontLog = frontLog
        self.backLog = backLog
        self.backLanguages = backLanguages
        self.stopServers = stop
    }

    /// B's configuration: the request that performs its link action.
    static let backConfiguration = ProblemDetailsConfiguration(
        actionRequests: ["releaseStock": .init(method: "POST", href: "/stock/42/release")])

    /// Runs `body` with both services up, and stops them whatever it does.
    static func with<R>(_ kind: ServerKind, _ body: (ChainServices) async throws -> R) async throws -> R {
        let chain =
            switch kind {
            case .hummingbird: try await startHummingbird()
            case .vapor: try await startVapor()
            }
        do {
            let result = try await body(chain)
            await chain.stopServers()
            return result
        } catch {
            await chain.stopServers()
            throw error
        }
    }

    /// The records of answered failures in a log.
    static func answered(_ log: LogRecording) -> [LogRecording.Entry] {
        log.entries.filter { $0.message.hasPrefix("Answered") }
    }

    /// What A does with B: asks in its answer's language, and throws B's failed answer.
    @Sendable static func callBack(_ back: URL, failure: String) async throws {
        var request = URLRequest(url: back.appending(path: "stock/\(failure)"))
        request.setAcceptLanguage()
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        try ProblemDetailsError.validate(data, response)
    }

    /// B's failure for a case of its route.
    static func backFailure(_ failure: String, kind: ServerKind) -> any Error {
        switch (failure, kind) {
        case ("busy", _): StockBusy()
        case ("conflict", .hummingbird): HTTPError(.conflict)
        case ("conflict", .vapor): Abort(.conflict)
        case (_, .hummingbird): HTTPError(.unauthorized, headers: [.wwwAuthenticate: #"Bearer realm="stock""#])
        case (_, .vapor): Abort(.unauthorized, headers: ["WWW-Authenticate": #"Bearer realm="stock""#])
        }
    }

    // MARK: - Hummingbird

    private static func startHummingbird() async throws -> ChainServices {
        let (backLog, frontLog) = (LogRecording(), LogRecording())
        let languages = HeardLanguages()
        let backRouter = Hummingbird.Router()
        backRouter.add(middleware: RemedyHummingbird.ProblemDetailsMiddleware(backConfiguration))
        backRouter.get("/stock/:failure") { request, context -> Hummingbird.Response in
            await languages.heard(request.headers[.acceptLanguage])
            throw backFailure(try context.parameters.require("failure"), kind: .hummingbird)
        }
        let (back, backTask) = try await ProblemServer.runOnLoopback(
            backRouter, logger: backLog.logger(label: "stock", level: .info))
        let frontRouter = Hummingbird.Router()
        frontRouter.add(middleware: RemedyHummingbird.ProblemDetailsMiddleware())
        frontRouter.get("/orders/:failure") { _, context -> Hummingbird.Response in
            try await callBack(back, failure: try context.parameters.require("failure"))
            return Hummingbird.Response(status: .ok)
        }
        let front: (url: URL, task: Task<Void, any Error>)
        do {
            front = try await ProblemServer.runOnLoopback(
                frontRouter, logger: frontLog.logger(label: "orders", level: .info))
        } catch {
            backTask.cancel()
            _ = await backTask.result
            throw error
        }
        return ChainServices(
            kind: .hummingbird, front: front.url, frontLog: frontLog, backLog: backLog, backLanguages: languages
        ) {
            for task in [front.task, backTask] {
                task.cancel()
                _ = await task.result
            }
        }
    }

    // MARK: - Vapor

    /// A Vapor application on 127.0.0.1, its errors answered by RemedyVapor's middleware alone.
    private static func vaporApp(
        _ log: LogRecording, label: String, _ configuration: ProblemDetailsConfiguration,
        routes: (Vapor.Application) -> Void
    ) async throws -> (app: Vapor.Application, url: URL) {
        let app = try await Vapor.Application.make(.testing)
        // Vapor's shutdown waits for open connections for `shutdownTimeout`, then asserts (in debug builds) that
        // the server's channel closed: 10 s by default, which a loaded CI machine can exceed.
        app.http.server.configuration.shutdownTimeout = .seconds(60)
        app.logger = log.logger(label: label, level: .info)
        app.middleware = Middlewares()
        app.middleware.use(RemedyVapor.ProblemDetailsMiddleware(configuration))
        routes(app)
        do {
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            guard let port = app.http.server.shared.localAddress?.port,
                let url = URL(string: "http://127.0.0.1:\(port)")
            else { throw ServerSetupFailure("the Vapor server didn't start") }
            return (app, url)
        } catch {
            await app.server.shutdown()
            try? await app.asyncShutdown()
            throw error
        }
    }

    private static func startVapor() async throws -> ChainServices {
        let (backLog, frontLog) = (LogRecording(), LogRecording())
        let languages = HeardLanguages()
        let back = try await vaporApp(backLog, label: "stock", backConfiguration) { app in
            app.get("stock", ":failure") { request -> Vapor.Response in
                await languages.heard(request.headers.first(name: "Accept-Language"))
                throw backFailure(request.parameters.get("failure") ?? "", kind: .vapor)
            }
        }
        let stopBack: @Sendable () async -> Void = {
            await back.app.server.shutdown()
            try? await back.app.asyncShutdown()
        }
        let front: (app: Vapor.Application, url: URL)
        do {
            front = try await vaporApp(frontLog, label: "orders", ProblemDetailsConfiguration()) { app in
                app.get("orders", ":failure") { request -> Vapor.Response in
                    try await callBack(back.url, failure: request.parameters.get("failure") ?? "")
                    return Vapor.Response(status: .ok)
                }
            }
        } catch {
            await stopBack()
            throw error
        }
        return ChainServices(
            kind: .vapor, front: front.url, frontLog: frontLog, backLog: backLog, backLanguages: languages
        ) {
            await front.app.server.shutdown()
            try? await front.app.asyncShutdown()
            await stopBack()
        }
    }
}

/// B's own failure: the app's English texts, Try Again, and a link action whose request is on B's origin.
struct StockBusy: PresentableError {
    var title: String? { "Stock Busy" }
    var message: String { "The stock of item 42 is being counted. Release it, or try again in a moment." }
    var category: ErrorCategory { .externalSystemUnavailable }
    var recoveryOptions: [RecoveryOption] {
        [
            .retry,
            RecoveryOption(id: "releaseStock", title: "Release Stock") { .notRecovered },
        ]
    }
}

/// The `Accept-Language` of each request a service received, in order (`""` for none).
actor HeardLanguages {
    private(set) var languages: [String] = []

    func heard(_ language: String?) {
        languages.append(language ?? "")
    }
}
