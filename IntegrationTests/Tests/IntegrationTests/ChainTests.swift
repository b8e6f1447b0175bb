import Foundation
import Remedy
import RemedyTesting
import Testing

/// A chain of services (issue 36) on real servers: A calls B over 127.0.0.1, B fails, A answers its own client.
/// A's answer has its own reference with B's as its cause, both services log their answers at `info` (the default
/// level) under those references, A's client reads texts in its own language only, and B's links and refusals of
/// A stay A's business.
@Suite(.timeLimit(.minutes(5)))
struct ChainTests {
    /// The catalog's texts for a status in a language: what a service answers for it.
    private static func catalogTexts(status: Int, _ language: String) -> (title: String?, message: String?) {
        let texts = ErrorResolver(localization: Localization(language: language))
            .interpretation(of: HTTPStatusError(status: status))
        return (texts.title, texts.message)
    }

    @Test(
        "A's client gets A's reference with B's as its cause, both logged at info, the texts in the client's language",
        arguments: ServerKind.allCases, ["de", "ja"])
    func referencesAndLanguagesAlongTheChain(kind: ServerKind, language: String) async throws {
        try await ChainServices.with(kind) { chain in
            let answer = try await RealClient.urlSession.send(
                chain.front.appending(path: "orders/busy"), headers: ["Accept-Language": language])
            // A asked B in its answer's language, which is its client's.
            #expect(await chain.backLanguages.languages == [Localization(language: language).acceptLanguage])
            #expect(answer.status == 503)
            #expect(answer.headers["content-language"] == language)
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            let own = try #require(problem.supportReference)
            let cause = try #require(problem.causeReference)
            #expect(own != cause)

            // Each service's record, at the default level, under the references the client can read out.
            let back = try #require(ChainServices.answered(chain.backLog).only)
            #expect(back.level == .info)
            #expect(back["reference"] == "\(cause)")
            let front = try #require(ChainServices.answered(chain.frontLog).only)
            #expect(front.level == .info)
            #expect(front["reference"] == "\(own)")
            #expect(front["cause.reference"] == "\(cause)")

            // B answered in its app's English: A says it again in its client's language, by B's status.
            let expected = Self.catalogTexts(status: 503, language)
            #expect(problem.title == expected.title)
            #expect(problem.detail == expected.message)
            #expect(!answer.text.contains("Stock Busy") && !answer.text.contains("item 42"))

            // B's Try Again stays; its link, on B's origin, is not A's to offer.
            #expect(problem.actions.map(\.id) == ["retry"])
            #expect(!answer.text.contains("/stock/42/release") && !answer.text.contains("Release Stock"))
        }
    }

    @Test("A text B answered in the client's language is relayed under that language", arguments: ServerKind.allCases)
    func relayedInItsOwnLanguage(kind: ServerKind) async throws {
        try await ChainServices.with(kind) { chain in
            let answer = try await RealClient.asyncHTTPClient.send(
                chain.front.appending(path: "orders/conflict"), headers: ["Accept-Language": "ja"])
            #expect(await chain.backLanguages.languages == ["ja"])
            #expect(answer.headers["content-language"] == "ja")
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(problem.title == Self.catalogTexts(status: 409, "ja").title)
            #expect(problem.title != Self.catalogTexts(status: 409, "en").title)
            let cause = try #require(problem.causeReference)
            #expect(try #require(ChainServices.answered(chain.backLog).only)["reference"] == "\(cause)")
        }
    }

    @Test("B refusing A's credentials is A's own failure, not the person's sign-in", arguments: ServerKind.allCases)
    func refusalOfAIsAsOwnFailure(kind: ServerKind) async throws {
        try await ChainServices.with(kind) { chain in
            let answer = try await RealClient.urlSession.send(
                chain.front.appending(path: "orders/refused"), headers: ["Accept-Language": "de"])
            #expect(answer.status == 500)
            #expect(answer.headers["www-authenticate"] == nil)
            #expect(answer.headers["content-language"] == "de")
            let problem = try ProblemDetails(decoding: answer.body, contentType: answer.contentType)
            #expect(!problem.actions.contains { $0.id == "signIn" })
            #expect(problem.title == Self.catalogTexts(status: 500, "de").title)
            let cause = try #require(problem.causeReference)
            let back = try #require(ChainServices.answered(chain.backLog).only)
            #expect(back["status"] == "401" && back["reference"] == "\(cause)" && back.level == .info)
            let front = try #require(ChainServices.answered(chain.frontLog).only)
            #expect(front["cause.reference"] == "\(cause)" && front["withheld"] != nil && front.level == .info)
        }
    }
}

extension Array {
    /// The one element, or `nil` when there are none or several.
    fileprivate var only: Element? { count == 1 ? first : nil }
}
