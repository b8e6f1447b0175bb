import Foundation
import Testing

@testable import Remedy

/// The fast paths of writing a report (`ReportLines`, `ReportText.isSafe`): each gives exactly what the
/// general path gives, or what literal text written out by hand says.
@Suite(.timeLimit(.minutes(1)))
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
    private func written(_ write: (inout ReportLines) -> Void) -> String {
        var lines = ReportLines(maximumBytes: 65_536, style: .plain)
        lines.beginLine()
        write(&lines)
        lines.endLine()
        return lines.finish()
    }
}
