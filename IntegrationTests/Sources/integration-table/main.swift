// Triggers every failure of the package and prints, as a Markdown table, what a person sees for it (with the
// package that failed): the title, the message, the options offered inside `attempt`, the category, whether it is
// transient, and whether a person reads the same when the error arrives bare, in an app's enum (plain, and a
// WrappingError) and inside context layers (the ways that read otherwise are named).
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

/// "yes" when a person reads the same every way; otherwise the ways that read differently, and what they read.
func agreement(_ ways: WrappedObservations) -> String {
    guard !ways.agree else { return "yes" }
    let differences = ways.disagreements.map { "\($0.wrapping) reads \(cell("\($0.reading)"))" }
    return "no: " + differences.joined(separator: "; ")
}

var arguments = Array(CommandLine.arguments.dropFirst())
let showsReports = arguments.contains("--reports")
arguments.removeAll { $0 == "--reports" }
let cases = arguments.isEmpty ? Failures.all : Failures.all.filter { arguments.contains($0.id) }

print(
    "| Case | Library | Error | Title | Message | Options (in `attempt`) | Category | Transient | Same wrapped, in context |"
)
print("|---|---|---|---|---|---|---|---|---|")
var reports: [String] = []
for failureCase in cases {
    do {
        let error = try await failureCase.error()
        let ways = await WrappedObservations(of: error)
        let seen = ways.bare
        let shown = seen.attempted ?? seen.presentation
        // A silent error (a cancellation, `--help`) is never presented: its presentation is not what anyone sees.
        let isSilent = seen.interpretation.isSilent
        let columns = [
            "`\(failureCase.id)`",
            failureCase.library,
            "`\(String(reflecting: type(of: error)))`",
            isSilent ? "(silent: never presented)" : cell(shown.title),
            isSilent ? "" : cell(shown.message),
            isSilent ? "" : cell(seen.optionTitles.joined(separator: ", ")),
            seen.presentation.category.identifier,
            seen.interpretation.isTransient ? "yes" : "no",
            agreement(ways),
        ]
        print("| " + columns.joined(separator: " | ") + " |")
        reports.append("### `\(failureCase.id)`\n\n```\n\(seen.report)\n```")
    } catch {
        print("| `\(failureCase.id)` | \(failureCase.library) | not triggered: \(cell("\(error)")) | | | | | | |")
    }
}
if showsReports {
    print("\n## Reports\n")
    print(reports.joined(separator: "\n\n"))
}
