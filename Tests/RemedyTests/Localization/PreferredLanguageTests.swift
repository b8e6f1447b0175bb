import Foundation
import Remedy
import Testing

/// The default language follows the POSIX environment on Linux, as gettext reads it.
struct PreferredLanguageTests {
    private func language(_ environment: [String: String]) -> String {
        Localization(locale: Localization.preferredLocale(environment: environment)).language
    }

    @Test func langAloneChoosesTheLanguage() {
        #expect(language(["LANG": "de_DE.UTF-8"]) == "de")
        #expect(language(["LANG": "ja_JP.UTF-8"]) == "ja")
    }

    @Test func lcAllWinsOverLcMessagesWhichWinsOverLang() {
        #expect(language(["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "ja_JP"]) == "fr")
        #expect(language(["LC_MESSAGES": "de_DE@euro", "LANG": "ja_JP"]) == "de")
        #expect(language(["LC_ALL": "", "LANG": "es_ES.UTF-8"]) == "es")
    }

    @Test func languageListWinsAndItsFirstShippedLanguageIsChosen() {
        #expect(language(["LANG": "en_US.UTF-8", "LANGUAGE": "pt_BR:ja:de"]) == "ja")
        #expect(language(["LANG": "de_DE.UTF-8", "LANGUAGE": "en_GB:de"]) == "en")
    }

    @Test func cOrNothingIsEnglishAndIgnoresTheLanguageList() {
        #expect(language([:]) == "en")
        #expect(language(["LANG": "C.UTF-8", "LANGUAGE": "de"]) == "en")
        #expect(language(["LC_ALL": "POSIX", "LANGUAGE": "ja"]) == "en")
    }

    @Test func traditionalChineseFallsBackToEnglishAndSimplifiedIsChosen() {
        #expect(language(["LANG": "zh_CN.UTF-8"]) == "zh-Hans")
        #expect(language(["LANG": "zh_TW.UTF-8"]) == "en")
    }

    @Test func languageInitializerTakesCodesAndPosixNames() {
        #expect(Localization(language: "de").language == "de")
        #expect(Localization(language: "ja_JP.UTF-8").language == "ja")
        #expect(Localization(language: "zh-Hans").language == "zh-Hans")
        #expect(Localization(language: "C").language == "en")
        #expect(Localization(language: "tlh").language == "en")
    }
}
