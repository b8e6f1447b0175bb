#if Hummingbird || Vapor || OpenAPI || GRPC
import Remedy
import Testing

@testable import RemedyServer

/// A request's language is read before its route runs (issue 36), in place: it must find what reading the
/// header's ranges, sorted by weight, finds.
struct AcceptLanguageReadingTests {
    static let languages = Localization.supportedLanguages.map(AcceptLanguage.normalized)

    @Test(
        "Reading in place finds the language the sorted ranges find",
        arguments: [
            "", "de", "DE_ch", "de-CH, de;q=0.9", "fr;q=0.5, ja;q=0.9, de;q=0.9", "pt-BR, en;q=0.9", "pt-BR",
            "*", "pt, *;q=0.1", "zh-TW, zh;q=0.8", "zh-Hant-HK", "zh-CN", "zh", "de;q=0, fr", "de;q=abc, ja",
            "en;q=0.001, es;q=0.002", ",,,de,,", " ja ; q=1.0 ", "x-klingon",
            String(repeating: "xx, ", count: 40) + "de",
            "de;level=1;q=0.2, es;q=0.2", "Japanese, ja",
        ])
    func inPlaceMatchesSorted(header: String) {
        #expect(
            AcceptLanguage.bestIndex(of: header, among: Self.languages)
                == AcceptLanguage(header).bestIndex(among: Self.languages))
    }

    @Test func examples() {
        func language(_ header: String) -> String? {
            AcceptLanguage.bestIndex(of: header, among: Self.languages).map { Localization.supportedLanguages[$0] }
        }
        #expect(language("fr;q=0.5, ja;q=0.9, de;q=0.9") == "ja")
        #expect(language("de-CH, de;q=0.9") == "de")
        #expect(language("zh-TW, zh;q=0.8") == "zh-Hans")
        #expect(language("zh-Hant") == nil)
        #expect(language("pt-BR") == nil)
        #expect(language("de;q=0") == nil)
        #expect(AcceptLanguage.normalized("zh_Hans") == "zh-hans")
    }
}
#endif
