import Foundation
import Remedy

extension ErrorReport {
    /// The full report with ANSI colours and weights, for terminals: ``Remedy/ErrorReport/text`` with the
    /// messages in bold, types in cyan, locations dimmed and markers in magenta.
    ///
    /// Following the NO_COLOR convention (no-color.org), when the environment has `NO_COLOR` set to a
    /// non-empty value the result is exactly the plain text, without a single escape code.
    ///
    /// - Parameter environment: The environment variables to honour. Default: the process's.
    /// - Returns: The coloured report, or the plain one when colour is switched off.
    public func ansiText(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        (environment["NO_COLOR"] ?? "").isEmpty ? colouredText : text
    }
}
