import Foundation
import Remedy
import RemedyTerminal
import Testing

/// Hostile and huge input: every rendering stays bounded, escaped and defined.
struct ReportBadInputTests {
    typealias Leaf = TreeFixtures.Leaf

    /// Every rendering of a report, for checks that apply to all.
    private func renderings(_ report: ErrorReport) -> [String] {
        [report.summary, report.text, report.ansiText(environment: [:]), report.json]
    }

    @Test func aFiveMegabyteMessageIsCutEverywhere() {
        let huge = String(repeating: "ü", count: 2_621_440)  // 5 MiB of UTF-8
        let error = ContextError(huge, wrapping: TreeFixtures.Message(huge))
        let report = ErrorReport(error)
        for rendering in renderings(report) {
            #expect(rendering.utf8.count <= ErrorLimits.default.maximumReportBytes)
            #expect(rendering.contains("… (5242880 bytes, truncated)"))
        }
        #expect(report.text.hasPrefix("üüü"))
    }

    @Test func controlCharactersAreEscapedAndEmojiKept() {
        let message = "line 1\nline 2\r\ttabbed \u{1B}[31mred\u{1B}[0m \u{7F} \u{85} \u{202E}evil\u{2066} 🌧️👩‍👩‍👧"
        let report = ErrorReport(ContextError("Loading\nforecast", wrapping: TreeFixtures.Message(message)))
        let escaped = #"line 1\nline 2\r\ttabbed \u{1B}[31mred\u{1B}[0m \u{7F} \u{85} \u{202E}evil\u{2066} 🌧️👩‍👩‍👧"#
        #expect(report.summary == #"Loading\nforecast: "# + escaped)
        let lines = report.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == #"Loading\nforecast"#)
        #expect(lines[3] == "  1: " + escaped)
        for rendering in [report.summary, report.text] {
            #expect(!rendering.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(!rendering.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{1B}" })
        }
        // JSON keeps the text exactly; JSON's own escaping makes it safe.
        #expect(report.document.nodes[1].message == message)
    }

    @Test func tenThousandSiblingsAreCappedAndCounted() {
        let error = TreeFixtures.Batch(failures: Array(repeating: Leaf.timeout, count: 10_000))
        let report = ErrorReport(error)
        #expect(report.summary == "Leaf.timeout (+9999 more)")
        #expect(report.text.hasSuffix("  └─ … 9000 more not shown (width limit 1000)"))
        #expect(report.text.components(separatedBy: "├─ Leaf.timeout").count == 1_001)
        for rendering in renderings(report) {
            #expect(rendering.utf8.count <= ErrorLimits.default.maximumReportBytes)
        }
        #expect(report.document.isTruncated)  // 1,001 nodes don't fit in 64 KiB of JSON
    }

    @Test func aHundredThousandDeepChainIsBounded() {
        let chain = TreeFixtures.LinkError.chain(count: 100_000, end: Leaf.timeout)
        defer { chain.dismantle() }
        let report = ErrorReport(chain)
        #expect(report.summary == #"LinkError(name: "link 10000"): …"#)
        #expect(report.text.hasSuffix("… causes below not shown (depth limit 10000)"))
        #expect(report.text.contains("lines not shown (report limit of 65536 bytes)"))
        for rendering in renderings(report) {
            #expect(rendering.utf8.count <= ErrorLimits.default.maximumReportBytes)
        }
        #expect(report.document.isTruncated)
    }

    @Test func cyclesRenderEverywhereWithoutHanging() {
        let a = TreeFixtures.LinkError("a")
        let b = TreeFixtures.LinkError("b", next: a)
        a.next = b
        defer { a.next = nil }
        for error in [a as any Error, TreeFixtures.SelfReferencingNSError()] {
            let report = ErrorReport(error)
            #expect(report.summary.hasSuffix("↻ (cycle)"))
            #expect(report.text.contains("↻ cycle"))
            #expect(report.document.nodes.last?.isCycle == true)
            #expect(report.groupingKey.count == 16)
        }
    }

    struct HugeValues: Error {
        var numbers: [Int]
        var text: String
        var cause: any Error
    }

    @Test func hugeValuesBesideErrorsAreDescribedInBoundedTime() {
        let error = HugeValues(
            numbers: Array(repeating: 1, count: 1_000_000),
            text: String(repeating: "t", count: 2_000),
            cause: Leaf.timeout
        )
        let lines = ErrorReport(error, limits: .init(maximumMessageLength: 20)).text.split(separator: "\n")
        #expect(
            lines[0]
                == #"HugeValues(numbers: [1, 1, 1, … (1000000 elements)], text: "tttttttttttttttttttt… (2000 bytes, truncated)")"#
        )
        #expect(lines.last == "  1: Leaf.timeout")
    }

    @Test func emptyAndBlankMessagesStillNameTheError() {
        let report = ErrorReport(ContextError("", wrapping: TreeFixtures.Message("   ")))
        #expect(report.summary == #": Message(description: "   ")"#)
        #expect(report.text.split(separator: "\n", omittingEmptySubsequences: false).first == "")
    }

    @Test func tinyRenderingLimitsAreRaisedToWorkableMinimums() {
        let limits = ErrorLimits(
            maximumReportBytes: 0,
            maximumMessageLength: 0,
            maximumSummaryLength: 0,
            maximumLayersShown: 0
        )
        #expect(
            limits
                == ErrorLimits(
                    maximumReportBytes: 256,
                    maximumMessageLength: 16,
                    maximumSummaryLength: 64,
                    maximumLayersShown: 2
                )
        )
        let report = ErrorReport(TreeFixtures.LinkError.chain(count: 50), limits: limits)
        #expect(report.text.utf8.count <= 256)
        #expect(report.summary.utf8.count <= 64)
        #expect(report.json.utf8.count <= 256)
    }
}
