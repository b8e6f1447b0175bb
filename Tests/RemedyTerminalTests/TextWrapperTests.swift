import RemedyTerminal
import Testing

struct TextWrapperTests {
    @Test func wrapsAtWordsWithinTheWidth() {
        let lines = TextWrapper(width: 16).wrap("The quick brown fox jumps over the lazy dog.")
        #expect(lines == ["The quick brown", "fox jumps over", "the lazy dog."])
    }

    @Test func urlIsNeverSplitAndStandsAlone() {
        let url = "https://example.com/a/very/long/path/that/does/not/fit?query=1"
        let lines = TextWrapper(width: 20).wrap("See \(url) for help.")
        #expect(lines == ["See", url, "for help."])
    }

    @Test(arguments: ["www.example.com/some/long/path/here", "mailto:someone.with.a.long.name@example.com"])
    func addressesLikeURLsAreNeverSplit(address: String) {
        #expect(TextWrapper(width: 10).wrap(address) == [address])
    }

    @Test func longWordIsBrokenBetweenCharacters() {
        let lines = TextWrapper(width: 10).wrap("ok Donaudampfschifffahrt")
        #expect(lines == ["ok Donauda", "mpfschifff", "ahrt"])
    }

    @Test func chineseBreaksBetweenCharactersAndCountsTwoColumns() {
        let text = "目前无法访问应用所需的服务。请稍后重试。"
        let lines = TextWrapper(width: 10).wrap(text)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 10 })
        #expect(lines.joined() == text)
        #expect(lines.first == "目前无法访")
    }

    @Test func closingPunctuationNeverStartsALine() {
        // Without the rule, "。" would start the second line.
        let lines = TextWrapper(width: 8).wrap("あいうえ。かきくけこ")
        #expect(lines == ["あいう", "え。かき", "くけこ"])
    }

    @Test func aRunOfClosingPunctuationMovesWithTheCharacterBeforeIt() {
        // The demo's fatal explanation: the break falls on "。" after "）", and neither may start a line.
        let text = "ファイルがあります（壊れたインストール）。そのためフォルダの作成は失敗します。"
        for width in 8...40 {
            let lines = TextWrapper(width: width).wrap(text)
            #expect(lines.joined() == text)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
            #expect(lines.dropFirst().allSatisfy { !"）。、".contains($0.first ?? " ") }, "width \(width): \(lines)")
            #expect(lines.dropLast().allSatisfy { $0.last != "（" }, "width \(width): \(lines)")
        }
        #expect(TextWrapper(width: 40).wrap(text).first == "ファイルがあります（壊れたインストー")
    }

    @Test func emojiCountTwoColumns() {
        let lines = TextWrapper(width: 6).wrap("🙂🙂🙂🙂")
        #expect(lines == ["🙂🙂🙂", "🙂"])
    }

    @Test func paragraphsAreKeptAndBlankLinesCollapsed() {
        let lines = TextWrapper(width: 40).wrap("\n\nFirst.\n\n\n\nSecond.\n   \nThird.\n\n")
        #expect(lines == ["First.", "", "Second.", "", "Third."])
    }

    @Test(arguments: ["", " ", "\n", "\n\n\n", "\t \t"])
    func blankTextGivesNoLines(text: String) {
        #expect(TextWrapper(width: 20).wrap(text).isEmpty)
    }

    @Test func widthBelowOneCountsAsOne() {
        #expect(TextWrapper(width: 0).wrap("ab") == ["a", "b"])
        #expect(TextWrapper(width: -5).wrap("中") == ["中"])
    }

    @Test func megabytesOfTextWrapWithoutLosingAWord() {
        let text = String(repeating: "word ", count: 200_000)
        let lines = TextWrapper(width: 80).wrap(text)
        #expect(lines.count == 12_500)
        #expect(lines.allSatisfy { $0.count <= 80 })
    }
}

struct DisplayWidthTests {
    @Test(
        arguments: [
            ("a", 1), ("é", 1), ("e\u{301}", 1), ("中", 2), ("ア", 2), ("ｱ", 1), ("Ａ", 2), ("한", 2),
            ("🙂", 2), ("👨‍👩‍👧", 2), ("❤️", 2), ("❤", 1), ("⚠", 1), ("\u{200B}", 0), ("\u{1B}", 0), ("\t", 0),
            ("𠀀", 2),
        ] as [(Character, Int)])
    func characterWidth(character: Character, width: Int) {
        #expect(DisplayWidth.of(character) == width)
    }

    @Test func stringWidthAddsItsCharacters() {
        #expect(DisplayWidth.of("Try 再试 🙂") == 11)
        #expect(DisplayWidth.of("") == 0)
    }
}

struct TerminalTextTests {
    @Test func controlCharactersAreRemovedAndLineEndsUnified() {
        let text = TerminalText.sanitized("a\u{1B}[31mb\r\nc\rd\te\u{0}\u{7F}\u{9B}f\u{2028}g")
        #expect(text == "a[31mb\nc\nd ef\ng")
    }

    @Test(
        arguments: [
            0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
            0x200B, 0x2060, 0xFEFF,
        ] as [UInt32])
    func invisibleFormatCharactersAreShownEscaped(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let text = TerminalText.sanitized("invoice\(Character(scalar))txt.exe")
        let hex = String(value, radix: 16, uppercase: true)
        #expect(text == "invoice\\u{\(hex)}txt.exe")
        #expect(!text.unicodeScalars.contains(scalar))
    }

    @Test func joinersThatScriptsAndEmojiNeedStay() {
        let family = "👨\u{200D}👩\u{200D}👧"
        let persian = "می\u{200C}خواهم"
        #expect(TerminalText.sanitized(family) == family)
        #expect(TerminalText.sanitized(persian) == persian)
    }

    @Test func newlinesCanBecomeSpaces() {
        #expect(TerminalText.sanitized("one\ntwo\r\nthree", keepsNewlines: false) == "one two three")
    }

    @Test func printableShortensLongTextWithAnEllipsis() {
        #expect(TerminalText.printable("abcdef", limit: 3) == "abc…")
        #expect(TerminalText.printable("abc", limit: 3) == "abc")
        #expect(TerminalText.printable("", limit: 3) == "")
        #expect(TerminalText.printable("abc", limit: -1) == "…")
    }

    @Test func printableCapsCharactersWithEndlessCombiningMarks() {
        let storm = "e" + String(repeating: "\u{301}", count: 100_000)
        let text = TerminalText.printable(storm, limit: 10)
        #expect(text.unicodeScalars.count <= 41)
        #expect(text.hasSuffix("…"))
    }
}
