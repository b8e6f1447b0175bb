import Foundation
import GRPCCore
import GRPCProtobuf
import Remedy
import RemedyGRPC
import Testing

/// A chain of two gRPC services: the client calls A, A calls B, B fails. A answers its own client under its own
/// reference, with B's as the cause; each reference is in its service's log at the default level; and B answered
/// A in the language A's client asked for.
@Suite(.timeLimit(.minutes(5)))
struct GRPCChainTests {
    @Test("A's answer and A's log carry B's reference as the cause; B answered in A's client's language")
    func chainKeepsBothReferencesAndTheLanguage() async throws {
        let languageAtB = Locked<String?>(nil)
        try await GRPCTrip.with { _, metadata in
            languageAtB.update { $0 = metadata[stringValues: "accept-language"].first { _ in true } }
            throw RPCError(code: .notFound, message: "row 7 missing in table b_records")
        } _: { b in
            // A's client to B asks in English unless A's method runs for a client of another language.
            try await GRPCTrip.with(localization: Localization(language: "ja")) { text, _ in
                try await b.call(text)
            } _: { a in
                let failure = try await CallFailure.of { try await a.call("7") }
                #expect(languageAtB.value == "ja")
                let bRecord = try #require(b.log.entries.first { $0.message.hasPrefix("Answered") })
                #expect(bRecord.level == .info)
                let bReference = try #require(bRecord["reference"])
                // A's answer: under its own reference, with B's as the cause; B's text relayed, since B answered in
                // the language A's client asked for (the server layer relays another service's texts only then).
                // B's status kind stays with the texts that speak of it.
                #expect(failure.rpcError.code == .notFound)
                #expect(failure.localizedMessage?.locale == "ja")
                #expect(
                    failure.localizedMessage?.message
                        == StringsFile.text("catalog.http.notFound.message", language: "ja"))
                #expect(failure.presentable?.contentLanguage == "ja")
                let aReference = try #require(failure.presentable?.supportReference)
                #expect(aReference.description != bReference)
                #expect(failure.requestInfo?.requestID == aReference.description)
                #expect(failure.errorInfo?.metadata["causeReference"] == bReference)
                #expect(failure.presentable?.problem.causeReference?.description == bReference)
                let aRecord = try #require(a.record(of: aReference))
                #expect(aRecord.level == .info)
                #expect(aRecord["cause.reference"] == bReference)
                for text in [failure.localizedMessage?.message ?? "", failure.rpcError.message] {
                    #expect(!text.contains("b_records"))
                }
            }
        }
    }
}
