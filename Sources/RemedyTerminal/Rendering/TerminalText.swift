/// Makes texts from errors safe and reasonable to print in a terminal.
///
/// Error texts can come from anywhere, a server's response included, so they may hold escape
/// sequences that would recolour or rewrite the terminal, and they may be megabytes long.
package enum TerminalText {
    /// The text with control characters removed: escape sequences lose their escape character (and show
    /// as harmless text), tabs become spaces, and `\r\n` and `\r` become `\n`. Invisible characters that
    /// change how the rest of a line reads — bidirectional embeddings, overrides, isolates and marks
    /// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and other invisible format characters
    /// (zero-width space, word joiner and invisible operators, the byte order mark, interlinear
    /// annotations) — are shown escaped, as `\u{202E}`, so "txt.exe" can't pass for "exe.txt". The
    /// zero-width joiner and non-joiner stay: emoji sequences and several scripts need them.
    ///
    /// - Parameters:
    ///   - text: Any text.
    ///   - keepsNewlines: Whether newlines stay; when `false` they become spaces.
    /// - Returns: Text with no control characters but, optionally, newlines.
    package static func sanitized(_ text: some StringProtocol, keepsNewlines: Bool = true) -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar.value {
            case 0x0A:
                if previousWasCarriageReturn { continue }
                scalars.append(keepsNewlines ? "\n" : " ")
            case 0x0D, 0x85, 0x2028, 0x2029:
                scalars.append(keepsNewlines ? "\n" : " ")
            case 0x09:
                scalars.append(" ")
            case 0x00..<0x20, 0x7F..<0xA0:
                continue
            case 0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069,
                0xFEFF, 0xFFF9...0xFFFB:
                scalars.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// The start of a text, at most `limit` characters long, and whether anything was cut.
    ///
    /// Only the kept part is walked, so a 5 MB text costs no more than a short one.
    ///
    /// - Parameters:
    ///   - text: Any text.
    ///   - limit: The most characters (grapheme clusters) to keep.
    /// - Returns: The kept text and whether the text was longer.
    package static func prefix(_ text: String, limit: Int) -> (text: Substring, isShortened: Bool) {
        guard let end = text.index(text.startIndex, offsetBy: max(0, limit), limitedBy: text.endIndex) else {
            return (text[...], false)
        }
        return (text[..<end], end < text.endIndex)
    }

    /// The text sanitized and shortened to `limit` characters, with an ellipsis when shortened.
    ///
    /// - Parameters:
    ///   - text: Any text.
    ///   - limit: The most characters to keep before the ellipsis.
    ///   - keepsNewlines: Whether newlines stay.
    /// - Returns: Printable text.
    package static func printable(_ text: String, limit: Int, keepsNewlines: Bool = true) -> String {
        let (start, isCut) = prefix(text, limit: limit)
        var kept = start
        var isShortened = isCut
        // A character can hold any number of combining marks; cap the scalars too.
        let scalarLimit = max(0, limit) * 4
        if kept.unicodeScalars.count > scalarLimit {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: kept.unicodeScalars.prefix(scalarLimit))
            kept = Substring(String(scalars))
            isShortened = true
        }
        let clean = sanitized(kept, keepsNewlines: keepsNewlines)
        return isShortened ? clean + "…" : clean
    }
}
