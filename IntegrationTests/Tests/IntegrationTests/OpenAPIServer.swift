import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenAPIHummingbird
import OpenAPIRuntime
import OpenAPIURLSession
import OpenAPIVapor
import Remedy
import RemedyOpenAPI
import RemedyTesting
import Tracing
import Vapor

/// The transports a generated server runs on.
enum OpenAPITransportKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case hummingbird, vapor

    var description: String { rawValue }
}

/// ``InventoryService`` generated from `IntegrationTests/OpenAPI.yaml`, behind RemedyOpenAPI's
/// `ProblemDetailsMiddleware`, on a real server of one transport on 127.0.0.1 (a port the system picks), with
/// its log recorded.
final class OpenAPIServer: Sendable {
    let kind: OpenAPITransportKind
    let baseURL: URL
    let log: LogRecording
    let refreshes: RefreshCounter
    /// The `Accept-Language` of each request, in order.
    let languages: AcceptedLanguages
    private let stopServer: @Sendable () async -> Void

    private init(
        kind: OpenAPITransportKind, baseURL: URL, log: LogRecording, refreshes: RefreshCounter,
        languages: AcceptedLanguages, stop: @escaping @Sendable () async -> Void
    ) {
        self.languages = languages
        self.kind = kind
        self.baseURL = baseURL
        self.log = log
        self.refreshes = refreshes
        stopServer = stop
    }

    /// Runs `body` with a started server, and stops it afterwards.
    ///
    /// - Parameters:
    ///   - kind: The transport.
    ///   - upstream: The service `GET /relay/items/{id}` asks (service B of a chain), if any.
    ///   - tracer: When given, the server traces each request with its framework's `TracingMiddleware` (the
    ///     bootstrapped tracer), and the middleware records its answers on the request's span with this tracer.
    ///   - body: The test.
    static func with<Result>(
        _ kind: OpenAPITransportKind,
        upstream: URL? = nil,
        tracer: (any Tracer)? = nil,
        _ body: (OpenAPIServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(kind, upstream: upstream, tracer: tracer)
        do {
            let result = try await body(server)
            await server.stopServer()
            return result
        } catch {
            await server.stopServer()
            throw error
        }
    }

    /// A generated client of the service, with RemedyOpenAPI's client middleware asking for a language.
    static func client(of url: URL, language: String) -> Client {
        Client(
            serverURL: url,
            transport: URLSessionTransport(),
            middlewares: [ProblemDetailsClientMiddleware(localization: Localization(language: language))]
        )
    }

    private static func start(
        _ kind: OpenAPITransportKind, upstream: URL?, tracer: (any Tracer)?
    ) async throws -> OpenAPIServer {
        let log = LogRecording()
        let refreshes = RefreshCounter()
        let languages = AcceptedLanguages()
        let logger = log.logger(label: "server", level: .debug)
        let service = InventoryService(
            refreshes: refreshes, upstream: upstream.map { client(of: $0, language: "en") })
        let middleware = RemedyOpenAPI.ProblemDetailsMiddleware(
            ProblemDetailsConfiguration(actionRequests: InventoryService.actionRequests, tracer: tracer), logger: logger
        )
        switch kind {
        case .hummingbird:
            let router = Hummingbird.Router()
            if tracer != nil { router.add(middleware: Hummingbird.TracingMiddleware()) }
            try service.registerHandlers(on: router, middlewares: [middleware, languages])
            let (url, task) = try await ProblemServer.runOnLoopback(router, logger: logger)
            return OpenAPIServer(kind: kind, baseURL: url, log: log, refreshes: refreshes, languages: languages) {
                task.cancel()
                _ = await task.result
            }
        case .vapor:
            let app = try await Application.make(.testing)
            // Vapor's shutdown waits for open connections for `shutdownTimeout`, then asserts (in debug builds) that
            // the server's channel closed: 10 s by default, which a loaded CI machine can exceed.
            app.http.server.configuration.shutdownTimeout = .seconds(60)
            app.logger = logger
            if tracer != nil { app.middleware.use(Vapor.TracingMiddleware()) }
            try service.registerHandlers(on: VaporTransport(routesBuilder: app), middlewares: [middleware, languages])
            do {
                try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            } catch {
                try? await app.asyncShutdown()
                throw error
            }
            guard let port = app.http.server.shared.localAddress?.port,
                let url = URL(string: "http://127.0.0.1:\(port)")
            else {
                await app.server.shutdown()
                try? await app.asyncShutdown()
                throw ServerSetupFailure("the Vapor server didn't start")
            }
            return OpenAPIServer(kind: kind, baseURL: url, log: log, refreshes: refreshes, languages: languages) {
                await app.server.shutdown()
                try? await app.asyncShutdown()
            }
        }
    }
}

/// Records the `Accept-Language` of each request: what a client asked for.
actor AcceptedLanguages: ServerMiddleware {
    private(set) var values: [String?] = []

    private func append(_ value: String?) {
        values.append(value)
    }

    nonisolated func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        await append(request.headerFields[.acceptLanguage])
        return try await next(request, body, metadata)
    }
}
