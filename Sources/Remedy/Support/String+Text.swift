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
    /// The same as `trimmingCharacters(in: .whitespacesAndNewlines).lowercased()`, which costs more than
    /// the rest of an option's normalization; titles are nearly always ASCII, where trimming and
    /// lowercasing work on bytes. In ASCII, Foundation's white space and newlines are tab, line feed,
    /// vertical tab, form feed, carriage return and space, and lowercasing maps `A`–`Z` to `a`–`z` only.
    package var titleIdentity: String {
        if let identity = utf8.withContiguousStorageIfAvailable(Self.asciiTitleIdentity), let identity {
            return identity
        }
        return trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Whether two option titles have the same ``titleIdentity``, without making either identity when both
    /// are ASCII.
    package func hasSameTitleIdentity(as other: String) -> Bool {
        let ascii = utf8.withContiguousStorageIfAvailable { lhs in
            other.utf8.withContiguousStorageIfAvailable { rhs in Self.asciiTitleIdentitiesEqual(lhs, rhs) }
        }
        if let ascii, let ascii, let equal = ascii { return equal }
        return titleIdentity == other.titleIdentity
    }

    /// Whether two ASCII texts have the same title identity; `nil` when either isn't ASCII (a character
    /// beyond ASCII may trim or lowercase to ASCII: the Kelvin sign lowercases to `k`).
    private static func asciiTitleIdentitiesEqual(
        _ lhs: UnsafeBufferPointer<UInt8>,
        _ rhs: UnsafeBufferPointer<UInt8>
    ) -> Bool? {
        let left = asciiTrimmedRange(lhs)
        let right = asciiTrimmedRange(rhs)
        var equal = left.count == right.count
        var index = 0
        // Every byte is looked at, to tell ASCII from other text, whatever is found on the way.
        while index < Swift.max(left.count, right.count) {
            if index < left.count {
                let byte = lhs[left.lowerBound + index]
                guard byte < 0x80 else { return nil }
                if equal, index < right.count, rhs[right.lowerBound + index].asciiLowercased != byte.asciiLowercased {
                    equal = false
                }
            }
            if index < right.count, rhs[right.lowerBound + index] >= 0x80 { return nil }
            index += 1
        }
        return equal
    }

    /// The range of bytes without leading and trailing ASCII white space and newlines.
    private static func asciiTrimmedRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start].isASCIIWhiteSpaceOrNewline { start += 1 }
        while start < end, bytes[end - 1].isASCIIWhiteSpaceOrNewline { end -= 1 }
        return start..<end
    }

    /// The title identity of ASCII text, or `nil` when the text isn't ASCII.
    private static func asciiTitleIdentity(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start].isASCIIWhiteSpaceOrNewline { start += 1 }
        while start < end, bytes[end - 1].isASCIIWhiteSpaceOrNewline { end -= 1 }
        let trimmed = bytes[start..<end]
        var hasUppercase = false
        for byte in trimmed {
            // Bytes trimmed off are ASCII, so this sees every non-ASCII byte of the text.
            guard byte < 0x80 else { return nil }
            if byte.isASCIIUppercase { hasUppercase = true }
        }
        guard hasUppercase else { return String(decoding: UnsafeBufferPointer(rebasing: trimmed), as: UTF8.self) }
        return String(unsafeUninitializedCapacity: trimmed.count) { buffer in
            buffer.initialize(fromContentsOf: trimmed.lazy.map { $0.asciiLowercased })
        }
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

    fileprivate var isASCIIUppercase: Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
    }

    /// The byte with `A`–`Z` mapped to `a`–`z`.
    fileprivate var asciiLowercased: UInt8 {
        isASCIIUppercase ? self + 0x20 : self
    }
}
