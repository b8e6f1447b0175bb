#if Hummingbird || Vapor || OpenAPI || GRPC
import Foundation
import HTTPTypes
import Remedy
import Testing

@testable import RemedyServer

/// What a service relays of another service's problem (issue 36): texts only in the answer's language, never the
/// other service's links, and its refusals of this service as this service's own failure.
@Suite(.timeLimit(.minutes(5)))
struct ProblemAnswerRelayTests {
    private typealias Chain = ProblemResolverChainTests

    private static func catalogTitle(status: Int, _ language: String) -> String? {
        ErrorCatalog.standard.interpretation(
            for: HTTPStatusError(status: status), localization: Localization(language: language))?.title
    }

    private static let busy =
        #"{"title":"Dienst ausgelastet","detail":"Der Bestand wird gezählt.","reference":"AB12-CD34","#
        + #""category":"externalSystemUnavailable","retryAfter":7,"actions":[{"id":"retry","title":"Nochmal"},"#
        + #"{"id":"releaseStock","title":"Freigeben","request":{"method":"POST","href":"/stock/42/release"}}]}"#

    @Test("Texts in the answer's language are relayed, labelled with it, not with the app's language")
    func sameLanguageIsRelayed() async throws {
        let answered = try await Chain.answer(Chain.servicesProblem(Self.busy, language: "de"), acceptLanguage: "de")
        #expect(answered.problem.title == "Dienst ausgelastet")
        #expect(answered.problem.detail == "Der Bestand wird gezählt.")
        #expect(answered.response.headers[.contentLanguage] == "de")
        #expect(answered.problem.causeReference == SupportReference("AB12-CD34"))
    }

    @Test(
        "Texts in another language, or in none named, are the catalog's for the status, in the answer's language",
        arguments: [String?.none, "en", "de-CH", "fr"])
    func otherLanguageIsReresolved(contentLanguage: String?) async throws {
        let answered = try await Chain.answer(
            Chain.servicesProblem(Self.busy, language: contentLanguage), acceptLanguage: "ja")
        #expect(answered.problem.title == Self.catalogTitle(status: 503, "ja"))
        #expect(answered.problem.detail?.contains("Bestand") == false)
        #expect(answered.response.headers[.contentLanguage] == "ja")
    }

    @Test("A regional variant of the answer's language is the answer's language; another script is not")
    func languageMatching() throws {
        func relayed(_ language: String) throws -> RelayedProblem {
            let error = Chain.servicesProblem(#"{"title":"T"}"#, language: language)
            let failure = ErrorResolver().resolve(error)
            return try #require(RelayedProblem(failure))
        }
        #expect(try relayed("de-DE").isIn("de"))
        #expect(try relayed(" DE ").isIn("de"))
        #expect(try relayed("zh-Hans").isIn("zh-Hans"))
        #expect(try !relayed("zh-Hant").isIn("zh-Hans"))
        #expect(try !relayed("en").isIn("de"))
        #expect(try !relayed("de, en").isIn("de"))
    }

    @Test("The other service's link actions are left out; Try Again and the wait stay")
    func linksAreLeftOut() async throws {
        let answered = try await Chain.answer(Chain.servicesProblem(Self.busy, language: "de"), acceptLanguage: "de")
        #expect(answered.problem.actions.map(\.id) == ["retry"])
        #expect(answered.problem.retryAfter == .seconds(7))
        #expect(answered.response.headers[.retryAfter] == "7")
        #expect(!String(buffer: answered.response.body).contains("/stock/42/release"))
    }

    @Test(
        "The other service refusing this one (401, 403, an offer to sign in) is this service's own failure",
        arguments: [
            (401, #"{"title":"Anmelden","reference":"AB12-CD34"}"#),
            (403, #"{"title":"Kein Zugriff","reference":"AB12-CD34"}"#),
            (409, #"{"title":"Anmelden","reference":"AB12-CD34","actions":[{"id":"signIn","title":"Anmelden"}]}"#),
        ])
    func refusalsAreThisServicesOwn(status: Int, json: String) async throws {
        let answered = try await Chain.answer(
            Chain.servicesProblem(status: status, json, language: "de"), acceptLanguage: "de")
        #expect(answered.response.status == .internalServerError)
        #expect(answered.problem.title == Self.catalogTitle(status: 500, "de"))
        #expect(!answered.problem.actions.contains { $0.id == "signIn" })
        #expect(answered.problem.causeReference == SupportReference("AB12-CD34"))
        #expect(answered.metadata["withheld"] != nil)
    }

    @Test("Field errors in another language go with the texts; in the answer's language they are relayed")
    func fieldErrorsFollowTheTexts() async throws {
        let json =
            ##"{"title":"Ungültig","detail":"Prüfen Sie die Angaben.","category":"invalidInput","##
            + ##""errors":[{"pointer":"#/sku","detail":"Unbekannt."}]}"##
        let same = try await Chain.answer(
            Chain.servicesProblem(status: 422, json, language: "de"), acceptLanguage: "de")
        #expect(same.problem.fieldErrors.map(\.message) == ["Unbekannt."])
        let other = try await Chain.answer(
            Chain.servicesProblem(status: 422, json, language: "de"), acceptLanguage: "fr")
        #expect(other.problem.fieldErrors.isEmpty)
        #expect(other.problem.title == Self.catalogTitle(status: 422, "fr"))
    }
}
#endif
