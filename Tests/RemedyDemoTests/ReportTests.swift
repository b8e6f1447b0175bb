import Foundation
import Testing

/// `--report` prints each developer report as a tree: its lines keep their indentation at any width, and
/// a line too long wraps under itself.
@Suite(.timeLimit(.minutes(10)))
struct ReportTests {
    @Test(arguments: [20, 40, 80])
    func reportKeepsItsIndentation(columns: Int) async throws {
        let run = try await DemoProcess.run(
            ["forecast", "--answer", "cancel", "--report"], environment: ["COLUMNS": "\(columns)"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // A URL is never split (TextWrapper), so it may stand alone on a longer line.
        for line in lines where !line.contains("://") {
            #expect(line.count <= columns, "wider than \(columns): \(line)")
        }
        // The tree's levels: the metadata under the record, the report under it, the causes deeper still.
        let deepest = max(0, (columns - 12) / 2)
        func indented(_ text: String, by spaces: Int) -> Bool {
            lines.contains { $0.hasPrefix(String(repeating: " ", count: min(spaces, deepest)) + text) }
        }
        #expect(indented("report:", by: 3))
        #expect(indented("Caused by:", by: 5))
        #expect(indented("1:", by: 7))
        #expect(indented("type:", by: 10))
        #expect(!lines.contains("Caused by:"), "a line of the report lost its indentation")
        if columns == 80 {
            #expect(lines.contains("       1: ForecastViewModelError.forecast"))
            #expect(lines.contains("          coding path: temperature"))
        }
    }
}
