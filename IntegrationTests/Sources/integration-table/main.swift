// Triggers every failure of the package and prints, as a Markdown table, what a person sees for it: the
// title, the message, the options offered inside `attempt`, the category, and whether it is transient.
//
//     swift run integration-table [--reports] [CASE-ID…]
//
// With `--reports`, each case's `ErrorReport` text follows the table.
import Foundation
import IntegrationSupport
import Remedy

func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
}

var arguments = Array(CommandLine.arguments.dropFirst())
let showsReports = arguments.contains("--reports")
arguments.removeAll { $0 == "--reports" }
let cases = arguments.isEmpty ? Failures.all : Failures.all.filter { arguments.contains($0.id) }

print("| Case | Error | Title | Message | Options (in `attempt`) | Category | Transient |")
print("|---|---|---|---|---|---|---|")
var reports: [String] = []
for failureCase in cases {
    do {
        let error = try await failureCase.error()
        let seen = await Observation(of: error)
        let shown = seen.attempted ?? seen.presentation
        let columns = [
            "`\(failureCase.id)`",
            "`\(String(reflecting: type(of: error)))`",
            cell(shown.title),
            cell(shown.message),
            cell(seen.optionTitles.joined(separator: ", ")),
            seen.presentation.category.identifier,
            seen.interpretation.isTransient ? "yes" : "no",
        ]
        print("| " + columns.joined(separator: " | ") + " |")
        reports.append("### `\(failureCase.id)`\n\n```\n\(seen.report)\n```")
    } catch {
        print("| `\(failureCase.id)` | not triggered: \(cell("\(error)")) | | | | | |")
    }
}
if showsReports {
    print("\n## Reports\n")
    print(reports.joined(separator: "\n\n"))
}
