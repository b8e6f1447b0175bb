import Foundation
import GRPCCore
import InMemoryTracing
import Remedy
import RemedyGRPC
import Testing
import Tracing

/// The trace context travels with a gRPC call in its metadata, and the server's span — in the caller's trace —
/// carries the reference of the answer the client reads, and the reference of its cause.
@Suite(.timeLimit(.minutes(5)))
struct GRPCTracingTests {
    @Test("The server's span continues the caller's trace and records the answer's reference")
    func serverSpanCarriesTheReference() async throws {
        let tracer = InMemoryTracer()
        var configuration = ProblemDetailsConfiguration()
        configuration.tracer = tracer
        try await GRPCTrip.with(
            configuration: configuration,
            clientInterceptors: [ErrorDetailsClientInterceptor(instrument: tracer)]
        ) { _, _ in
            throw RPCError(code: .notFound, message: "row 7 missing")
        } _: { trip in
            let parent = tracer.startSpan("loading the record", ofKind: .client)
            let failure = try await ServiceContext.withValue(parent.context) {
                try await CallFailure.of { try await trip.call("7") }
            }
            parent.end()
            let reference = try #require(failure.presentable?.supportReference)
            let span = try #require(tracer.finishedSpans.first { $0.kind == .server })
            #expect(span.operationName == "remedy.tests.Scripted/Call")
            #expect(span.traceID == parent.traceID, "the call's span is in the caller's trace")
            #expect(span.parentSpanID == parent.spanID)
            #expect(span.attributes["remedy.reference"]?.toSpanAttribute() == .string(reference.description))
            #expect(span.attributes["rpc.system"]?.toSpanAttribute() == .string("grpc"))
            #expect(span.attributes["rpc.method"]?.toSpanAttribute() == .string("Call"))
            #expect(span.errors.count == 1)
        }
    }

    @Test("Along a chain, B's span is a child of A's, and A's span names B's reference as its cause")
    func chainSpansShareTheTraceAndNameTheCause() async throws {
        let tracer = InMemoryTracer()
        var configuration = ProblemDetailsConfiguration()
        configuration.tracer = tracer
        let propagating: [any ClientInterceptor] = [ErrorDetailsClientInterceptor(instrument: tracer)]
        try await GRPCTrip.with(configuration: configuration, clientInterceptors: propagating) { _, _ in
            throw RPCError(code: .notFound, message: "row 7 missing in table b_records")
        } _: { b in
            try await GRPCTrip.with(configuration: configuration, clientInterceptors: propagating) { text, _ in
                try await b.call(text)
            } _: { a in
                let failure = try await CallFailure.of { try await a.call("7") }
                let aReference = try #require(failure.presentable?.supportReference?.description)
                let bReference = try #require(b.log.entries.first { $0.message.hasPrefix("Answered") }?["reference"])
                let spans = tracer.finishedSpans.filter { $0.kind == .server }
                #expect(spans.count == 2)
                let aSpan = try #require(
                    spans.first { $0.attributes["remedy.reference"]?.toSpanAttribute() == .string(aReference) })
                let bSpan = try #require(
                    spans.first { $0.attributes["remedy.reference"]?.toSpanAttribute() == .string(bReference) })
                #expect(aSpan.attributes["remedy.cause_reference"]?.toSpanAttribute() == .string(bReference))
                #expect(bSpan.traceID == aSpan.traceID)
                #expect(bSpan.parentSpanID == aSpan.spanID)
            }
        }
    }

    @Test("Along a chain, the spans swift-otel exports carry both references, in one trace")
    func exportedSpansFindTheChain() async throws {
        let backend = try await TracingBackend.shared()
        var configuration = ProblemDetailsConfiguration()
        configuration.tracer = backend.tracer
        let propagating: [any ClientInterceptor] = [ErrorDetailsClientInterceptor(instrument: backend.tracer)]
        try await GRPCTrip.with(configuration: configuration, clientInterceptors: propagating) { _, _ in
            throw RPCError(code: .notFound, message: "row 7 missing in table b_records")
        } _: { b in
            try await GRPCTrip.with(configuration: configuration, clientInterceptors: propagating) { text, _ in
                try await b.call(text)
            } _: { a in
                let failure = try await CallFailure.of { try await a.call("7") }
                // The reference the person reads out finds A's span at the backend; its cause finds B's.
                let aReference = try #require(failure.presentable?.supportReference?.description)
                let bReference = try #require(b.log.entries.first { $0.message.hasPrefix("Answered") }?["reference"])
                let aSpan = try await backend.collector.wait { spans in
                    spans.first { $0.attributes["remedy.reference"] == .string(aReference) }
                }
                #expect(aSpan.kind == .server)
                #expect(aSpan.attributes["remedy.cause_reference"] == .string(bReference))
                let bSpan = try await backend.collector.wait { spans in
                    spans.first { $0.attributes["remedy.reference"] == .string(bReference) }
                }
                #expect(bSpan.kind == .server)
                #expect(bSpan.traceID == aSpan.traceID, "B's span joins the trace A's call carried")
                #expect(bSpan.parentSpanID == aSpan.spanID)
            }
        }
    }
}
