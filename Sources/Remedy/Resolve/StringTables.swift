import Foundation

/// Remedy's own string tables, loaded once per language and kept for the life of the process. Every
/// `.strings` file of a language's folder is merged into one table (keys carry a prefix per area). The
/// folder is found with `Bundle.path(forResource:ofType:)`, which works on Linux where `localizations` doesn't.
final class StringTables: Sendable {
    static let shared = StringTables()

    private let cache = LockedValue<[String: LanguageTexts]>([:])

    func texts(for language: String) -> LanguageTexts {
        if let texts = cache.withLock({ $0[language] }) { return texts }
        let english = language == "en" ? nil : texts(for: "en")
        let loaded = LanguageTexts(language: language, table: Self.loadBuiltIn(language: language), english: english)
        return cache.withLock { cache in
            if let existing = cache[language] { return existing }
            cache[language] = loaded
            return loaded
        }
    }

    private static func loadBuiltIn(language: String) -> [String: String] {
        guard let path = lprojPath(for: language, in: .module) else { return [:] }
        let folder = URL(fileURLWithPath: path)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        var merged: [String: String] = [:]
        for file in files.sorted() where file.hasSuffix(".strings") {
            let table = String(file.dropLast(".strings".count))
            merged.merge(load(table: table, at: folder) ?? [:]) { first, _ in first }
        }
        return merged
    }

    /// SwiftPM copies `.lproj` folders under lower-case names (`zh-hans.lproj`), and Linux file systems
    /// tell case apart, so the lower-case name is tried too.
    static func lprojPath(for language: String, in bundle: Bundle) -> String? {
        bundle.path(forResource: language, ofType: "lproj")
            ?? bundle.path(forResource: language.lowercased(), ofType: "lproj")
    }

    static func load(table: String, at lproj: URL) -> [String: String]? {
        let url = lproj.appendingPathComponent("\(table).strings")
        guard let data = try? Data(contentsOf: url),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
        else { return nil }
        return plist as? [String: String]
    }
}

/// Remedy's texts in one language, with English behind them, shared by every ``Localization`` of it.
final class LanguageTexts: Sendable {
    let language: String
    let index: Int?
    let isEnglish: Bool
    let table: [String: String]
    private let englishTable: [String: String]
    /// Looked up once: nearly every presentation reads them.
    let okTitle: String
    let cancelTitle: String
    let retryTitle: String
    /// In the order of ``ErrorCategory/builtInIdentifiers``.
    let categoryTexts: [(title: String, message: String, messageWithoutRetry: String)]

    init(language: String, table: [String: String], english: LanguageTexts?) {
        self.language = language
        self.index = Localization.supportedLanguages.firstIndex(of: language)
        self.isEnglish = english == nil
        self.table = table
        let englishTable = english?.table ?? table
        self.englishTable = englishTable
        func text(_ key: String) -> String? {
            if english != nil, let text = table[key] { return text }
            return englishTable[key]
        }
        okTitle = text(RecoveryOption.okKey) ?? RecoveryOption.okKey
        cancelTitle = text(RecoveryOption.cancelKey) ?? RecoveryOption.cancelKey
        retryTitle = text(RecoveryOption.retryKey) ?? RecoveryOption.retryKey
        // As `ErrorCategory.title(in:)` and `message(in:)` look them up: the key, then the unknown category's.
        categoryTexts = ErrorCategory.builtInIdentifiers.map { identifier in
            let titleKey = "category.\(identifier).title"
            let messageKey = "category.\(identifier).message"
            let message = text(messageKey) ?? text(ErrorCategory.unknownMessageKey) ?? messageKey
            return (
                text(titleKey) ?? text(ErrorCategory.unknownTitleKey) ?? titleKey,
                message,
                text(messageKey + ErrorCategory.withoutRetrySuffix) ?? message
            )
        }
    }

    func text(forKey key: String) -> String? {
        if !isEnglish, let text = table[key] { return text }
        return englishTable[key]
    }
}
