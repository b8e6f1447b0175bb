import Foundation
import Testing

@testable import Remedy

/// The report a log reads from a resolution is the report of the error: the walk that resolved the tree
/// is rendered instead of a second walk, and the single-line form is the report with its line breaks
/// written as `\n`.
struct ReportFromResolutionTests {
    /// Every tree of the walk's tests, under every cap: the same text from the resolution as from the error.
    @Test func theResolutionsReportIsTheErrorsReport() {
        TreeWalkTests.withTrees { trees, limits in
            for error in trees + TreeWalkTests.withFields + [Self.escapedTree] {
                for limit in limits {
                    let report = ErrorReport(error, limits: limit).text
                    let resolved = ErrorResolver(limits: limit).resolve(error)
                    #expect(resolved.reportText() == report, "\(type(of: error)) \(limit)")
                    #expect(
                        resolved.reportText(singleLine: true) == ReportText.escaped(report),
                        "\(type(of: error)) \(limit)")
                }
            }
        }
    }

    /// One line whatever the error's texts hold: their line breaks, tabs and escape characters are escaped
    /// where they are written, so the only breaks left are the report's own, written as `\n`.
    @Test func theSingleLineReportHasNoLineBreak() {
        let text = ErrorReport(Self.escapedTree).singleLineText
        #expect(!text.contains("\n"))
        #expect(!text.unicodeScalars.contains { ReportText.isUnsafe($0) })
        #expect(text == ReportText.escaped(ErrorReport(Self.escapedTree).text))
        #expect(text.contains(#"Line one\nline two\ttabbed \u{1B}[31m"#))
    }

    /// Texts with line breaks, a tab and an ANSI escape, in a context layer, a message and a field.
    static let escapedTree: any Error = ContextError(
        "Line one\nline two\ttabbed \u{1B}[31m",
        wrapping: TreeWalkTests.Lending.one(TreeFixtures.Message("a\r\nb\u{2028}c"))
    )
}
