import Foundation

/// The real shape of an error, as Markdown: what recognition code can read of it.
public enum Shape {
    /// Describes an error: its type, its descriptions, `dump`, the `NSError` bridge and its mirror tree.
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - depth: How many levels of mirror children to show.
    /// - Returns: Markdown, without a heading.
    public static func markdown(of error: any Error, depth: Int = 3) -> String {
        var lines: [String] = []
        lines.append("- type: `\(String(reflecting: type(of: error)))`")
        lines.append("- is a class instance: \(type(of: error) is AnyClass)")
        lines.append("- conformances: \(conformances(of: error).joined(separator: ", "))")
        lines.append("- `String(describing:)`: \(quoted(String(describing: error)))")
        lines.append("- `String(reflecting:)`: \(quoted(String(reflecting: error)))")
        lines.append("- `localizedDescription`: \(quoted(error.localizedDescription))")
        if let localized = error as? any LocalizedError {
            lines.append("- `LocalizedError.errorDescription`: \(quoted(localized.errorDescription ?? "nil"))")
            lines.append("- `LocalizedError.failureReason`: \(quoted(localized.failureReason ?? "nil"))")
            lines.append("- `LocalizedError.recoverySuggestion`: \(quoted(localized.recoverySuggestion ?? "nil"))")
        }
        lines.append("")
        lines.append("`NSError` bridge:")
        lines.append("")
        lines.append(contentsOf: bridge(error as NSError, indent: ""))
        lines.append("")
        lines.append("Mirror children (\(depth) levels; label: type = value):")
        lines.append("")
        lines.append("```")
        lines.append("\(String(reflecting: type(of: error))) [\(displayStyle(Mirror(reflecting: error)))]")
        lines.append(contentsOf: mirror(error, depth: depth, indent: "  "))
        lines.append("```")
        lines.append("")
        lines.append("`dump(error)`:")
        lines.append("")
        var dumped = ""
        dump(error, to: &dumped, maxDepth: 6)
        lines.append("```")
        lines.append(dumped.trimmingCharacters(in: .newlines))
        lines.append("```")
        return lines.joined(separator: "\n")
    }

    /// One row of the summary table: the case, the type, the `NSError` domain and code, the underlying
    /// `NSError`'s, and the description (clipped).
    public static func summaryRow(of error: any Error, caseID: String) -> String {
        let bridged = error as NSError
        let underlying = (bridged.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        let columns = [
            "`\(caseID)`",
            "`\(String(reflecting: type(of: error)))`",
            "`\(bridged.domain)` \(bridged.code)",
            underlying.map { "`\($0.domain)` \($0.code)" } ?? "",
            clipped(String(describing: error)).replacingOccurrences(of: "|", with: "\\|"),
        ]
        return "| " + columns.joined(separator: " | ") + " |"
    }

    private static func conformances(of error: any Error) -> [String] {
        // Asked of `Any`: the compiler takes every `any Error` for printable and equatable.
        let value: Any = error
        var names: [String] = []
        if error is any LocalizedError { names.append("LocalizedError") }
        if error is any CustomNSError { names.append("CustomNSError") }
        if error is any RecoverableError { names.append("RecoverableError") }
        if value is any CustomStringConvertible { names.append("CustomStringConvertible") }
        if value is any CustomDebugStringConvertible { names.append("CustomDebugStringConvertible") }
        if value is any Equatable { names.append("Equatable") }
        if value is any Hashable { names.append("Hashable") }
        return names.isEmpty ? ["(none of the usual)"] : names
    }

    private static func bridge(_ error: NSError, indent: String, level: Int = 0) -> [String] {
        var lines = [
            "\(indent)- domain: `\(error.domain)`, code: \(error.code)"
        ]
        let keys = error.userInfo.keys.sorted()
        if keys.isEmpty { lines.append("\(indent)- userInfo: empty") }
        for key in keys {
            let value = error.userInfo[key]!
            lines.append(
                "\(indent)- userInfo[`\(key)`]: `\(String(reflecting: type(of: value)))` = \(quoted("\(value)"))"
            )
            if key == NSUnderlyingErrorKey, let underlying = value as? any Error, level < 3 {
                lines.append("\(indent)  - underlying, bridged:")
                lines.append(contentsOf: bridge(underlying as NSError, indent: indent + "    ", level: level + 1))
            }
        }
        return lines
    }

    private static func mirror(_ value: Any, depth: Int, indent: String) -> [String] {
        guard depth > 0 else { return [] }
        var lines: [String] = []
        for child in Mirror(reflecting: value).children {
            let childMirror = Mirror(reflecting: child.value)
            lines.append(
                "\(indent)\(child.label ?? "_"): \(String(reflecting: type(of: child.value)))"
                    + " [\(displayStyle(childMirror))] = \(clipped(String(describing: child.value)))"
            )
            lines.append(contentsOf: mirror(child.value, depth: depth - 1, indent: indent + "  "))
        }
        return lines
    }

    private static func displayStyle(_ mirror: Mirror) -> String {
        mirror.displayStyle.map { "\($0)" } ?? "leaf"
    }

    private static func clipped(_ text: String) -> String {
        let oneLine = text.replacingOccurrences(of: "\n", with: "\\n")
        return oneLine.count > 240 ? String(oneLine.prefix(240)) + "…" : oneLine
    }

    private static func quoted(_ text: String) -> String {
        "`` " + text.replacingOccurrences(of: "\n", with: "\\n") + " ``"
    }
}
