import Foundation
import Testing

@testable import Remedy

/// The texts Remedy keeps per language (``LanguageTexts``): a presentation read from them is the one a
/// localization that looks every text up makes, in every language, and they never serve another
/// localization's, catalog's or tree's texts.
@Suite(.timeLimit(.minutes(10)))
struct PresentationCacheTests {
    /// What a person sees of a presentation, and how it is shown.
    private typealias Seen = SeenPresentation

    /// Foundation errors of every built-in mapping, each the whole of its tree.
    private static let leafErrors: [any Error] =
        [
            URLError(.notConnectedToInternet), URLError(.timedOut), URLError(.cannotFindHost), URLError(.badURL),
            URLError(.serverCertificateUntrusted), URLError(.userAuthenticationRequired), URLError(.unknown),
            URLError(.cancelled), CocoaError(.fileNoSuchFile), CocoaError(.fileWriteOutOfSpace),
            CocoaError(.fileReadCorruptFile), CocoaError(.userCancelled), CocoaError(.featureUnsupported),
            POSIXError(.ENOSPC), POSIXError(.EACCES), POSIXError(.ECONNREFUSED), POSIXError(.EINVAL),
        ]

    /// A localization of the same language whose texts can't be kept per language: an override of a key
    /// no presentation reads makes every text a full lookup.
    private static func unmemoized(_ language: String) -> Localization {
        Localization(language: language, overrides: ["test.unused": "unused"])
    }

    @Test("a presentation from the cache is the one a full resolution makes, in every language")
    func memoizedEqualsResolved() {
        for language in Localization.supportedLanguages {
            let memoized = ErrorResolver(localization: Localization(language: language))
            let resolved = ErrorResolver(localization: Self.unmemoized(language))
            #expect(resolved.localization.plainTexts == nil)
            for error in Self.leafErrors {
                let expected = Seen(resolved.presentation(for: error))
                // The first call makes the template, the second reads it.
                #expect(Seen(memoized.presentation(for: error)) == expected, "\(language) \(error)")
                #expect(Seen(memoized.presentation(for: error)) == expected, "\(language) \(error)")
                #expect(memoized.presentation(for: error).message == expected.message)
            }
        }
    }

    @Test("every built-in entry's interpretation is the same from the cache and from the tables")
    func entryInterpretations() {
        for language in Localization.supportedLanguages {
            for entry in ErrorCatalog.builtInEntries {
                let expected = entry.interpretation(in: Self.unmemoized(language))
                for _ in 0..<2 {
                    let memoized = entry.interpretation(in: Localization(language: language))
                    #expect(memoized.title == expected.title, "\(language) \(entry)")
                    #expect(memoized.message == expected.message, "\(language) \(entry)")
                    #expect(memoized.options.map(\.title) == expected.options.map(\.title))
                    #expect(memoized.category == expected.category)
                    #expect(memoized.severity == expected.severity)
                }
            }
        }
    }

    @Test("different languages read different texts, whichever was resolved first")
    func languagesStayApart() {
        let error = URLError(.notConnectedToInternet)
        let english = ErrorResolver(localization: Localization(language: "en"))
        let german = ErrorResolver(localization: Localization(language: "de"))
        let japanese = ErrorResolver(localization: Localization(language: "ja"))
        for _ in 0..<2 {
            let texts = [english, german, japanese].map { Seen($0.presentation(for: error)) }
            #expect(texts[0].title == "No Internet Connection")
            #expect(Set(texts.map(\.title)).count == 3)
            #expect(Set(texts.map(\.message)).count == 3)
            #expect(Set(texts.map(\.options)).count == 3)
        }
        // An unsupported language is English, and shares English's slot.
        #expect(
            Seen(ErrorResolver(localization: Localization(language: "it")).presentation(for: error)).title
                == "No Internet Connection")
    }

    @Test("a localization's overrides and app table win over texts kept for its language")
    func overridesWin() {
        let error = URLError(.notConnectedToInternet)
        let plain = ErrorResolver(localization: Localization(language: "en"))
        _ = plain.presentation(for: error)
        _ = plain.presentation(for: error)
        var localization = Localization(language: "en")
        localization.overrides = [
            "catalog.network.offline.title": "Offline",
            "option.tryAgain": "Retry Now",
            "option.cancel": "Never Mind",
            "category.unknown.title": "Hmm",
        ]
        let overridden = ErrorResolver(localization: localization)
        let presentation = overridden.presentation(for: error)
        #expect(presentation.title == "Offline")
        #expect(presentation.options.map(\.title) == ["Retry Now", "Never Mind"])
        #expect(ErrorCategory.unknown.title(in: localization) == "Hmm")
        #expect(ErrorCategory.unknown.title(in: Localization(language: "en")) != "Hmm")
        // And the plain localization still reads its own texts afterwards.
        #expect(plain.presentation(for: error).title == "No Internet Connection")
    }

    @Test("an app's catalog entry registered after the cache was made wins over it")
    func appCatalogWins() {
        let error = URLError(.notConnectedToInternet)
        let standard = ErrorResolver(localization: Localization(language: "en"))
        _ = standard.presentation(for: error)
        _ = standard.presentation(for: error)
        var catalog = ErrorCatalog.standard
        catalog.register(URLError.self) { _, _ in
            ErrorInterpretation(title: "Offline Mode", message: "You're offline; changes sync later.")
        }
        let app = ErrorResolver(catalog: catalog, localization: Localization(language: "en"))
        for _ in 0..<2 {
            let presentation = app.presentation(for: error)
            #expect(presentation.title == "Offline Mode")
            #expect(presentation.message == "You're offline; changes sync later.")
            #expect(presentation.options.map(\.title) == ["OK"])
        }
        // A predicate translator that reuses the entry but rewords it is the app's text, not the template.
        var rewording = ErrorCatalog.standard
        rewording.register { error, localization in
            guard
                var interpretation = ErrorCatalog.builtInEntry(named: "network.offline")?
                    .interpretation(in: localization), error is URLError
            else { return nil }
            interpretation.message = "Reworded."
            return interpretation
        }
        #expect(ErrorResolver(catalog: rewording).presentation(for: error).message == "Reworded.")
        // A catalog without built-ins has no entry to read a template from.
        #expect(
            ErrorResolver(catalog: .empty, localization: Localization(language: "en")).presentation(for: error).title
                != "No Internet Connection")
        #expect(standard.presentation(for: error).title == "No Internet Connection")
    }

    @Test("an error with causes or a subject is resolved in full, not read from a template")
    func treesAndSubjects() throws {
        let resolver = ErrorResolver(localization: Localization(language: "en"))
        _ = resolver.presentation(for: URLError(.cannotFindHost))
        #expect(!resolver.presentation(for: URLError(.cannotFindHost)).message.contains("forecast.example.com"))
        let url = try #require(URL(string: "https://forecast.example.com/today"))
        let named = resolver.presentation(for: URLError(.cannotFindHost, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        #expect(named.message.contains("forecast.example.com"))
        // A cause with its own, more specific text wins over the template's.
        let cause = URLError(.secureConnectionFailed)
        let wrapped = resolver.presentation(
            for: URLError(.notConnectedToInternet, userInfo: [NSUnderlyingErrorKey: cause]))
        #expect(
            Seen(wrapped)
                == Seen(
                    ErrorResolver(localization: Self.unmemoized("en")).presentation(
                        for: URLError(
                            .notConnectedToInternet, userInfo: [NSUnderlyingErrorKey: cause]))))
        // A file's name is named.
        let file = CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "/tmp/forecast.json"])
        #expect(resolver.presentation(for: file).message.contains("forecast.json"))
        _ = resolver.presentation(for: CocoaError(.fileNoSuchFile))
        #expect(!resolver.presentation(for: CocoaError(.fileNoSuchFile)).message.contains("forecast.json"))
    }

    /// A layer that declares itself without a text, around a cause.
    private struct TextlessLayer: PresentableError, WrappingError {
        let cause: any Error
        var title: String? { "Draft Not Saved" }
        var message: String { "  " }
        var category: ErrorCategory { .externalSystemUnavailable }
        var underlyingErrors: [any Error] { [cause] }
    }

    @Test("a built-in cause read from its cache wins over an outer interpretation without a text")
    func memoWinsOverOuterWithoutText() {
        // The outer layer's interpretation is kept first (the outermost), then given up for the cause's
        // cache: the merge reads the cache's interpretation, as a full resolution reads the entry's.
        let corrupted = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Not JSON."))
        let trees: [any Error] = [
            TextlessLayer(cause: corrupted), TextlessLayer(cause: TextlessLayer(cause: corrupted)),
        ]
        for language in ["en", "fr"] {
            let memoized = ErrorResolver(localization: Localization(language: language))
            let resolved = ErrorResolver(localization: Self.unmemoized(language))
            for tree in trees {
                let expected = Seen(resolved.presentation(for: tree))
                #expect(expected.title != "Draft Not Saved")
                for _ in 0..<2 {
                    #expect(Seen(memoized.presentation(for: tree)) == expected, "\(language) \(tree)")
                }
            }
        }
    }

    @Test("each presentation from a template has its own error, reference and grouping key")
    func perOccurrence() {
        let resolver = ErrorResolver(localization: Localization(language: "en"))
        let first = resolver.presentation(for: URLError(.timedOut))
        let second = resolver.presentation(for: URLError(.timedOut))
        let third = resolver.presentation(for: URLError(.timedOut))
        #expect(second.supportReference != third.supportReference)
        #expect(first.supportReference != second.supportReference)
        #expect((third.error as? URLError)?.code == .timedOut)
        #expect(third.occurrences == 1)
        #expect(third.groupingKey == first.groupingKey)
        #expect(third.groupingKey != resolver.presentation(for: URLError(.badURL)).groupingKey)
        #expect(third.localization.language == "en")
    }

    @Test("a grouping key set on a presentation from a template replaces the kept one, for that copy alone")
    func keptGroupingKeySet() {
        let resolver = ErrorResolver(localization: Localization(language: "en"))
        _ = resolver.presentation(for: URLError(.timedOut))
        var presentation = resolver.presentation(for: URLError(.timedOut))
        let copy = presentation
        presentation.groupingKey = "mine"
        #expect(presentation.groupingKey == "mine")
        #expect(copy.groupingKey == ErrorReport.groupingKey(of: URLError(.timedOut)))
        #expect(resolver.presentation(for: URLError(.timedOut)).groupingKey == copy.groupingKey)
    }

    @Test("concurrent resolutions in several languages read the right texts")
    func concurrentUse() async {
        let languages = Localization.supportedLanguages
        let expected = Dictionary(
            uniqueKeysWithValues: languages.map { language in
                (
                    language,
                    Self.leafErrors.map {
                        Seen(ErrorResolver(localization: Self.unmemoized(language)).presentation(for: $0))
                    }
                )
            })
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<24 {
                group.addTask {
                    let language = languages[task % languages.count]
                    let resolver = ErrorResolver(localization: Localization(language: language))
                    var mismatches = 0
                    for _ in 0..<20 {
                        for (index, error) in Self.leafErrors.enumerated()
                        where Seen(resolver.presentation(for: error)) != expected[language]?[index] {
                            mismatches += 1
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test("the cache are bounded: one slot per supported language, per entry")
    func bounded() throws {
        let entry = try #require(ErrorCatalog.builtInEntry(named: "network.offline"))
        for identifier in ["en", "de", "es", "fr", "ja", "zh-Hans", "it", "pt_BR", "zh_TW", "xx"] {
            let localization = Localization(language: identifier)
            let slot = try #require(localization.plainTexts?.index)
            #expect((0..<Localization.supportedLanguages.count).contains(slot))
            _ = entry.interpretation(in: localization)
            _ = ErrorResolver(localization: localization).presentation(for: URLError(.notConnectedToInternet))
        }
        // Every localization of one language shares its texts.
        #expect(Localization(language: "de_DE").plainTexts === Localization(language: "de_AT").plainTexts)
        #expect(Localization(language: "de").plainTexts?.index == 1)
    }

    @Test("built-in category texts kept per language are the ones looked up")
    func categoryTexts() {
        for language in Localization.supportedLanguages {
            let plain = Localization(language: language)
            let unmemoized = Self.unmemoized(language)
            for category in ErrorCategory.builtIn + [ErrorCategory("appOwn")] {
                #expect(category.title(in: plain) == category.title(in: unmemoized))
                #expect(category.message(in: plain) == category.message(in: unmemoized))
            }
            #expect(RecoveryOption.ok.localizedTitle(in: plain) == RecoveryOption.ok.localizedTitle(in: unmemoized))
            #expect(
                RecoveryOption.cancel.localizedTitle(in: plain) == RecoveryOption.cancel.localizedTitle(in: unmemoized))
            #expect(
                RecoveryOption.retry.localizedTitle(in: plain) == RecoveryOption.retry.localizedTitle(in: unmemoized))
        }
        #expect(ErrorCategory.builtIn.map(\.identifier) == ErrorCategory.builtInIdentifiers)
    }

    // MARK: - Errors without references

    private struct Localized: LocalizedError {
        var errorDescription: String?
        var failureReason: String?
        var recoverySuggestion: String?
        var helpAnchor: String?
    }

    private enum Plain: Error { case broken, worse }

    private struct Declared: PresentableError {
        var title: String? { "Draft Not Saved" }
        var message: String { "  " }
        var category: ErrorCategory { .externalSystemUnavailable }
        var recoveryOptions: [RecoveryOption] {
            [.retry, .retry, .cancel, .cancel, RecoveryOption(title: " try again ") { .recovered }]
        }
    }

    private struct Translated: Error {}

    /// The presentation the walk's merge makes of an error (``ErrorResolver/interpretation(of:)``), as
    /// ``ErrorResolver/presentation(for:)`` made it before single nodes skipped the walk.
    private static func walked(_ error: any Error, _ resolver: ErrorResolver) -> Seen {
        let interpretation = resolver.interpretation(of: error)
        let category = interpretation.category ?? .unknown
        return Seen(
            Presentation(
                title: interpretation.title,
                // The category's message asks to try again only beside Try Again.
                message: interpretation.message
                    ?? (interpretation.options.contains { $0.isRetry }
                        ? category.message(in: resolver.localization)
                        : category.messageWithoutRetry(in: resolver.localization)),
                detail: interpretation.detail,
                helpAnchor: interpretation.helpAnchor,
                options: interpretation.options,
                category: category,
                severity: interpretation.severity,
                style: interpretation.preferredStyle,
                icon: interpretation.icon,
                error: error,
                localization: resolver.localization
            ))
    }

    @Test("\"OK\" alone is kept per language, and an override of it wins")
    func okPerLanguage() {
        let error = Localized(errorDescription: "The forecast isn't available.")
        for _ in 0..<2 {
            #expect(
                ErrorResolver(localization: Localization(language: "es")).presentation(for: error).options.map(\.title)
                    == ["Aceptar"])
            #expect(
                ErrorResolver(localization: Localization(language: "zh-Hans")).presentation(for: error).options.map(
                    \.title) == ["好"])
            #expect(
                ErrorResolver(localization: Localization(language: "en", overrides: ["option.ok": "Got It"]))
                    .presentation(for: error).options.map(\.title) == ["Got It"])
            #expect(
                ErrorResolver(localization: Localization(language: "en")).presentation(for: Plain.worse).options.map(
                    \.title) == ["OK"])
        }
    }

    @Test("an error without references is presented as the walk merges it")
    func leavesAsWalked() {
        var catalog = ErrorCatalog.standard
        catalog.register(Translated.self) { _, _ in
            ErrorInterpretation(
                title: "Sync Failed", message: " ", category: .resourceExhausted,
                options: [.retry, RecoveryOption(title: "Open Settings") { .recovered }, .retry], isPermanent: true)
        }
        catalog.setTextTrust(.untrusted, for: Localized.self)
        let errors: [any Error] = [
            Localized(errorDescription: "The forecast isn't available.", recoverySuggestion: "Try again later."),
            Localized(failureReason: "The server is busy.", helpAnchor: "busy"),
            Localized(errorDescription: "   ", recoverySuggestion: "\n"),
            Localized(errorDescription: "The operation couldn’t be completed. (Foo error 1.)"),
            Localized(helpAnchor: "only-help"),
            Plain.broken, Declared(), Translated(), CancellationError(),
        ]
        for language in ["en", "de", "ja"] {
            for resolver in [
                ErrorResolver(localization: Localization(language: language)),
                ErrorResolver(catalog: catalog, localization: Localization(language: language)),
                ErrorResolver(localization: Self.unmemoized(language)),
            ] {
                for error in errors {
                    #expect(Seen(resolver.presentation(for: error)) == Self.walked(error, resolver), "\(error)")
                    #expect(
                        resolver.presentation(for: error).message == Self.walked(error, resolver).message, "\(error)")
                }
            }
        }
    }
}
