import Foundation
import Remedy
import Testing

/// The built-in texts themselves: complete in every language, translated, short and calm.
struct CatalogTextTests {
    /// Words that may stay as in English inside a translation: proper nouns, loanwords and words that
    /// German or French spell the same way.
    static let sharedWords: Set<String> = [
        "internet", "wi-fi", "utf-8", "app", "ok", "online", "server", "service", "support", "administrator",
        "quota", "moment", "text", "name", "format", "problem", "system", "action", "session",
    ]

    /// The catalog's table of a language, read from the source tree (every key, not only the ones an
    /// entry asks for).
    static func sourceTable(_ language: String) throws -> [String: String] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/Remedy/Resources/\(language).lproj/Catalog.strings")
        let data = try Data(contentsOf: url)
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
        return try #require(plist as? [String: String])
    }

    static var entryKeys: Set<String> {
        Set(
            ErrorCatalog.builtInEntries.flatMap {
                [$0.titleKey, $0.messageKey] + $0.namedMessageKeys + [$0.messageWithoutRetryKey].compactMap { $0 }
            }
        )
        .union(locationKeys)
    }

    /// The sentences that name a place in a document, after an entry's message.
    static let locationKeys: Set<String> = [
        "catalog.location.line", "catalog.location.lineColumn", "catalog.location.codingPath",
    ]

    /// The placeholders of a text, in order: `%@`, `%1$@`…
    static func placeholders(_ text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "%") {
            let tail = rest[start...]
            let end = tail.firstIndex(of: "@").map { tail.index(after: $0) } ?? tail.index(after: start)
            found.append(String(tail[..<end]))
            rest = tail[end...]
        }
        return found
    }

    @Test(arguments: CatalogFixtures.languages)
    func tableHasExactlyTheEntriesKeys(_ language: String) throws {
        let table = try Self.sourceTable(language)
        let keys = Set(table.keys)
        #expect(keys.subtracting(Self.entryKeys).sorted() == [], "keys no entry uses")
        #expect(Self.entryKeys.subtracting(keys).sorted() == [], "missing keys")
        #expect(keys.allSatisfy { $0.hasPrefix("catalog.") })
        let english = try Self.sourceTable("en")
        let named = Set(ErrorCatalog.builtInEntries.flatMap(\.namedMessageKeys)).union(Self.locationKeys)
        for (key, text) in table {
            #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(language) \(key) is blank")
            if named.contains(key) {
                // Named variants fill in the thing they name; a translation keeps every placeholder.
                #expect(!Self.placeholders(text).isEmpty, "\(language) \(key) names nothing")
                #expect(
                    Self.placeholders(text).sorted() == Self.placeholders(english[key] ?? "").sorted(),
                    "\(language) \(key) changes the placeholders")
            } else {
                #expect(!text.contains("%"), "\(language) \(key) has a placeholder")
            }
        }
    }

    @Test(arguments: CatalogFixtures.languages)
    func everyEntryHasItsOwnTextInEveryLanguage(_ language: String) {
        let localization = CatalogFixtures.localization(language)
        #expect(localization.language == language)
        for key in Self.entryKeys.sorted() {
            #expect(localization.hasOwnText(forKey: key), "\(language) lacks \(key)")
        }
        #expect(Localization.allKeys.filter { $0.hasPrefix("catalog.") } == Self.entryKeys)
    }

    @Test(arguments: CatalogFixtures.languages.filter { $0 != "en" })
    func noTextIsLeftInEnglish(_ language: String) throws {
        let english = try Self.sourceTable("en")
        let translated = try Self.sourceTable(language)
        for (key, englishText) in english {
            let text = try #require(translated[key])
            #expect(text != englishText, "\(language) \(key) is the English text")
            let leftovers = Self.words(of: text).intersection(Self.words(of: englishText))
                .filter { $0.count >= 4 && !Self.sharedWords.contains($0) }
            #expect(leftovers.isEmpty, "\(language) \(key) keeps English words: \(leftovers.sorted())")
        }
    }

    @Test(arguments: CatalogFixtures.languages)
    func messagesAreAtMostTwoSentences(_ language: String) throws {
        let table = try Self.sourceTable(language)
        for (key, text) in table where key.hasSuffix(".message") || key.hasSuffix(".noRetry") {
            let sentences = Self.sentenceCount(of: text)
            #expect((1...2).contains(sentences), "\(language) \(key) has \(sentences) sentences")
            #expect(text.last.map { ".。".contains($0) } == true, "\(language) \(key) doesn't end a sentence")
            #expect(text.count <= 200, "\(language) \(key) is \(text.count) characters")
        }
    }

    @Test(arguments: CatalogFixtures.languages)
    func titlesAreShortAndUnpunctuated(_ language: String) throws {
        let table = try Self.sourceTable(language)
        for (key, text) in table where key.hasSuffix(".title") {
            #expect(text.count <= 40, "\(language) \(key) is \(text.count) characters")
            #expect(text.last.map { ".。!！".contains($0) } == false, "\(language) \(key) ends in punctuation")
        }
    }

    @Test(arguments: CatalogFixtures.languages)
    func textsAreCalmAndBlameNobody(_ language: String) throws {
        let table = try Self.sourceTable(language)
        for (key, text) in table {
            #expect(!text.contains("!") && !text.contains("！"), "\(language) \(key) exclaims")
        }
        guard language == "en" else { return }
        let blaming = ["illegal", "fatal", "error", "oops", "fault", "you must", "you entered", "your mistake"]
        for (key, text) in table {
            let lowered = text.lowercased()
            #expect(!blaming.contains { lowered.contains($0) }, "\(key) sounds alarming or blaming: \(text)")
        }
    }

    @Test(arguments: CatalogFixtures.languages)
    func entriesAreTellApartInEveryLanguage(_ language: String) {
        let localization = CatalogFixtures.localization(language)
        let messages = ErrorCatalog.builtInEntries.map { localization.string(forKey: $0.messageKey) }
        #expect(Set(messages).count == messages.count, "two entries share a message in \(language)")
    }

    // MARK: - Helpers

    static func words(of text: String) -> Set<String> {
        Set(
            text.lowercased()
                .split { !($0.isLetter || $0.isNumber || $0 == "-") }
                .map(String.init)
        )
    }

    /// Sentences end in `.` followed by a space or the end (Latin scripts), or in `。`.
    static func sentenceCount(of text: String) -> Int {
        let characters = Array(text)
        var count = 0
        for (index, character) in characters.enumerated() {
            if character == "。" {
                count += 1
            } else if character == "." || character == "?" {
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                if next == " " { count += 1 }
            }
        }
        return count
    }
}
