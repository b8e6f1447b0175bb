// Triggers every failure of the package and prints each error's real shape as Markdown: its type, its
// descriptions, the NSError bridge, its mirror tree (3 levels) and `dump`.
//
//     swift run shapes [CASE-ID…] [--output FILE]
import Foundation
import IntegrationSupport

var arguments = Array(CommandLine.arguments.dropFirst())
var output: String?
if let index = arguments.firstIndex(of: "--output"), index + 1 < arguments.count {
    output = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
}
let cases = arguments.isEmpty ? Failures.all : Failures.all.filter { arguments.contains($0.id) }

var document = """
    # The real shapes of the integration failures

    Written by `swift run shapes` in IntegrationTests/ on \(ProcessInfo.processInfo.operatingSystemVersionString), \
    running as uid \(getuid()). Each section: the case, how it was triggered, and what the thrown error looks like.

    """
var summary = """

    | Case | Type | `NSError` domain, code | Underlying `NSError` | `String(describing:)` |
    |---|---|---|---|---|

    """
var sections = ""
for failureCase in cases {
    sections += "\n## `\(failureCase.id)` (\(failureCase.library))\n\n\(failureCase.summary).\n\n"
    do {
        let error = try await failureCase.error()
        summary += Shape.summaryRow(of: error, caseID: failureCase.id) + "\n"
        sections += Shape.markdown(of: error) + "\n"
    } catch {
        summary += "| `\(failureCase.id)` | not triggered | | | |\n"
        sections += "**Not triggered**: \(error)\n"
    }
}
document += summary + sections
if let output {
    try Data(document.utf8).write(to: URL(fileURLWithPath: output))
} else {
    print(document)
}
