/// Wraps text into lines of at most a number of terminal columns.
///
/// Lines break at white space. A word wider than a whole line is broken between characters, and so is
/// Chinese and Japanese text (written without spaces, or with a few around numbers and Latin words), which
/// fills each line — no closing punctuation at a line's start, no opening bracket at its end — except a URL, which is never
/// split: it gets a line of its own even when that line is too long, so it can still be copied and
/// opened. Widths are measured with ``DisplayWidth``, so wide characters and emoji count as two
/// columns. Newlines in the text start new paragraphs; blank lines are kept, at most one in a row.
///
/// The work is linear in the length of the text.
package struct TextWrapper: Sendable {
    /// The most columns a line may take (at least 1).
    package var width: Int

    /// Creates a wrapper.
    ///
    /// - Parameter width: The most columns a line may take; values below 1 count as 1.
    package init(width: Int) {
        self.width = max(1, width)
    }

    /// Wraps text into lines, without trailing white space.
    ///
    /// - Parameter text: The text; newlines separate paragraphs.
    /// - Returns: The lines; an empty text gives no lines.
    package func wrap(_ text: String) -> [String] {
        var lines: [String] = []
        var previousWasBlank = true
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var paragraphLines: [String] = []
            wrap(paragraph, into: &paragraphLines)
            if paragraphLines.isEmpty {
                if !previousWasBlank { lines.append("") }
                previousWasBlank = true
            } else {
                lines += paragraphLines
                previousWasBlank = false
            }
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Whether a word is a URL (or an address like one), which must never be split.
    package static func isURL(_ word: Substring) -> Bool {
        word.contains("://") || word.hasPrefix("www.") || word.hasPrefix("mailto:")
    }

    /// Characters that must not start a line (the core of the Japanese and Chinese line-breaking rules).
    private static let closingPunctuation: Set<Character> = [
        "、", "。", "，", "．", "：", "；", "！", "？", "）", "」", "』", "】", "〕", "〉", "》", "ー", "…",
        ",", ".", ":", ";", "!", "?", ")", "]", "}",
    ]

    /// Whether a word is Chinese or Japanese text, which breaks between any two characters (but for the
    /// punctuation rules): a run between spaces fills what is left of a line instead of starting a new one.
    static func breaksBetweenCharacters(_ word: Substring) -> Bool {
        word.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF: true
            default: false
            }
        }
    }

    /// Characters that must not end a line.
    private static let openingPunctuation: Set<Character> = ["（", "「", "『", "【", "〔", "〈", "《", "(", "[", "{"]

    // MARK: - Wrapping one paragraph

    private func wrap(_ paragraph: Substring, into lines: inout [String]) {
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(whereSeparator: \.isWhitespace) {
            let wordWidth = DisplayWidth.of(word)
            let separator = lineWidth == 0 ? 0 : 1
            if lineWidth + separator + wordWidth <= width {
                if separator == 1 { line += " " }
                line += word
                lineWidth += separator + wordWidth
                continue
            }
            if (wordWidth <= width && !Self.breaksBetweenCharacters(word)) || Self.isURL(word) {
                // Starts a new line; a URL too wide for any line stands alone on its own.
                if lineWidth > 0 { lines.append(line) }
                line = String(word)
                lineWidth = wordWidth
                if wordWidth > width {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                continue
            }
            // A word wider than any line: fill what's left of this line, then whole lines.
            if lineWidth > 0 {
                let firstWidth = word.first.map(DisplayWidth.of) ?? 0
                if lineWidth + 1 + firstWidth <= width {
                    line += " "
                    lineWidth += 1
                } else {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
            }
            for character in word {
                let characterWidth = DisplayWidth.of(character)
                if lineWidth + characterWidth > width, lineWidth > 0 {
                    // Closing punctuation (。、」…) never starts a line: the characters before it move along, back
                    // to one that may (`）。` moves with the word before it); an opening bracket never ends one.
                    var carried = ""
                    if Self.closingPunctuation.contains(character) {
                        while line.count > 1, let last = line.popLast() {
                            carried.insert(last, at: carried.startIndex)
                            if !Self.closingPunctuation.contains(last) { break }
                        }
                    }
                    while line.count > 1, let last = line.last, Self.openingPunctuation.contains(last) {
                        carried.insert(line.removeLast(), at: carried.startIndex)
                    }
                    lines.append(line)
                    line = carried
                    lineWidth = DisplayWidth.of(carried)
                }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        if lineWidth > 0 || !line.isEmpty { lines.append(line) }
    }
}
