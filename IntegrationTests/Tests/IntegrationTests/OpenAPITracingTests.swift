import Foundation
import OpenAPIRuntime
import Remedy
import RemedyOpenAPI
import Testing
import Tracing

/// The references of OpenAPI answers on the spans swift-otel exports to the OTLP receiver stand-in
/// (``SpanCollector``): a chain of two services, each traced by its framework's `TracingMiddleware`, A calling B
/// through the generated client, whose `ProblemDetailsClientMiddleware` sends the trace on.
@Suite(.timeLimit(.minutes(3)))
struct OpenAPITracingTests {
    /// A's reference finds A's span; its cause reference is B's, which finds B's span, in the same trace.
    @Test(arguments: [(OpenAPITransportKind.hummingbird, OpenAPITransportKind.vapor), (.vapor, .hummingbird)])
    func eachReferenceFindsItsSpanInOneTrace(a: OpenAPITransportKind, b: OpenAPITransportKind) async throws {
        let backend = try await TracingBackend.shared()
        try await OpenAPIServer.with(b, tracer: backend.tracer) { serviceB in
            try await OpenAPIServer.with(a, upstream: serviceB.baseURL, tracer: backend.tracer) { serviceA in
                let client = OpenAPIServer.client(of: serviceA.baseURL, language: "de")
                let (_, answer) = try await OpenAPIRoundTripTests.problem {
                    _ = try await client.getRelayedItem(path: .init(id: "9")).ok
                }
                let reference = try #require(answer.problem.supportReference)
                let cause = try #require(answer.problem.causeReference)
                let spanA = try await backend.collector.wait { spans in
                    spans.first { $0.attributes["remedy.reference"] == .string("\(reference)") }
                }
                #expect(spanA.kind == .server)
                #expect(spanA.attributes["remedy.cause_reference"] == .string("\(cause)"))
                let spanB = try await backend.collector.wait { spans in
                    spans.first { $0.attributes["remedy.reference"] == .string("\(cause)") }
                }
                #expect(spanB.kind == .server)
                #expect(spanB.traceID == spanA.traceID, "B's span joins the trace A's call carried")
                #expect(spanB.spanID != spanA.spanID)
            }
        }
    }
}
