import Foundation
import HTTPTypes
import RemedyHummingbird
import Testing
import Tracing

/// RemedyServer's carriers of a trace context in HTTP fields (re-exported by RemedyHummingbird), with swift-otel's
/// W3C propagator: what one service injects, the next extracts, and the exported spans are parent and child of one
/// trace.
@Suite(.timeLimit(.minutes(3)))
struct TracingPropagationTests {
    @Test("A context injected into HTTP fields as traceparent is continued by the span extracted from them")
    func injectedContextIsContinued() async throws {
        let backend = try await TracingBackend.shared()
        let caller = backend.tracer.startSpan("caller", context: .topLevel, ofKind: .client)
        var fields = HTTPFields()
        backend.tracer.inject(caller.context, into: &fields, using: HTTPFieldsInjector())
        let traceparent = try #require(fields[HTTPField.Name("traceparent")!])
        // W3C Trace Context: version, trace id, parent id, flags (sampled).
        let parts = traceparent.split(separator: "-").map(String.init)
        try #require(parts.count == 4)
        #expect(parts[0] == "00")
        #expect(parts[1].count == 32 && parts[2].count == 16)
        #expect(parts[3] == "01")

        var extracted = ServiceContext.topLevel
        backend.tracer.extract(fields, into: &extracted, using: HTTPFieldsExtractor())
        let callee = backend.tracer.startSpan("callee", context: extracted, ofKind: .server)
        callee.end()
        caller.end()

        let trace = try await backend.collector.trace(parts[1]) { $0.count == 2 }
        let exportedCaller = try #require(trace.first { $0.name == "caller" })
        let exportedCallee = try #require(trace.first { $0.name == "callee" })
        #expect(exportedCaller.spanID == parts[2])
        #expect(exportedCaller.kind == .client)
        #expect(exportedCallee.kind == .server)
        #expect(exportedCallee.parentSpanID == exportedCaller.spanID)
        #expect(exportedCallee.spanID != exportedCaller.spanID)
    }

    @Test("Fields without a trace context start a new trace; a second injection replaces the first")
    func noContextStartsATrace() async throws {
        let backend = try await TracingBackend.shared()
        var fields: HTTPFields = [.accept: "application/json"]
        var extracted = ServiceContext.topLevel
        backend.tracer.extract(fields, into: &extracted, using: HTTPFieldsExtractor())
        let root = backend.tracer.startSpan("root without traceparent", context: extracted, ofKind: .server)
        backend.tracer.inject(root.context, into: &fields, using: HTTPFieldsInjector())
        let first = try #require(fields[HTTPField.Name("traceparent")!])
        let child = backend.tracer.startSpan("child", context: root.context, ofKind: .client)
        backend.tracer.inject(child.context, into: &fields, using: HTTPFieldsInjector())
        child.end()
        root.end()

        #expect(fields[values: HTTPField.Name("traceparent")!].count == 1, "one trace context per request")
        let second = try #require(fields[HTTPField.Name("traceparent")!])
        #expect(second != first)
        let traceID = String(first.split(separator: "-")[1])
        let trace = try await backend.collector.trace(traceID) { $0.count == 2 }
        let exportedRoot = try #require(trace.first { $0.name == "root without traceparent" })
        #expect(exportedRoot.parentSpanID == nil)
        #expect(second.split(separator: "-")[2] == trace.first { $0.name == "child" }?.spanID[...])
    }
}
