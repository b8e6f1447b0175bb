import Foundation

extension String {
    /// Whether the string is empty or only white space and newlines.
    var isBlank: Bool {
        allSatisfy(\.isWhitespace)
    }

    /// How two option titles compare for duplicates: trimmed and case-insensitive.
    var titleIdentity: String {
        trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The start of the string, quoted, for debug descriptions that must stay short for huge texts.
    var debugDescriptionPrefix: String {
        let limit = 200
        guard utf8.count > limit else { return String(reflecting: self) }
        return String(reflecting: String(prefix(limit))) + "… (\(utf8.count) bytes)"
    }
}

extension String? {
    /// The string, or `nil` when it is `nil` or blank.
    var nonBlank: String? {
        guard let self, !self.isBlank else { return nil }
        return self
    }
}
