import Foundation
import Hummingbird
import Logging
import NIOCore

/// A stand-in for an OpenTelemetry collector: a Hummingbird server on 127.0.0.1 that takes OTLP/HTTP export
/// requests in JSON at `POST /v1/traces`, decodes their spans, and hands them to the tests that wait for them.
///
/// A test finds its spans by what it knows (a reference it read, a trace id), never by arrival order: every
/// tracing test of the process exports to the one collector (``TracingBackend``).
actor SpanCollector {
    private var received: [ExportedSpan] = []
    private var spanIDs: Set<String> = []
    private var failure: (any Error)?
    private var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    private var nextWaiter: UInt64 = 0

    /// Starts a collector's server on a port the system picks.
    ///
    /// - Returns: The collector and the URL of its `/v1/traces` endpoint. The server runs as long as the process.
    static func start() async throws -> (collector: SpanCollector, endpoint: URL) {
        let collector = SpanCollector()
        let router = Router()
        router.post("/v1/traces") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 16 << 20)
            do {
                // The exporter is configured for JSON; a protobuf body would be read as nothing here.
                guard request.headers[.contentType] == "application/json" else {
                    throw OTLPDecodingFailure(
                        description: "an export in \(request.headers[.contentType] ?? "no media type"), not JSON")
                }
                let export = try JSONDecoder().decode(OTLPTraceExport.self, from: Data(buffer: body))
                await collector.receive(try export.spans())
            } catch {
                await collector.fail(error)
                return Response(status: .badRequest)
            }
            // `ExportTraceServiceResponse` with no partial success, in JSON as the request was.
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "{}"))
            )
        }
        var logger = Logger(label: "otlp-collector")
        logger.logLevel = .warning
        let (url, _) = try await ProblemServer.runOnLoopback(router, logger: logger)
        return (collector, url.appendingPathComponent("v1/traces"))
    }

    /// Adds exported spans; a span exported twice is kept once.
    func receive(_ spans: [ExportedSpan]) {
        for span in spans where spanIDs.insert(span.spanID).inserted {
            received.append(span)
        }
        wakeWaiters(.success(()))
    }

    /// Records an export the collector couldn't read: every wait fails with it from now on.
    func fail(_ error: any Error) {
        failure = error
        wakeWaiters(.failure(error))
    }

    /// Waits until `match` finds what it looks for among the spans received so far, and returns that.
    ///
    /// `match` runs on every delivery until it answers; spans arrive as the exporter's batches do. A test bounds
    /// the wait with its suite's `.timeLimit`, whose cancellation ends it.
    func wait<Found: Sendable>(for match: @Sendable ([ExportedSpan]) -> Found?) async throws -> Found {
        while true {
            if let failure { throw failure }
            if let found = match(received) { return found }
            try await nextDelivery()
        }
    }

    /// The spans of one trace once `isComplete` says all that a test expects have arrived.
    func trace(_ traceID: String, until isComplete: @escaping @Sendable ([ExportedSpan]) -> Bool) async throws
        -> [ExportedSpan]
    {
        try await wait { spans in
            let trace = spans.filter { $0.traceID == traceID }
            return isComplete(trace) ? trace : nil
        }
    }

    private func nextDelivery() async throws {
        let id = nextWaiter
        nextWaiter += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Cancelled before the handler could find this waiter: it would never be woken.
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: UInt64) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }

    private func wakeWaiters(_ result: Result<Void, any Error>) {
        let woken = waiters.values
        waiters.removeAll()
        for continuation in woken { continuation.resume(with: result) }
    }
}
