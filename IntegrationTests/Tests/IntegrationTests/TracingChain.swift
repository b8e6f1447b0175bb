import AsyncHTTPClient
import Foundation
import Hummingbird
import NIOCore
import Remedy
import RemedyHummingbird
import RemedyTesting
import Tracing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Two services of one framework on 127.0.0.1, each with its framework's own `TracingMiddleware` (the bootstrapped
/// tracer of ``TracingBackend``) in front of Remedy's `ProblemDetailsMiddleware`:
///
/// | service | route | does |
/// | --- | --- | --- |
/// | B | `GET /stock/9` | fails with the server's own unexpected failure (500) |
/// | A | `GET /orders/9` | calls B's `/stock/9` (``Caller``), and throws the error B answered with |
///
/// Each service's log is recorded, so a test reads the reference each one logged.
struct TracedChain: Sendable {
    /// How A calls B, and so how the trace context travels.
    enum Caller: String, CaseIterable, Sendable, CustomStringConvertible {
        /// AsyncHTTPClient traced by the backend's tracer: a client span, whose context it injects itself.
        case asyncHTTPClient
        /// URLSession, which traces nothing: A injects the context of its server span with RemedyServer's
        /// `URLRequestInjector`.
        case urlSession

        var description: String { rawValue }
    }

    /// Service A, which the test's client calls.
    let a: URL
    /// Service B, which A calls.
    let b: URL
    let aLog: LogRecording
    let bLog: LogRecording
    private let stopAll: @Sendable () async -> Void

    init(a: URL, b: URL, aLog: LogRecording, bLog: LogRecording, stop: @escaping @Sendable () async -> Void) {
        self.a = a
        self.b = b
        self.aLog = aLog
        self.bLog = bLog
        self.stopAll = stop
    }

    /// Runs `body` with both services started, and stops them afterwards.
    static func with<Result>(
        _ kind: ServerKind,
        _ caller: Caller,
        _ backend: TracingBackend,
        _ body: (TracedChain) async throws -> Result
    ) async throws -> Result {
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: backend.clientConfiguration())
        let call: @Sendable (URL) async throws -> Void = { url in
            switch caller {
            case .asyncHTTPClient: try await Self.callB(url, with: client)
            case .urlSession: try await Self.callB(url, injecting: backend.tracer)
            }
        }
        let chain: TracedChain
        do {
            switch kind {
            case .hummingbird: chain = try await startHummingbird(backend, callB: call)
            case .vapor: chain = try await startVapor(backend, callB: call)
            }
        } catch {
            try? await client.shutdown()
            throw error
        }
        do {
            let result = try await body(chain)
            await chain.stopAll()
            try await client.shutdown()
            return result
        } catch {
            await chain.stopAll()
            try? await client.shutdown()
            throw error
        }
    }

    /// The middleware's configuration of both services: the backend's tracer, passed explicitly.
    static func configuration(_ backend: TracingBackend) -> ProblemDetailsConfiguration {
        var configuration = ProblemDetailsConfiguration()
        configuration.tracer = backend.tracer
        return configuration
    }

    /// A's call to B: the error B answered with, as a client of B reads it (a `ProblemDetailsError` for
    /// Problem Details); nothing when B answered successfully.
    static func callB(_ url: URL, with client: HTTPClient) async throws {
        let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status.code >= 400 else { return }
        throw ProblemDetailsError.error(
            status: Int(response.status.code),
            header: { response.headers.first(name: $0) },
            body: Data(buffer: body),
            url: url
        )
    }

    /// A's call to B with URLSession, the trace context of the request A is answering injected by `tracer`.
    static func callB(_ url: URL, injecting tracer: any Tracer) async throws {
        var request = URLRequest(url: url)
        tracer.inject(ServiceContext.current ?? .topLevel, into: &request, using: URLRequestInjector())
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        try ProblemDetailsError.validate(data, response)
    }

    private static func startHummingbird(
        _ backend: TracingBackend,
        callB: @escaping @Sendable (URL) async throws -> Void
    ) async throws -> TracedChain {
        let configuration = Self.configuration(backend)
        let bLog = LogRecording()
        let bRouter = Router()
        bRouter.add(middleware: TracingMiddleware())
        bRouter.add(middleware: ProblemDetailsMiddleware(configuration))
        bRouter.get("/stock/9") { _, _ -> Response in throw LeakyFailure() }
        let (b, bTask) = try await ProblemServer.runOnLoopback(bRouter, logger: bLog.logger(label: "b", level: .debug))

        let aLog = LogRecording()
        let aRouter = Router()
        aRouter.add(middleware: TracingMiddleware())
        aRouter.add(middleware: ProblemDetailsMiddleware(configuration))
        let stock = b.appending(path: "stock/9")
        aRouter.get("/orders/9") { _, _ -> Response in
            try await callB(stock)
            return Response(status: .ok)
        }
        let a: URL
        let aTask: Task<Void, any Error>
        do {
            (a, aTask) = try await ProblemServer.runOnLoopback(aRouter, logger: aLog.logger(label: "a", level: .debug))
        } catch {
            bTask.cancel()
            _ = await bTask.result
            throw error
        }
        return TracedChain(a: a, b: b, aLog: aLog, bLog: bLog) {
            for task in [aTask, bTask] {
                task.cancel()
                _ = await task.result
            }
        }
    }
}
