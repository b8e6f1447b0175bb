import Foundation
import Remedy
import RemedyTesting
import Testing

/// A chain of two services traced by swift-otel and exported over OTLP/HTTP to a collector on 127.0.0.1: the
/// trace context travels with A's call to B (W3C `traceparent`), and a tracing backend finds the failure by the
/// reference a person reads out.
@Suite(.timeLimit(.minutes(5)))
struct TracingChainTests {
    @Test(
        "A's answer's reference finds A's span; B's span, with the reference B logged, is in the same trace",
        arguments: ServerKind.allCases, TracedChain.Caller.allCases)
    func referencesFindTheChain(kind: ServerKind, caller: TracedChain.Caller) async throws {
        let backend = try await TracingBackend.shared()
        try await TracedChain.with(kind, caller, backend) { chain in
            let answer = try await RealClient.urlSession.send(chain.a.appending(path: "orders/9"))
            #expect(answer.status >= 500)
            // What A's client reads out to support, as a client reads it.
            let error = ProblemDetailsError.error(
                status: answer.status, header: { answer.headers[$0.lowercased()] }, body: answer.body)
            let problem = try #require(error as? ProblemDetailsError)
            let aReference = try #require(problem.supportReference?.description)
            let bLine = try #require(chain.bLog.entries.first { $0.message.hasPrefix("Answered 500") })
            let bReference = try #require(bLine["reference"])
            #expect(bReference != aReference, "each hop answers with its own reference")
            #expect(problem.causeReference?.description == bReference)

            // The tracing backend: the span with the reference read out, and the one its cause reference names.
            let aSpan = try await backend.collector.wait { spans in
                spans.first { $0.string("remedy.reference") == aReference }
            }
            #expect(aSpan.kind == .server)
            #expect(aSpan.parentSpanID == nil, "the test's client (URLSession) sends no trace context")
            #expect(aSpan.int("http.response.status_code") == Int64(answer.status))
            let cause = try #require(aSpan.string("remedy.cause_reference"))
            #expect(cause == bReference, "A's span leads to B's failure")
            let bSpan = try await backend.collector.wait { spans in
                spans.first { $0.string("remedy.reference") == cause }
            }
            #expect(bSpan.traceID == aSpan.traceID, "one trace: the context travelled with A's call")
            #expect(bSpan.kind == .server)
            #expect(bSpan.statusCode == 2, "B's own failure (500) is an error of its span")
            #expect(bSpan.string("error.type") == "IntegrationTests.LeakyFailure")
            #expect(bSpan.string("remedy.cause_reference") == nil, "B's failure is its own")
            // B's TracingMiddleware took its parent from the call's `traceparent`.
            let parent = try #require(bSpan.parentSpanID)
            switch caller {
            case .asyncHTTPClient:
                // AsyncHTTPClient's span of the call: the child of A's server span and the parent of B's.
                let call = try await backend.collector.wait { spans in spans.first { $0.spanID == parent } }
                #expect(call.traceID == aSpan.traceID)
                #expect(call.kind == .client)
                #expect(call.parentSpanID == aSpan.spanID)
                #expect(call.int("http.status_code") == 500, "AsyncHTTPClient 1.37's key for the status")
            case .urlSession:
                // The context A injected: its server span's.
                #expect(parent == aSpan.spanID)
            }
        }
    }
}
