import Foundation
import RemedyTesting
import RemedyVapor
import Vapor

/// ``TracedChain``'s two services on Vapor: Vapor's `TracingMiddleware` in front of RemedyVapor's
/// `ProblemDetailsMiddleware`, the same routes.
extension TracedChain {
    static func startVapor(
        _ backend: TracingBackend,
        callB: @escaping @Sendable (URL) async throws -> Void
    ) async throws -> TracedChain {
        let configuration = Self.configuration(backend)
        let bLog = LogRecording()
        let (b, bApp) = try await startVaporService(configuration, log: bLog, label: "b") { app in
            app.get("stock", "9") { _ -> Response in throw LeakyFailure() }
        }
        let aLog = LogRecording()
        let stock = b.appending(path: "stock/9")
        let a: URL
        let aApp: Application
        do {
            (a, aApp) = try await startVaporService(configuration, log: aLog, label: "a") { app in
                app.get("orders", "9") { _ -> Response in
                    try await callB(stock)
                    return Response(status: .ok)
                }
            }
        } catch {
            await stopVapor(bApp)
            throw error
        }
        return TracedChain(a: a, b: b, aLog: aLog, bLog: bLog) {
            await stopVapor(aApp)
            await stopVapor(bApp)
        }
    }

    private static func startVaporService(
        _ configuration: ProblemDetailsConfiguration,
        log: LogRecording,
        label: String,
        routes: (Application) -> Void
    ) async throws -> (URL, Application) {
        let app = try await Application.make(.testing)
        // Vapor's shutdown waits for open connections for `shutdownTimeout`, then asserts (in debug builds) that
        // the server's channel closed: 10 s by default, which a loaded CI machine can exceed.
        app.http.server.configuration.shutdownTimeout = .seconds(60)
        app.logger = log.logger(label: label, level: .debug)
        app.middleware = Middlewares()
        app.middleware.use(TracingMiddleware())
        app.middleware.use(RemedyVapor.ProblemDetailsMiddleware(configuration))
        routes(app)
        do {
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        guard let port = app.http.server.shared.localAddress?.port, let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            await stopVapor(app)
            throw ServerSetupFailure("the Vapor service \(label) didn't start")
        }
        return (url, app)
    }

    private static func stopVapor(_ app: Application) async {
        await app.server.shutdown()
        try? await app.asyncShutdown()
    }
}
