import Foundation

extension String {
    /// Whether the string is empty or only white space and newlines.
    ///
    /// The same as `allSatisfy(\.isWhitespace)`, reading bytes while they are ASCII: texts nearly always
    /// start with an ASCII letter, which settles it at once. An ASCII byte after ASCII white space starts
    /// a character of its own; a non-ASCII one may be a combining mark of the white space before it, so
    /// it takes the character-level path.
    package var isBlank: Bool {
        for byte in utf8 {
            guard byte < 0x80 else { return allSatisfy(\.isWhitespace) }
            guard byte.isASCIIWhiteSpaceOrNewline else { return false }
        }
        return true
    }

    /// How two option titles compare for duplicates: trimmed and case-insensitive.
    ///
    /// Titles are nearly always ASCII, trimmed here by their bytes: Foundation's trimming, which the rest
    /// takes, is a large part of a failed request's cost on a server (`server.failure.problemDetails.*`,
    /// in `Benchmarks/README.md`). In ASCII,
    /// Foundation's white space and newlines are tab, line feed, vertical tab, form feed, carriage return
    /// and space.
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

    /// Whether two option titles have the same ``titleIdentity``.
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
    /// Whether the byte is ASCII white space or a newline as Foundation's `whitespacesAndNewlines` has
    /// them: tab, line feed, vertical tab, form feed, carriage return and space.
    fileprivate var isASCIIWhiteSpaceOrNewline: Bool {
        self == 0x20 || (0x09...0x0D).contains(self)
    }
}
