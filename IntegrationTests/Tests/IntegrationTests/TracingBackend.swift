import AsyncHTTPClient
import Foundation
import OTel
import Tracing

/// swift-otel's tracer, exporting over OTLP/HTTP in JSON to a ``SpanCollector`` on 127.0.0.1, and bootstrapped as
/// the process's tracer: the one place the integration tests call `InstrumentationSystem.bootstrap`.
///
/// Hummingbird's and Vapor's `TracingMiddleware` only use the bootstrapped tracer (neither takes one), and a process
/// bootstraps once; so every tracing test of the process shares this backend, and finds its own spans in the
/// collector by a reference or a trace id. Where an API takes a tracer (`ProblemDetailsConfiguration.tracer`,
/// AsyncHTTPClient's `tracing.tracer`, `Instrument.inject`), tests pass ``tracer`` explicitly.
///
/// After the bootstrap, other suites' servers and clients may make spans too (an `HTTPClient` configured afterwards
/// traces with this tracer by default); they export to the same collector and are never looked for.
struct TracingBackend: Sendable {
    /// The bootstrapped tracer.
    let tracer: any Tracer
    /// Where the tracer's spans arrive.
    let collector: SpanCollector

    /// The process's backend, started by the first test that asks.
    static func shared() async throws -> TracingBackend {
        try await started.value
    }

    private static let started = Task { try await start() }

    private static func start() async throws -> TracingBackend {
        let (collector, endpoint) = try await SpanCollector.start()
        var configuration = OTel.Configuration.default
        configuration.serviceName = "remedy-integration-tests"
        configuration.diagnosticLogLevel = .warning
        configuration.propagators = [.traceContext]
        configuration.metrics.enabled = false
        configuration.logs.enabled = false
        configuration.traces.exporter = .otlp
        configuration.traces.otlpExporter.endpoint = endpoint.absoluteString
        configuration.traces.otlpExporter.protocol = .httpJSON
        // The batch processor exports what ended on this schedule. Its `forceFlush` (swift-otel 1.6.0) is not
        // ordered after the spans it should flush reach the processor, and keeps them to export again; a test
        // waits for the spans it expects instead.
        configuration.traces.batchSpanProcessor.scheduleDelay = .milliseconds(50)
        // Made before the bootstrap: the exporter's own HTTP client then traces nothing (no spans of exports).
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        Task { try await backend.service.run() }
        InstrumentationSystem.bootstrap(backend.factory)
        return TracingBackend(tracer: backend.factory, collector: collector)
    }

    /// An AsyncHTTPClient configuration that traces with ``tracer``: a client span per request, and the
    /// request's `traceparent` injected from it.
    func clientConfiguration() -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.tracing.tracer = tracer
        return configuration
    }
}
