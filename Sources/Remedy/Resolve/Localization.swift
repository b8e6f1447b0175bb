import Foundation

/// The language of Remedy's own texts, and the app's overrides of them.
///
/// Remedy ships its texts (category titles, "OK", "Cancel", "Try Again", generic and catalog messages)
/// as `.lproj` string tables in English and the languages of ``supportedLanguages``. A localization
/// picks one of them from a `Locale`, falling back to English, and works the same on Linux and Apple
/// platforms because it selects the language's bundle explicitly.
///
/// Set the language once, on the root scope (`ErrorScope.root(presenter:localization:)`): every
/// ``Presentation`` carries the localization it was made with, and presenters take their own texts
/// from it. By default the language is the program's (see ``preferredLocale``).
///
/// Apps override any text, or add a language, in two ways: a dictionary of texts by key, or a string
/// table of their own in `.lproj` folders of a bundle (looked up before Remedy's in the same language):
///
/// ```swift
/// let localization = Localization(
///     locale: Locale(identifier: "it"),
///     overrides: ["option.tryAgain": "Riprova"],
///     bundle: .main,
///     table: "Remedy"
/// )
/// ```
public struct Localization: Sendable {
    /// The languages Remedy ships texts for, as `.lproj` names.
    public static let supportedLanguages = ["en", "de", "es", "fr", "ja", "zh-Hans"]

    /// The locale this localization was made for.
    package var locale: Locale { storage.locale }
    /// The `.lproj` language chosen from the locale this localization was made for, among Remedy's
    /// ``supportedLanguages``.
    public var language: String { storage.own.language }
    /// Texts by key that win over every table.
    package var overrides: [String: String] {
        get { storage.overrides }
        set { storage = storage.with(overrides: newValue) }
    }
    /// Immutable: setting the overrides replaces it.
    private var storage: Storage

    /// Whether two localizations are copies of one.
    package func isSame(as other: Localization) -> Bool {
        storage === other.storage
    }

    private final class Storage: Sendable {
        let locale: Locale
        let overrides: [String: String]
        let appTable: AppTable?
        let own: LanguageTexts
        let english: LanguageTexts
        let isPlain: Bool

        init(
            locale: Locale,
            overrides: [String: String],
            appTable: AppTable?,
            own: LanguageTexts,
            english: LanguageTexts
        ) {
            self.locale = locale
            self.overrides = overrides
            self.appTable = appTable
            self.own = own
            self.english = english
            self.isPlain = overrides.isEmpty && appTable == nil
        }

        func with(overrides: [String: String]) -> Storage {
            Storage(locale: locale, overrides: overrides, appTable: appTable, own: own, english: english)
        }
    }

    /// Creates a localization.
    ///
    /// - Parameters:
    ///   - locale: The locale whose language to use. Default: ``preferredLocale``, the program's language.
    ///   - overrides: Texts by key that win over every table.
    ///   - bundle: A bundle of the app's with `.lproj` tables. Its table in the locale's language is
    ///     looked up before Remedy's, and may be a language Remedy doesn't ship; its `en.lproj` (or
    ///     `Base.lproj`) table is looked up after Remedy's table in the locale's language.
    ///   - table: The name of the app's table in `bundle` (without `.strings`). Default: `"Remedy"`.
    public init(
        locale: Locale = Localization.preferredLocale,
        overrides: [String: String] = [:],
        bundle: Bundle? = nil,
        table: String = "Remedy"
    ) {
        let language = Self.language(for: locale)
        let english = StringTables.shared.texts(for: "en")
        self.storage = Storage(
            locale: locale,
            overrides: overrides,
            appTable: bundle.map { AppTable(bundle: $0, table: table, locale: locale) },
            own: language == "en" ? english : StringTables.shared.texts(for: language),
            english: english
        )
    }

    /// Remedy's texts when they are all this localization reads (no overrides, no app table).
    var plainTexts: LanguageTexts? {
        storage.isPlain ? storage.own : nil
    }

    /// Creates a localization for a language.
    ///
    /// ```swift
    /// let root = ErrorScope.root(presenter: TerminalPresenter(), localization: Localization(language: "de"))
    /// ```
    ///
    /// - Parameters:
    ///   - language: A language code (`"de"`, `"ja"`, `"zh-Hans"`), or a POSIX locale name
    ///     (`"de_DE.UTF-8"`); an unknown language falls back to English.
    ///   - overrides: Texts by key that win over every table.
    public init(language: String, overrides: [String: String] = [:]) {
        self.init(locale: Locale(identifier: Self.localeIdentifier(posix: language) ?? "en"), overrides: overrides)
    }

    /// A localization for the program's language (read once, at first use), with no overrides.
    public static let `default` = Localization()

    // MARK: - The program's language

    /// The program's language, as a person would expect it.
    ///
    /// - On Linux and other non-Apple systems, the POSIX environment, as gettext reads it: the first of
    ///   `LC_ALL`, `LC_MESSAGES` and `LANG` that is set; then, unless that locale is `C` or `POSIX`, the
    ///   colon-separated `LANGUAGE` list takes precedence, its first language that Remedy ships winning.
    ///   (Foundation's `Locale.current` is `en_001` there whatever the environment says.)
    /// - On Apple platforms, the app's own preferred localization (`Bundle.main.preferredLocalizations`),
    ///   so an app that ships only English doesn't show German alerts on a German system.
    public static var preferredLocale: Locale {
        #if canImport(Darwin)
        let language = Bundle.main.preferredLocalizations.first ?? "en"
        return Locale(identifier: language)
        #else
        return preferredLocale(environment: ProcessInfo.processInfo.environment)
        #endif
    }

    /// As gettext reads the environment (see ``preferredLocale``); English for `C`, `POSIX` or nothing set.
    package static func preferredLocale(environment: [String: String]) -> Locale {
        let messages = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
            .compactMap { environment[$0] }
            .first { !$0.isEmpty }
        guard let messages, let identifier = localeIdentifier(posix: messages) else {
            // "C" or nothing: gettext ignores LANGUAGE then, and so does Remedy.
            return Locale(identifier: "en")
        }
        let list = (environment["LANGUAGE"] ?? "").split(separator: ":").compactMap {
            localeIdentifier(posix: String($0))
        }
        for candidate in list where language(for: Locale(identifier: candidate)) != "en" || candidate.hasPrefix("en") {
            return Locale(identifier: candidate)
        }
        return Locale(identifier: identifier)
    }

    /// `de_DE.UTF-8@euro` → `de_DE`; `nil` for `C`, `POSIX` and blanks.
    static func localeIdentifier(posix name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        let base = trimmed.prefix { $0 != "." && $0 != "@" }
        guard !base.isEmpty, base != "C", base != "POSIX" else { return nil }
        return String(base)
    }

    /// The text for a key of Remedy's string table.
    ///
    /// Lookup order: the overrides; the app's table in the locale's language; Remedy's table in
    /// ``language``; the app's English (or Base) table; Remedy's English table. Then `fallbackKey` in the
    /// same order, then the key itself (so a missing text is visible in tests, never an empty string).
    ///
    /// - Parameters:
    ///   - key: The key, for example `"option.tryAgain"`.
    ///   - fallbackKey: A key to use when `key` has no text anywhere.
    /// - Returns: The localized text.
    package func string(forKey key: String, fallbackKey: String? = nil) -> String {
        if let text = lookup(key) { return text }
        if let fallbackKey, let text = lookup(fallbackKey) { return text }
        return key
    }

    /// The text for a key, with `%@`-style arguments filled in.
    ///
    /// - Parameters:
    ///   - key: The key of a text with `%@` placeholders.
    ///   - arguments: The values for the placeholders, in order.
    /// - Returns: The localized, formatted text.
    public func string(forKey key: String, _ arguments: any CVarArg...) -> String {
        String(format: string(forKey: key), locale: locale, arguments: arguments)
    }

    /// Whether the language's own table has the key, without English behind it.
    package func hasOwnText(forKey key: String) -> Bool {
        storage.own.table[key] != nil
    }

    package static var allKeys: Set<String> {
        Set(StringTables.shared.texts(for: "en").table.keys)
    }

    private func lookup(_ key: String) -> String? {
        let storage = storage
        if !storage.overrides.isEmpty, let text = storage.overrides[key] { return text }
        guard let appTable = storage.appTable else { return storage.own.text(forKey: key) }
        if let text = appTable.localized[key] { return text }
        // Remedy's own text in the locale's language beats the app's English or Base text: an app that
        // only rewords English must not turn a German alert half English.
        if !storage.own.isEnglish, let text = storage.own.table[key] { return text }
        if let text = appTable.fallback[key] { return text }
        return storage.english.table[key]
    }

    static func language(for locale: Locale) -> String {
        guard let code = locale.language.languageCode?.identifier else { return "en" }
        if code == "zh" {
            // Simplified Chinese unless the locale says Traditional (script Hant, or TW / HK / MO).
            let script = locale.language.script?.identifier
            let region = locale.region?.identifier
            let traditional = script == "Hant" || ["TW", "HK", "MO"].contains(region ?? "")
            return traditional ? "en" : "zh-Hans"
        }
        return supportedLanguages.contains(code) ? code : "en"
    }
}

/// The app's string table: in the language closest to a locale, and its English (or Base) fallback.
private struct AppTable: Sendable {
    let localized: [String: String]
    /// `en.lproj` (else `Base.lproj`), read after Remedy's own table in the locale's language.
    let fallback: [String: String]

    init(bundle: Bundle, table: String, locale: Locale) {
        let code = locale.language.languageCode?.identifier
        let script = locale.language.script?.identifier
        let region = locale.region?.identifier
        let candidates: [String?] = [
            code.flatMap { code in script.map { "\(code)-\($0)" } },
            code.flatMap { code in region.map { "\(code)-\($0)" } },
            code.flatMap { code in region.map { "\(code)_\($0)" } },
            locale.identifier,
            code,
        ]
        func load(_ names: [String?]) -> [String: String]? {
            for case let name? in names where !name.isEmpty {
                if let path = StringTables.lprojPath(for: name, in: bundle),
                    let loaded = StringTables.load(table: table, at: URL(fileURLWithPath: path))
                {
                    return loaded
                }
            }
            return nil
        }
        self.localized = code == "en" ? [:] : load(candidates) ?? [:]
        self.fallback = load(code == "en" ? candidates + ["en", "Base"] : ["en", "Base"]) ?? [:]
    }
}
