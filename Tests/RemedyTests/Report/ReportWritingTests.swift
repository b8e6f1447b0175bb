import Foundation
import Testing

@testable import Remedy

/// Writing a report's parts (`ReportLines`, `ReportText`): each gives what the general path gives, or what
/// literal text written out by hand says.
@Suite(.timeLimit(.minutes(1)))
struct ReportWritingTests {
    // MARK: - Escaping

    /// A parent's message contains a child's by bytes, not by characters.
    @Test func containmentComparesBytes() {
        #expect(ReportText.contains("Reading cafe\u{301}", "cafe"))
        #expect(ReportText.contains("disk full", "full"))
        #expect(!ReportText.contains("disk full", ""))
        #expect(!ReportText.contains("full", "disk full"))
        #expect(!ReportText.contains("e\u{301}", "é"))
    }

    @Test func escapingIsTheSameWrittenAndAsText() {
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

    // MARK: - Numbers

    @Test func numbersAreWrittenAsStringWritesThem() {
        for number in [0, 7, 9, 10, 42, 99, 100, 12_345, -1, -10, -907, Int.max, Int.min, Int.max - 1, Int.min + 1] {
            #expect(written { $0.write(number) } == String(number))
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

    @Test func codingPathsAreWrittenAsErrorTreeMakesThem() {
        #expect(ErrorTree.codingPath([Key(stringValue: "days"), Key(intValue: 0)]) == "days[0]")
        #expect(
            ErrorTree.codingPath([Key("7", index: 7), Key("seven", index: 7), Key("-2", index: 2)]) == "[7].seven.-2")
        #expect(ErrorTree.codingPath([]) == "(root)")
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
