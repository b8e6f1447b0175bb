import Foundation
import Remedy
import Testing

struct LocalizationTests {
    // MARK: - Choosing a language

    @Test(
        arguments: [
            ("en", "en"), ("en_GB", "en"), ("de", "de"), ("de_CH", "de"), ("de-AT", "de"), ("es_MX", "es"),
            ("fr_CA", "fr"), ("ja_JP", "ja"), ("zh_Hans_CN", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh-CN", "zh-Hans"),
            ("zh", "zh-Hans"), ("zh-TW", "en"), ("zh_Hant_HK", "en"), ("zh-Hant", "en"), ("pt_BR", "en"),
            ("xx", "en"), ("", "en"),
        ]
    )
    func theLocaleChoosesTheLanguage(identifier: String, language: String) {
        #expect(Localization(locale: Locale(identifier: identifier)).language == language)
    }

    @Test func theDefaultLocalizationUsesASupportedLanguage() {
        #expect(Localization.supportedLanguages.contains(Localization.default.language))
    }

    @Test func thereAreEnglishAndAtLeastFiveMoreLanguages() {
        #expect(Localization.supportedLanguages.first == "en")
        #expect(Set(Localization.supportedLanguages).count >= 6)
    }

    // MARK: - Completeness

    @Test func theEnglishTableHasRemedysOwnTexts() {
        let keys = Localization.allKeys
        #expect(keys.contains("option.ok"))
        #expect(keys.contains("option.cancel"))
        #expect(keys.contains("option.tryAgain"))
        for category in ErrorCategory.builtIn {
            #expect(keys.contains("category.\(category.identifier).title"))
            #expect(keys.contains("category.\(category.identifier).message"))
        }
    }

    @Test(arguments: Localization.supportedLanguages)
    func everyLanguageHasEveryKeyOfTheEnglishTable(language: String) {
        let localization = Localization(locale: Locale(identifier: language))
        #expect(localization.language == language)
        let missing = Localization.allKeys.filter { !localization.hasOwnText(forKey: $0) }.sorted()
        #expect(missing.isEmpty, "\(language) lacks \(missing)")
    }

    @Test(arguments: Localization.supportedLanguages)
    func everyTextIsNonEmptyAndTrimmed(language: String) {
        let localization = Localization(locale: Locale(identifier: language))
        for key in Localization.allKeys.sorted() {
            let text = localization.string(forKey: key)
            #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(language): \(key)")
            // Separators (", ", "、") carry their spacing on purpose; every other text is trimmed.
            if !key.hasSuffix(".separator") {
                #expect(text == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(language): \(key)")
            }
            #expect(text != key, "\(language): \(key)")
        }
    }

    @Test(arguments: Localization.supportedLanguages)
    func formatPlaceholdersMatchTheEnglishText(language: String) {
        let english = Localization(locale: Locale(identifier: "en"))
        let localization = Localization(locale: Locale(identifier: language))
        for key in Localization.allKeys.sorted() {
            let expected = Self.placeholders(in: english.string(forKey: key))
            #expect(Self.placeholders(in: localization.string(forKey: key)) == expected, "\(language): \(key)")
        }
    }

    @Test(arguments: Localization.supportedLanguages.filter { $0 != "en" })
    func translationsAreNotEnglishCopies(language: String) {
        let english = Localization(locale: Locale(identifier: "en"))
        let localization = Localization(locale: Locale(identifier: language))
        for category in ErrorCategory.builtIn {
            #expect(category.message(in: localization) != category.message(in: english), "\(language): \(category)")
        }
        #expect(localization.string(forKey: "option.cancel") != english.string(forKey: "option.cancel"))
        #expect(localization.string(forKey: "option.tryAgain") != english.string(forKey: "option.tryAgain"))
    }

    @Test(arguments: Localization.supportedLanguages)
    func remedysOwnTextsAreAtMostTwoSentences(language: String) {
        let localization = Localization(locale: Locale(identifier: language))
        let keys = Localization.allKeys.filter { $0.hasPrefix("option.") || $0.hasPrefix("category.") }
        for key in keys.sorted() {
            let text = localization.string(forKey: key)
            #expect(Self.sentenceCount(of: text) <= 2, "\(language): \(key): \(text)")
        }
    }

    // MARK: - Lookup

    @Test func aMissingKeyShowsTheKeyNeverAnEmptyText() {
        let localization = Localization(locale: Locale(identifier: "de"))
        #expect(localization.string(forKey: "no.such.key") == "no.such.key")
        #expect(localization.string(forKey: "no.such.key", fallbackKey: "option.cancel") == "Abbrechen")
    }

    @Test func aKeyMissingInALanguageFallsBackToEnglish() {
        let localization = Localization(
            locale: Locale(identifier: "xx"),
            overrides: [:]
        )
        #expect(localization.string(forKey: "option.tryAgain") == "Try Again")
    }

    @Test func placeholdersAreFilledIn() {
        let localization = Localization(
            locale: Locale(identifier: "de"),
            overrides: ["test.count": "%@ Fehler, %@ Versuche"]
        )
        #expect(localization.string(forKey: "test.count", "3", "2") == "3 Fehler, 2 Versuche")
    }

    // MARK: - App overrides

    @Test func overridesWinInEveryLanguage() {
        for language in Localization.supportedLanguages {
            let localization = Localization(
                locale: Locale(identifier: language),
                overrides: ["option.tryAgain": "Reload", "category.unknown.title": "Oops"]
            )
            #expect(localization.string(forKey: "option.tryAgain") == "Reload")
            #expect(ErrorCategory.unknown.title(in: localization) == "Oops")
            #expect(
                localization.string(forKey: "option.cancel")
                    == Localization(locale: localization.locale).string(forKey: "option.cancel"))
        }
    }

    @Test func overridesReachPresentations() {
        let localization = Localization(locale: Locale(identifier: "en"), overrides: ["option.tryAgain": "Reload"])
        let presentation = ErrorResolver(localization: localization)
            .presentation(for: MessageError("The feed couldn't be loaded.", options: [.retry]))
        #expect(presentation.options.map(\.title) == ["Reload", "Cancel"])
    }

    @Test func anAppBundleTableIsLookedUpFirstAndMayAddALanguage() throws {
        let app = try TemporaryAppBundle(tables: [
            "it": ["option.tryAgain": "Riprova", "option.cancel": "Annulla"],
            "de": ["option.tryAgain": "Nochmal"],
            "en": ["option.tryAgain": "Reload", "option.ok": "Got It"],
        ])
        defer { app.remove() }

        let italian = Localization(locale: Locale(identifier: "it_IT"), bundle: app.bundle)
        #expect(italian.string(forKey: "option.tryAgain") == "Riprova")
        #expect(italian.string(forKey: "option.cancel") == "Annulla")
        // Not in the app's Italian table: its English one, then Remedy's English.
        #expect(italian.string(forKey: "option.ok") == "Got It")
        #expect(italian.string(forKey: "category.unknown.title") == "Something Went Wrong")

        let german = Localization(locale: Locale(identifier: "de_DE"), bundle: app.bundle)
        #expect(german.string(forKey: "option.tryAgain") == "Nochmal")
        // The app's English text must not turn a German alert half English.
        #expect(german.string(forKey: "option.ok") == "OK")
        #expect(german.string(forKey: "option.cancel") == "Abbrechen")

        let english = Localization(locale: Locale(identifier: "en_US"), bundle: app.bundle)
        #expect(english.string(forKey: "option.tryAgain") == "Reload")
        #expect(english.string(forKey: "option.cancel") == "Cancel")

        let french = Localization(locale: Locale(identifier: "fr"), bundle: app.bundle)
        #expect(french.string(forKey: "option.tryAgain") == "Réessayer")
        #expect(french.string(forKey: "option.ok") == "OK")
    }

    @Test func overridesWinOverTheAppBundle() throws {
        let app = try TemporaryAppBundle(tables: ["de": ["option.tryAgain": "Nochmal"]])
        defer { app.remove() }
        let localization = Localization(
            locale: Locale(identifier: "de"),
            overrides: ["option.tryAgain": "Neu laden"],
            bundle: app.bundle
        )
        #expect(localization.string(forKey: "option.tryAgain") == "Neu laden")
    }

    @Test func theAppTableNameIsChosenByTheApp() throws {
        let app = try TemporaryAppBundle(tables: ["de": ["option.tryAgain": "Nochmal"]], table: "Errors")
        defer { app.remove() }
        let named = Localization(locale: Locale(identifier: "de"), bundle: app.bundle, table: "Errors")
        #expect(named.string(forKey: "option.tryAgain") == "Nochmal")
        let other = Localization(locale: Locale(identifier: "de"), bundle: app.bundle)
        #expect(other.string(forKey: "option.tryAgain") == "Erneut versuchen")
    }

    @Test func aBundleWithoutTablesChangesNothing() throws {
        let app = try TemporaryAppBundle(tables: [:])
        defer { app.remove() }
        let localization = Localization(locale: Locale(identifier: "ja"), bundle: app.bundle)
        #expect(localization.string(forKey: "option.cancel") == "キャンセル")
    }

    // MARK: - Helpers

    /// The conversions of the format placeholders of a text, in argument order (`%2$@ %1$d` → `d @`).
    static func placeholders(in text: String) -> [String] {
        let pattern = /%(?:(\d+)\$)?[-+ #0']*\d*(?:\.\d+)?(?:hh|h|ll|l|q|z|t|j|L)?([@dDiuUxXoOfFeEgGcCsSpaA%])/
        var next = 1
        var found: [(position: Int, conversion: String)] = []
        for match in text.matches(of: pattern) where match.output.2 != "%" {
            let position = match.output.1.flatMap { Int($0) } ?? next
            next = position + 1
            found.append((position, String(match.output.2)))
        }
        return found.sorted { $0.position < $1.position }.map(\.conversion)
    }

    /// How many sentences a text has: sentence ends (`.`, `!`, `?`, `。`, `！`, `？`) followed by a space
    /// or the end, counting a text without one as one sentence.
    static func sentenceCount(of text: String) -> Int {
        let ends = text.matches(of: /[.!?](?=\s|$)|[。！？]/).count
        return Swift.max(1, ends)
    }
}

/// A folder with `.lproj` string tables, opened as a bundle, as an app's bundle would be.
private struct TemporaryAppBundle {
    let url: URL
    let bundle: Bundle

    init(tables: [String: [String: String]], table: String = "Remedy") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("RemedyTests-\(UUID().uuidString)")
        for (language, texts) in tables {
            let folder = url.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let body = texts.sorted { $0.key < $1.key }.map { "\"\($0.key)\" = \"\($0.value)\";" }
            try Data(body.joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("\(table).strings"))
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        bundle = try #require(Bundle(path: url.path))
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
