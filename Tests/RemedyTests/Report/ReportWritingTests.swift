import Foundation
import Testing

@testable import Remedy

/// The fast paths of writing a report (`ReportLines`, `ReportText.isSafe`): each gives exactly what the
/// general path gives, or what literal text written out by hand says.
@Suite(.timeLimit(.minutes(10)))
struct ReportWritingTests {
    // MARK: - Escaping

    /// The bytes' answer is the scalars' answer, for every scalar up to U+3000 and the ones around the
    /// escaped ranges further up, alone and between other text.
    @Test func theBytesTellWhatNeedsEscapingAsTheScalarsDo() {
        var scalars = (0...0x3000).compactMap(Unicode.Scalar.init)
        scalars += [0xFEFF, 0xFFFD, 0x1F327, 0x1F469, 0xE0041, 0x10FFFF].compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            let expected = !ReportText.isUnsafe(scalar)
            for text in [String(scalar), "a" + String(scalar), String(scalar) + "é", "\u{2029}" + String(scalar)] {
                var text = text
                let byBytes = text.withUTF8 { ReportText.isSafe($0) }
                let byScalars = !text.unicodeScalars.contains { ReportText.isUnsafe($0) }
                #expect(byBytes == byScalars, "U+\(String(scalar.value, radix: 16)) in \(text.debugDescription)")
                if text.unicodeScalars.count == 1 { #expect(byBytes == expected) }
            }
        }
    }

    /// Printable ASCII is read eight bytes at a time: a character that needs escaping, or one that
    /// doesn't but isn't ASCII, is found at every position of texts of every length around the words.
    @Test func wordsOfPrintableASCIIHideNothing() {
        let characters = [
            "\n", "\u{0}", "\u{1F}", " ", "~", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "\u{2028}", "\u{2069}", "👍",
        ]
        for length in 0...40 {
            let filler = Array(repeating: "x", count: length)
            for position in 0...length {
                for character in characters {
                    var parts = filler
                    parts.insert(character, at: position)
                    var text = parts.joined()
                    let byBytes = text.withUTF8 { ReportText.isSafe($0) }
                    #expect(byBytes == !text.unicodeScalars.contains { ReportText.isUnsafe($0) })
                }
            }
        }
        let printable = (0x20...0x7E).map { UInt8($0) }
        for start in stride(from: 0, to: printable.count, by: 8) {
            let word = printable[start..<min(start + 8, printable.count)] + Array(repeating: 0x20, count: 8)
            let value = word.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }
            #expect(ReportText.isPrintableASCII(value))
        }
        for byte in (0...0xFF).map(UInt64.init) where !(0x20...0x7E).contains(byte) {
            for shift in stride(from: 0, to: 64, by: 8) {
                let word = (0x2020_2020_2020_2020 & ~(UInt64(0xFF) << shift)) | byte << shift
                #expect(!ReportText.isPrintableASCII(word), "byte \(byte) at \(shift / 8)")
            }
        }
    }

    @Test func escapingIsTheSameThroughBytesAndThroughScalars() {
        let texts = [
            "", "plain ASCII text", "température", "🌧️👩‍👩‍👧", "tab\there", "a\u{7F}b", "\u{80}", "x\u{9F}",
            "\u{A0}no-break", "\u{2027}\u{2028}\u{202E}\u{202F}", "\u{2065}\u{2066}\u{2069}\u{206A}", "end\n",
        ]
        for text in texts {
            let expected = text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\n": return "\\n"
                case "\t": return "\\t"
                case "\r": return "\\r"
                default:
                    return ReportText.isUnsafe(scalar)
                        ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : String(scalar)
                }
            }.joined()
            #expect(ReportText.escaped(text) == expected)
            #expect(written { $0.writeEscaped(text) } == expected)
        }
    }

    @Test func escapedTextReadsAsWrittenByHand() {
        #expect(ReportText.escaped("key 'temp' not found") == "key 'temp' not found")
        #expect(ReportText.escaped("naïve ☂︎") == "naïve ☂︎")
        #expect(ReportText.escaped("a\nb\tc\rd") == #"a\nb\tc\rd"#)
        #expect(ReportText.escaped("é\u{85}\u{1B}[0m") == #"é\u{85}\u{1B}[0m"#)
        #expect(ReportText.escaped("\u{202E}evil\u{2066}") == #"\u{202E}evil\u{2066}"#)
        #expect(written { $0.writeEscaped("ü\u{9F}ü") } == #"ü\u{9F}ü"#)
        var lines = ReportLines(maximumBytes: 65_536, style: .plain)
        lines.beginLine()
        let changed = [
            lines.writeEscaped("DataError"), lines.writeEscaped("evil\u{202E}"), lines.writeEscaped("température"),
        ]
        #expect(changed == [false, true, false])
        lines.endLine()
        #expect(lines.finish() == #"DataErrorevil\u{202E}température"#)
    }

    /// An enum case without a message is written from its type's name and its case name: the same
    /// headline, plain and painted, as the kind made into one string.
    @Test func aCaseIsWrittenAsItsKind() {
        enum Outer: Error { case wrapping(Inner) }
        enum Inner: WrappingError {
            case timeout(URLError)
            var underlyingErrors: [any Error] { [] }
            var declaredCaseName: String? { "timeout" }
        }
        let error = Outer.wrapping(.timeout(URLError(.timedOut)))
        #expect(
            ErrorReport(error).text == """
                Outer.wrapping
                Caused by:
                  1: Inner.timeout
                """)
        #expect(
            ErrorReport(error).ansiText(environment: [:]) == """
                \u{1B}[1;31mOuter.wrapping\u{1B}[0m
                \u{1B}[33mCaused by:\u{1B}[0m
                  \u{1B}[2m1:\u{1B}[0m \u{1B}[1mInner.timeout\u{1B}[0m
                """)
    }

    // MARK: - Messages and their caps

    /// A message is cut at the limit in bytes, at a character boundary, before it is escaped: at the
    /// boundary, one byte under it and over it, with characters of one, two and four bytes.
    @Test(arguments: [16, 17, 18, 19, 20])
    func messagesAreCutAsReportTextCutsThem(limit: Int) {
        let texts = [
            String(repeating: "a", count: 18), String(repeating: "é", count: 9), "aaaaaaaaaaaaaaa👍b",
            "aaaaaaaaaaaaaaaa\n", "\u{1B}aaaaaaaaaaaaaaaaaaa", "short",
        ]
        for text in texts {
            #expect(written { $0.writeMessage(text, limit: limit) } == ReportText.message(text, limit: limit))
        }
        #expect(
            written { $0.writeMessage(String(repeating: "a", count: 17), limit: 16) }
                == "aaaaaaaaaaaaaaaa… (17 bytes, truncated)")
    }

    // MARK: - The buffer

    /// Every kind of write, growth past the first capacity, removal and reversal leave the same bytes as
    /// the same edits of an array; a copy keeps its bytes when the original is written to afterwards.
    @Test func theBufferHoldsWhatAnArrayWould() {
        var bytes = ReportBytes(capacity: 4)
        var expected: [UInt8] = []
        var copies: [(ReportBytes, [UInt8])] = []
        for step in 0..<400 {
            let chunk = (0..<(step % 23)).map { UInt8(truncatingIfNeeded: step &+ $0) }
            switch step % 6 {
            case 0:
                chunk.withUnsafeBufferPointer { bytes.append($0) }
                expected += chunk
            case 1:
                bytes.append(UInt8(step % 256))
                expected.append(UInt8(step % 256))
            case 2:
                bytes.append(0x20, count: step % 7)
                expected += Array(repeating: 0x20, count: step % 7)
            case 3:
                let start = max(0, expected.count - step % 9)
                bytes.reverse(from: start)
                expected[start...].reverse()
            case 4:
                bytes.append(contentsOf: chunk.lazy.map { $0 })
                expected += chunk
            default:
                let start = max(0, expected.count - step % 5)
                bytes.removeSuffix(from: start)
                expected.removeSubrange(start...)
            }
            if step % 50 == 0 { copies.append((bytes, expected)) }
            #expect(bytes.count == expected.count)
            #expect(bytes.withBytes(from: 0) { Array($0) } == expected)
        }
        for (copy, bytesThen) in copies {
            #expect(copy.withBytes(from: 0) { Array($0) } == bytesThen)
        }
        var text = ReportBytes(capacity: 0)
        text.append(0x61, count: 3)
        "é👍".utf8.withContiguousStorageIfAvailable { text.append($0) }
        #expect(text.string() == "aaaé👍")
        #expect(text.string(from: 3) == "é👍")
        #expect(text.withBytes(from: text.count) { $0.count } == 0)
    }

    // MARK: - Numbers

    @Test func numbersAreWrittenAsStringWritesThem() {
        for number in [0, 7, 9, 10, 42, 99, 100, 12_345, -1, -10, -907, Int.max, Int.min, Int.max - 1, Int.min + 1] {
            #expect(written { $0.write(number) } == String(number))
            #expect(ReportLines.decimalLength(of: number) == String(number).count)
        }
    }

    // MARK: - Coding paths

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            self.stringValue = "Index \(intValue)"
            self.intValue = intValue
        }
        init(_ name: String, index: Int?) {
            self.stringValue = name
            self.intValue = index
        }
    }

    @Test func indexNamesAreRecognizedAsTheTextComparisonDoes() {
        let names = [
            "0", "1", "10", "Index 0", "Index 10", "Index -3", "-3", "3", "03", "Index 03", "Index ", "Index", "",
            "Index  3", "index 3", "3 ", " 3", "Index 3x", "Index Index 3", "Ｉndex 3", "Index ３", "٣", "-",
            "Index -", "9223372036854775807", "-9223372036854775808", "Index 9223372036854775807",
        ]
        for name in names {
            for index in [0, 1, 3, -3, 10, Int.max, Int.min] {
                let digits = String(index)
                #expect(
                    ReportLines.isIndexName(name, of: index) == (name == digits || name == "Index " + digits),
                    "\(name.debugDescription), \(index)")
            }
        }
    }

    @Test func codingPathsAreWrittenAsErrorTreeMakesThem() {
        let long = String(repeating: "x", count: 40)
        let paths: [[any CodingKey]] = [
            [],
            [Key(stringValue: "days"), Key(intValue: 0)],
            [Key(intValue: 0), Key(intValue: 12), Key(stringValue: "temp")],
            [Key(stringValue: ""), Key(stringValue: "a"), Key(stringValue: ""), Key(stringValue: "b")],
            [Key("7", index: 7), Key("seven", index: 7), Key("Index -2", index: -2), Key("-2", index: 2)],
            [Key(stringValue: "line\nbreak"), Key(stringValue: "température"), Key(stringValue: "\u{202E}")],
            [Key(stringValue: long), Key(intValue: 1), Key(stringValue: long)],
            [Key(stringValue: "abcdefghijklmnop")], [Key(stringValue: "abcdefghijklmnopq")],
        ]
        for path in paths {
            for limit in [16, 17, 64, 1_024] {
                let expected = ReportText.message(ErrorTree.codingPath(path), limit: limit)
                #expect(written { $0.writeCodingPath(path, limit: limit) } == expected)
            }
        }
        #expect(written { $0.writeCodingPath([Key(stringValue: "days"), Key(intValue: 0)], limit: 64) } == "days[0]")
        #expect(written { $0.writeCodingPath([], limit: 64) } == "(root)")
    }

    // MARK: - Lines and the report's cap

    /// Lines written part by part keep the beginning and the end of a report within its cap exactly as
    /// whole lines appended to the head and the tail would.
    @Test(arguments: [256, 300, 512, 4_096])
    func linesWrittenInPartsAreCappedAsWholeLines(maximumBytes: Int) {
        for style in [ReportStyle.plain, .ansi] {
            var lengths = [0, 1, 5, 40, 90, 200, 3, 60, 0, 130, 7]
            lengths += (0..<60).map { ($0 * 37) % 97 }
            let lines = lengths.enumerated().map { index, length in
                String(repeating: index.isMultiple(of: 3) ? "é" : "a", count: length)
            }
            var writer = ReportLines(maximumBytes: maximumBytes, style: style)
            for line in lines {
                writer.beginLine()
                let split = line.index(line.startIndex, offsetBy: line.count / 2)
                writer.write(String(line[..<split]))
                writer.write(String(line[split...]))
                writer.endLine()
            }
            #expect(writer.finish() == Self.capped(lines, maximumBytes: maximumBytes, style: style))
        }
    }

    /// What a report of these lines is under the cap, computed line by line: the head's lines while they
    /// fit half the room, then the last lines that fit the other half, each cut to it, after a marker.
    private static func capped(_ lines: [String], maximumBytes: Int, style: ReportStyle) -> String {
        let room = max(0, maximumBytes - 128)
        let headBudget = room / 2
        let tailBudget = room - room / 2
        var head: [String] = []
        var headBytes = 0
        var rest = lines[...]
        while let line = rest.first, headBytes + line.utf8.count + 1 <= headBudget {
            head.append(line)
            headBytes += line.utf8.count + 1
            rest = rest.dropFirst()
        }
        var tail: [String] = []
        var tailBytes = 0
        var dropped = 0
        for line in rest {
            var line = line
            if line.utf8.count + 1 > tailBudget {
                line = ReportText.truncated(line, limit: max(0, tailBudget - 48)) + style.reset
            }
            tail.append(line)
            tailBytes += line.utf8.count + 1
            while tailBytes > tailBudget, !tail.isEmpty {
                tailBytes -= tail.removeFirst().utf8.count + 1
                dropped += 1
            }
        }
        var all = head
        if dropped > 0 {
            all.append(style.marker("… \(dropped) lines not shown (report limit of \(maximumBytes) bytes) …"))
        }
        return (all + tail).joined(separator: "\n")
    }

    /// What one line of a plain report is when `write` writes it.
    private func written<Result>(_ write: (inout ReportLines) -> Result) -> String {
        var lines = ReportLines(maximumBytes: 65_536, style: .plain)
        lines.beginLine()
        _ = write(&lines)
        lines.endLine()
        return lines.finish()
    }
}
