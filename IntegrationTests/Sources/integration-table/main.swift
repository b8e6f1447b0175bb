// Triggers every failure of the package and prints, as a Markdown table, what a person sees for it: the
// title, the message, the options offered inside `attempt`, the category, and whether it is transient.
//
//     swift run integration-table [CASE-ID…]
import Foundation
import IntegrationSupport
import Remedy

func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
}

let arguments = Array(CommandLine.arguments.dropFirst())
let cases = arguments.isEmpty ? Failures.all : Failures.all.filter { arguments.contains($0.id) }

print("| Case | Error | Title | Message | Options (in `attempt`) | Category | Transient |")
print("|---|---|---|---|---|---|---|")
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
    } catch {
        print("| `\(failureCase.id)` | not triggered: \(cell("\(error)")) | | | | | |")
    }
}
