import Foundation
import OpenAPIRuntime
import Remedy
import RemedyOpenAPI
import Testing

/// A chain of two OpenAPI services: service A's `getRelayedItem` asks service B's `getItem` through the generated
/// client with `ProblemDetailsClientMiddleware`, B fails, and A answers its own client.
@Suite(.timeLimit(.minutes(3)))
struct OpenAPIChainTests {
    /// A's answer carries its own reference and B's as its cause; both are in a log line at `info` (B's in B's
    /// log, A's with its cause in A's); and every hop speaks the language A's client asked for, which A sends on.
    @Test(arguments: [(OpenAPITransportKind.hummingbird, OpenAPITransportKind.vapor), (.vapor, .hummingbird)])
    func bothReferencesAndTheLanguageCrossTheChain(a: OpenAPITransportKind, b: OpenAPITransportKind) async throws {
        try await OpenAPIServer.with(b) { serviceB in
            try await OpenAPIServer.with(a, upstream: serviceB.baseURL) { serviceA in
                let client = OpenAPIServer.client(of: serviceA.baseURL, language: "ja")
                let (error, answer) = try await OpenAPIRoundTripTests.problem {
                    _ = try await client.getRelayedItem(path: .init(id: "9")).ok
                }
                let reference = try #require(answer.problem.supportReference)
                let cause = try #require(answer.problem.causeReference, "A's answer names B's reference")
                #expect(reference != cause)

                let bRecord = serviceB.log.entries.first { $0.metadata["reference"] == "\(cause)" }
                #expect(bRecord?.level == .info, "B's reference is in B's log at the default level")
                #expect(bRecord?.metadata["openapi.operation"] == "getItem")
                let aRecord = serviceA.log.entries.first { $0.metadata["reference"] == "\(reference)" }
                #expect(aRecord?.level == .info, "A's reference is in A's log at the default level")
                #expect(aRecord?.metadata["cause.reference"] == "\(cause)", "A's log line names B's reference")

                // Japanese along the chain: A bound its client's language while its handler ran, and its generated
                // client asked B for it.
                let japanese = Localization(language: "ja")
                let english = Localization(language: "en")
                #expect(await serviceB.languages.values == [japanese.acceptLanguage])
                // B's words reach A's client in Japanese: B answered in it, so A relays them.
                let status = HTTPStatusError(status: 404)
                let expected = ErrorResolver(localization: japanese).presentation(for: status)
                #expect(expected.title != ErrorResolver(localization: english).presentation(for: status).title)
                #expect(answer.title == expected.title, "A answers in Japanese")
                #expect(answer.contentLanguage == "ja")
                let presentation = ErrorResolver(localization: japanese).presentation(for: error)
                #expect(presentation.supportReference == reference, "A's client shows A's reference")
                #expect(presentation.title == expected.title)
            }
        }
    }
}
