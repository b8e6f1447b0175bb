import Foundation

extension String {
    /// Whether the string is empty or only white space and newlines: `allSatisfy(\.isWhitespace)`.
    // A non-ASCII byte may be a combining mark of the white space before it: characters decide then.
    package var isBlank: Bool {
        for byte in utf8 {
            guard byte < 0x80 else { return allSatisfy(\.isWhitespace) }
            guard byte.isASCIIWhiteSpaceOrNewline else { return false }
        }
        return true
    }

    /// How two option titles compare for duplicates: trimmed and case-insensitive.
    // ASCII titles are trimmed by their bytes: Foundation's trimming is a large part of a failed request's
    // cost on a server (`server.failure.retryAfter`, Benchmarks/README.md).
    package var titleIdentity: String {
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        }
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, utf8[start].isASCIIWhiteSpaceOrNewline { start = utf8.index(after: start) }
        while start < end, utf8[utf8.index(before: end)].isASCIIWhiteSpaceOrNewline { end = utf8.index(before: end) }
        return self[start..<end].lowercased()
    }

    package func hasSameTitleIdentity(as other: String) -> Bool {
        titleIdentity == other.titleIdentity
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

extension UInt8 {
    /// Foundation's `whitespacesAndNewlines` in ASCII.
    fileprivate var isASCIIWhiteSpaceOrNewline: Bool {
        self == 0x20 || (0x09...0x0D).contains(self)
    }
}
