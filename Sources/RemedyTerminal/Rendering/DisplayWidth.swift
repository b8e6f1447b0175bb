/// How many terminal columns text takes: wide characters (CJK, fullwidth forms, emoji) take two,
/// combining marks and zero-width characters none, everything else one.
///
/// The widths follow Unicode's East Asian Width property (wide and fullwidth ranges) and emoji
/// presentation, measured per grapheme cluster, which is what terminals draw as one cell or two.
/// Characters of ambiguous width count as one column, as Western terminals draw them.
package enum DisplayWidth {
    /// The columns one grapheme cluster takes: 0, 1 or 2.
    package static func of(_ character: Character) -> Int {
        // Fast path: printable ASCII.
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
        }
        var width = 0
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F {
                // Variation selector 16 asks for emoji presentation: two columns.
                return 2
            }
            let scalarWidth = of(scalar)
            if scalarWidth == 2 { return 2 }
            width = max(width, scalarWidth)
        }
        return width
    }

    /// The columns a string takes.
    package static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text {
            total += of(character)
        }
        return total
    }

    /// The columns one scalar takes on its own: 0, 1 or 2.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    /// Whether a code point is East Asian Wide or Fullwidth, other than emoji (which are measured by their
    /// emoji presentation): Unicode 15's ranges, condensed into blocks.
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Sorted, non-overlapping ranges of wide and fullwidth code points.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
        0x3400...0x4DBF,  // CJK unified ideographs extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,
        0x17000...0x18CFF,  // Tangut
        0x1AFF0...0x1B2FF,  // Kana extensions, Nushu
        0x1F200...0x1F202,  // enclosed ideographic supplement (emoji are measured by presentation)
        0x1F210...0x1F23B,
        0x1F240...0x1F248,
        0x1F250...0x1F251,
        0x20000...0x2FFFD,  // CJK unified ideographs extensions B–F
        0x30000...0x3FFFD,  // CJK unified ideographs extension G and beyond
    ]
}
