import Foundation
import RemedyTesting
import Testing

@testable import Remedy

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's side of languages (issue 23): `Accept-Language` from a localization, a scope, a request.
@Suite(.timeLimit(.minutes(2)))
struct AcceptLanguageTests {
    @Test(
        "The header asks for the locale's tag, then Remedy's language for it",
        arguments: [
            ("de", "de"), ("ja", "ja"), ("en", "en"), ("zh-Hans", "zh-Hans"), ("de_CH.UTF-8", "de-CH, de;q=0.9"),
            ("fr_FR", "fr-FR, fr;q=0.9"), ("pt_BR", "pt-BR, en;q=0.9"),
        ])
    func valueOfALocalization(language: String, header: String) {
        #expect(Localization(language: language).acceptLanguage == header)
    }

    @Test func aScopeAsksForItsRootsLanguage() {
        let root = ErrorScope.root(presenter: ScriptedPresenter(), localization: Localization(language: "ja"))
        #expect(root.acceptLanguage == "ja")
        #expect(root.child("Orders").acceptLanguage == "ja")
    }

    @Test("While a server answers a request, a scope asks for that answer's language; outside, for its root's")
    func aScopeAsksForTheAnsweredRequestsLanguage() async {
        let root = ErrorScope.root(presenter: ScriptedPresenter(), localization: Localization(language: "ja"))
        #expect(Localization.answering == nil)
        let inside = Localization.$answering.withValue(Localization(language: "de")) {
            (root.child("Orders").acceptLanguage, Localization.answering?.language)
        }
        #expect(inside.0 == "de")
        #expect(inside.1 == "de")
        // A child task of the handler sees it too; the binding ends with the handler.
        let child = await Localization.$answering.withValue(Localization(language: "fr")) {
            await Task { root.acceptLanguage }.value
        }
        #expect(child == "fr")
        #expect(root.acceptLanguage == "ja")
        #expect(Localization.answering == nil)
    }

    @Test("A request without a localization asks for the answered request's language, else the program's")
    func aRequestWithoutALocalization() {
        var request = URLRequest(url: URL(string: "https://api.example.com/orders/42")!)
        Localization.$answering.withValue(Localization(language: "zh-Hans")) {
            request.setAcceptLanguage()
        }
        #expect(request.value(forHTTPHeaderField: "Accept-Language") == "zh-Hans")
        request.setAcceptLanguage()
        #expect(request.value(forHTTPHeaderField: "Accept-Language") == Localization.default.acceptLanguage)
        // A localization given is what it asks for, bound or not.
        Localization.$answering.withValue(Localization(language: "zh-Hans")) {
            request.setAcceptLanguage(Localization(language: "es"))
        }
        #expect(request.value(forHTTPHeaderField: "Accept-Language") == "es")
    }

    @Test func aRequestGetsTheHeaderReplacingAnyOther() {
        var request = URLRequest(url: URL(string: "https://api.example.com/orders/42")!)
        request.setValue("en", forHTTPHeaderField: "Accept-Language")
        request.setAcceptLanguage(Localization(language: "de"))
        #expect(request.value(forHTTPHeaderField: "accept-language") == "de")
        #expect(request.allHTTPHeaderFields?.count == 1)
    }
}
