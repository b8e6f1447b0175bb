import Foundation

/// The developer's view of an error and its whole tree: a one-line summary, a stable grouping key, a
/// full plain-text report, an ANSI-coloured one for terminals, and JSON for logs and crash reporters.
///
/// ```swift
/// logger.error("\(ErrorReport(error).summary)")
/// // Loading forecast: Parsing forecast: key 'temp' not found
///
/// print(ErrorReport(error).text)
/// // Loading forecast
/// //   at: App/ForecastViewModel.swift:42
/// // Caused by:
/// //   1: Parsing forecast
/// //      at: App/ForecastService.swift:17
/// //   2: key 'temp' not found
/// //      type: DecodingError.keyNotFound
/// //      coding path: days[0]
/// //      debug: No value associated with key CodingKeys(stringValue: "temp", intValue: nil) ("temp").
/// ```
///
/// Every rendering is bounded by its ``ErrorLimits``: the walk obeys the depth, width and node caps, and the
/// rendering caps bound the total size, each message and the context layers shown, with a visible
/// marker wherever something was left out. Messages are escaped, so newlines, tabs and ANSI escape sequences inside them can't break a
/// report's lines or colour a terminal (`\n`, `\t`, `\u{1B}`); emoji and other text stay as they are.
///
/// A report is computed when asked: creating one costs nothing, and each property walks the tree
/// again.
public struct ErrorReport: Sendable, CustomStringConvertible {
    /// The error being reported.
    package let error: any Error
    /// The caps of the tree walk and of the renderings.
    package let limits: ErrorLimits

    /// Creates a report of an error. Nothing is computed until a rendering is asked for.
    ///
    /// - Parameters:
    ///   - error: Any error.
    ///   - limits: The caps of the tree walk and of the renderings.
    public init(_ error: any Error, limits: ErrorLimits = .default) {
        self.error = error
        self.limits = limits
    }

    // MARK: - Renderings

    /// The full plain-text report.
    ///
    /// The first path down is a numbered chain of causes under `Caused by:`; where an error has several
    /// causes, they hang below it on box-drawing branches (`├─`, `└─`), each with its own chain. Each
    /// error shows its message (or its type and enum case when it has none) and, on indented lines,
    /// its type, domain and code, coding path, source location, failure reason, recovery suggestion and
    /// debug description. A message that its parent's message already contains is not repeated: the
    /// cause then shows its type instead. Cycles, repeats and everything the caps left out are marked.
    public var text: String {
        ReportRenderer(limits: limits, style: .plain).render(error)
    }

    /// The full report with ANSI colours and weights (RemedyTerminal's `ansiText(environment:)`).
    package var colouredText: String {
        ReportRenderer(limits: limits, style: .ansi).render(error)
    }

    /// The report as ``text``.
    public var description: String { text }
}

extension ErrorReport {
    /// ``text`` in one line, its line breaks written as a visible `\n`: a log record's value.
    package var singleLineText: String {
        ReportRenderer(limits: limits, style: .plain, isSingleLine: true).render(error)
    }
}

extension ResolvedFailure {
    /// The report of the failure's error (``ErrorReport/text``) from the walk that resolved it, without
    /// walking the tree again; `singleLine` writes its line breaks as a visible `\n`.
    package func reportText(singleLine: Bool = false) -> String {
        ReportRenderer(limits: facts.limits, style: .plain, isSingleLine: singleLine).render(facts)
    }
}

// MARK: - Summary

extension ErrorReport {
    /// One line: the context layers and the messages along the first path down, joined by ": ", ending
    /// in the root cause's message.
    ///
    /// `Loading forecast: Parsing forecast: key 'temp' not found`
    ///
    /// Errors that only wrap their cause (an enum case whose payload is the cause) add nothing; a root
    /// cause without a message shows its type and case, as `DataError.timeout`. A message that the
    /// previous one already contains is not repeated. When errors have several causes, the summary
    /// follows the first and ends with how many others there are: `Syncing: HTTP 503 (+2 more)`. The
    /// line is escaped and capped (see ``ErrorLimits``).
    public var summary: String {
        // The summary reads the first path only, which the depth cap bounds already: no node cap cuts it.
        var walkLimits = limits
        walkLimits.maximumNodes = .max
        var walk = ErrorTree.Iterator(root: error, limits: walkLimits)
        return Self.summary(of: { walk.nextVisit() }, limits: limits)
    }

    /// The summary of a walk's visits in pre-order: their first path is their prefix, each visit the first
    /// child of the one before.
    static func summary(of nextVisit: () -> ErrorTree.Visit?, limits: ErrorLimits) -> String {
        var builder = SummaryBuilder(limits: limits)
        var others = 0
        while let visit = nextVisit() {
            let node = visit.node
            let error = node.error
            let info = visit.info
            let message = NodeFacts.message(of: error, info: info)
            // A node's fields and stated case name: only a headline without a message names them.
            func look() -> ErrorTree.Inspection {
                ErrorTree.inspect(error, info: info, limit: 0, collectsFields: true, readsCaseName: true)
            }
            func headline(_ inspection: @autoclosure () -> ErrorTree.Inspection) -> String {
                message
                    ?? NodeFacts.fallback(
                        of: error, info: info, inspection: inspection(), messageLimit: limits.maximumMessageLength)
            }
            if node.isCycle {
                builder.append(headline(look()))
                builder.appendToLast(" ↻ (cycle)")
                return builder.result(others: others)
            } else if info.source == .context, let context = ErrorTree.value(error, as: ContextError.self) {
                builder.append(context)
            } else if node.childCount > 0 || node.omittedChildCount > 0
                || (node.isDepthLimited && limits.maximumWidth == 0)
            {
                // A wrapper's message; without a child kept, the width cap left out every cause.
                message.map { builder.append($0) }
            } else if node.isDepthLimited {
                // Where the depth cap stops the summary: the walk kept none of its causes, yet the others count.
                let inspection = look()
                others += inspection.omitted - 1
                builder.append(headline(inspection))
            } else {
                builder.append(headline(look()))  // the root cause
                return builder.result(others: others)
            }
            guard node.childCount > 0 else { break }
            others += node.childCount - 1 + node.omittedChildCount
        }
        // A cap stopped the first path, or the node cap stopped the walk on it.
        builder.appendMarker("…")
        return builder.result(others: others)
    }
}

extension ResolvedFailure.TreeFacts {
    /// The summary (``ErrorReport/summary``) of the walk that resolved the error, without walking it again.
    package var summary: String {
        ErrorReport.summary(of: replay(), limits: limits)
    }
}

/// Collects the parts of a summary and joins them within the length cap.
private struct SummaryBuilder {
    let messageLimit: Int
    let lengthLimit: Int
    private var parts: [String] = []
    /// The last message added, truncated, to leave out a cause its wrapper's message already contains.
    private var previous: String?

    init(limits: ErrorLimits) {
        // A message may take half the line at most, so that the root cause always fits.
        self.messageLimit = Swift.min(limits.maximumMessageLength, limits.maximumSummaryLength / 2)
        self.lengthLimit = limits.maximumSummaryLength
    }

    mutating func append(_ message: String) {
        let truncated = ReportText.truncated(message, limit: messageLimit)
        if let previous, ReportText.contains(previous, truncated) { return }
        previous = truncated
        parts.append(ReportText.escaped(truncated))
    }

    mutating func append(_ context: ContextError) {
        let layers = context.innermostFirst
        parts.reserveCapacity(parts.count + layers.count + 1)
        for layer in layers.reversed() {
            parts.append(ReportText.message(layer.message, limit: messageLimit))
        }
        previous = layers.first.map { ReportText.truncated($0.message, limit: messageLimit) }
    }

    mutating func appendToLast(_ marker: String) {
        if parts.isEmpty { parts.append("") }
        parts[parts.count - 1] += marker
        previous = nil
    }

    mutating func appendMarker(_ marker: String) {
        parts.append(marker)
        previous = nil
    }

    func result(others: Int) -> String {
        let suffix = others > 0 ? " (+\(others) more)" : ""
        let separator = ": "
        var total = suffix.utf8.count
        for part in parts { total += part.utf8.count + separator.utf8.count }
        if total <= lengthLimit + separator.utf8.count {
            return parts.joined(separator: separator) + suffix
        }
        // Too long: keep the root cause, then as many outermost and innermost parts as fit around a
        // marker that says how many were left out.
        let room = lengthLimit - suffix.utf8.count - 32
        var last = parts.last ?? ""
        if last.utf8.count > room / 2 { last = ReportText.truncated(last, limit: room / 2 - 32) }
        var left = room - last.utf8.count
        var headRoom = left / 2
        var head: [String] = []
        for part in parts.dropLast() {
            let size = part.utf8.count + separator.utf8.count
            if size > headRoom { break }
            head.append(part)
            headRoom -= size
            left -= size
        }
        var tail: [String] = []
        for part in parts.dropLast().dropFirst(head.count).reversed() {
            let size = part.utf8.count + separator.utf8.count
            if size > left { break }
            tail.append(part)
            left -= size
        }
        let omitted = parts.count - 1 - head.count - tail.count
        let middle: [String] = omitted > 0 ? ["… \(omitted) more …"] : []
        return (head + middle + tail.reversed() + [last]).joined(separator: separator) + suffix
    }
}
