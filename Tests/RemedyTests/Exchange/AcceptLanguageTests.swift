import Foundation
import RemedyTesting
import Testing

@testable import Remedy

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client's side of languages (issue 23): `Accept-Language` from a localization, a scope, a request.
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

    @Test func aRequestGetsTheHeaderReplacingAnyOther() {
        var request = URLRequest(url: URL(string: "https://api.example.com/orders/42")!)
        request.setValue("en", forHTTPHeaderField: "Accept-Language")
        request.setAcceptLanguage(Localization(language: "de"))
        #expect(request.value(forHTTPHeaderField: "accept-language") == "de")
        #expect(request.allHTTPHeaderFields?.count == 1)
    }
}
