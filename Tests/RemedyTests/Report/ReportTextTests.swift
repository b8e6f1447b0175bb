import Foundation
import RemedyTerminal
import Testing

@testable import Remedy

/// How reports escape and cut text, and how the report's byte cap keeps its beginning and its end.
@Suite(.timeLimit(.minutes(1)))
struct ReportTextTests {
    /// Control characters, C1 controls and invisible direction marks become visible escapes; the rest,
    /// emoji and accents included, stays.
    @Test func escapingMakesEveryUnsafeScalarVisible() {
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
        }
    }

    @Test func escapedTextReadsAsWrittenByHand() {
        #expect(ReportText.escaped("key 'temp' not found") == "key 'temp' not found")
        #expect(ReportText.escaped("naïve ☂︎") == "naïve ☂︎")
        #expect(ReportText.escaped("a\nb\tc\rd") == #"a\nb\tc\rd"#)
        #expect(ReportText.escaped("é\u{85}\u{1B}[0m") == #"é\u{85}\u{1B}[0m"#)
        #expect(ReportText.escaped("\u{202E}evil\u{2066}") == #"\u{202E}evil\u{2066}"#)
        #expect(ReportText.escaped("ü\u{9F}ü") == #"ü\u{9F}ü"#)
    }

    /// An enum case without a message is headed by its type's name and its case name, plain and painted.
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

    /// A message is cut at the limit in bytes, at a character boundary, before it is escaped.
    @Test func messagesAreCutAtACharacterBoundaryThenEscaped() {
        #expect(
            ReportText.message(String(repeating: "a", count: 17), limit: 16)
                == "aaaaaaaaaaaaaaaa… (17 bytes, truncated)")
        #expect(ReportText.message(String(repeating: "é", count: 9), limit: 17) == "éééééééé… (18 bytes, truncated)")
        #expect(ReportText.message("aaaaaaaaaaaaaaa👍b", limit: 17) == "aaaaaaaaaaaaaaa… (20 bytes, truncated)")
        #expect(ReportText.message("\u{1B}aaaaaaaaaaaaaaaaaaa", limit: 16).hasPrefix(#"\u{1B}aaaaaaaaaaaaaaa…"#))
        #expect(ReportText.message("short", limit: 16) == "short")
    }

    /// Over the cap, a report keeps the first lines that fit half the room and the last lines that fit
    /// the other half, each cut to it, around a marker that counts the lines left out.
    @Test(arguments: [256, 300, 512, 4_096])
    func theCapKeepsTheBeginningAndTheEnd(maximumBytes: Int) {
        let lines = (0..<400).map { String(repeating: $0.isMultiple(of: 3) ? "é" : "a", count: ($0 * 37) % 29) }
        var writer = ReportLines(maximumBytes: maximumBytes, style: .plain)
        for line in lines { writer.append(line) }
        let report = writer.finish(separator: "\n")
        #expect(report.utf8.count <= maximumBytes)
        let kept = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marker = kept.firstIndex { $0.hasPrefix("… ") && $0.hasSuffix(" …") }
        guard let markerIndex = marker else {
            Issue.record("no marker in \(report)")
            return
        }
        #expect(Array(kept[..<markerIndex]) == Array(lines.prefix(markerIndex)))
        let tail = kept[(markerIndex + 1)...]
        #expect(Array(tail) == Array(lines.suffix(tail.count)))
        #expect(
            kept[markerIndex]
                == "… \(lines.count - markerIndex - tail.count) lines not shown (report limit of \(maximumBytes) bytes) …"
        )
    }
}
