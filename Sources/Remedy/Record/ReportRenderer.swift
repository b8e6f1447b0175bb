/// Renders an error tree as the full text report, plain or with ANSI colours, in one pre-order walk.
///
/// Layout: the first path down is a numbered chain under `Caused by:`; the children of an error with
/// several causes hang on box-drawing branches, each branch a chain of its own:
///
/// ```text
/// Syncing the library
///   at: App/Sync.swift:10
/// Caused by:
///   1: SyncError.partialFailure
///      ├─ HTTP 503
///      │    type: HTTPStatusError
///      └─ Uploading photos
///           at: App/Sync.swift:20
///         Caused by:
///           1: StorageError.diskFull
/// ```
struct ReportRenderer {
    let limits: ErrorLimits
    let style: ReportStyle

    /// Where a node's lines go, and what its children need to know about it.
    private struct Frame {
        /// The prefix of the chain's `Caused by:` and numbered lines.
        var base: String
        /// The prefix of the attribute lines and child branches of the node's last entry.
        var indent: String
        /// The chain number of the node's last entry (0 for the head of a chain).
        var number: Int
        var childCount: Int
        var omitted: Int
        var shownChildren = 0
        /// The node's own message, truncated, so that a child's message it contains isn't repeated.
        var message: String?

        var isBranching: Bool { childCount + omitted >= 2 || omitted > 0 }
    }

    /// The widest prefix kept; deeper branches are drawn from `⋯`, so a line's cost doesn't grow with
    /// the depth of the tree.
    private static let maximumPrefixLength = 96

    func render(_ error: any Error) -> String {
        var lines = ReportLines(maximumBytes: limits.maximumReportBytes, style: style)
        var iterator = ErrorTree(error, limits: limits).makeVisitor(collectsFields: true)
        var frames: [Frame] = []
        // Room for a tree a few levels deep in one allocation, instead of one per level as it grows.
        frames.reserveCapacity(8)
        var isFirstLine = true

        func close(downTo depth: Int) {
            while frames.count > depth {
                let frame = frames.removeLast()
                if frame.omitted > 0 {
                    lines.append(
                        frame.indent + style.tree("└─ ")
                            + style.marker("… \(frame.omitted) more not shown (width limit \(limits.maximumWidth))")
                    )
                }
            }
        }

        while let visit = iterator.nextVisit() {
            let node = visit.node
            close(downTo: node.depth)

            // Where this node's first entry goes.
            var lead: String
            var base: String
            var number: Int
            var indent: String
            let parentMessage = frames.last?.message
            if var parent = frames.popLast() {
                if parent.isBranching {
                    parent.shownChildren += 1
                    let isLast = parent.shownChildren == parent.childCount && parent.omitted == 0
                    lead = parent.indent + style.tree(isLast ? "└─ " : "├─ ")
                    base = Self.capped(parent.indent + (isLast ? "   " : "│  "))
                    number = 0
                    indent = base + "  "
                } else {
                    base = parent.base
                    number = parent.number + 1
                    if number == 1 { lines.append(base, style.heading("Caused by:")) }
                    lead = numberedLead(base: base, number: number)
                    indent = base + Self.padding(for: number)
                }
                frames.append(parent)
            } else {
                lead = ""
                base = ""
                number = 0
                indent = "  "
            }

            var ownMessage: String?
            if let context = ErrorTree.value(node.error, as: ContextError.self) {
                // One entry per layer, outermost first, continuing the chain.
                let layers = context.innermostFirst
                let shown = Self.shownLayers(count: layers.count, maximum: limits.maximumLayersShown)
                var position = 0
                for layerIndex in stride(from: layers.count - 1, through: 0, by: -1) {
                    let reversedPosition = layers.count - 1 - layerIndex
                    if reversedPosition == shown.head, shown.omitted > 0 {
                        lines.append(base + "  " + style.marker("… \(shown.omitted) more layers"))
                    }
                    guard reversedPosition < shown.head || reversedPosition >= shown.head + shown.omitted else {
                        continue
                    }
                    if position > 0 {
                        number += 1
                        if number == 1 { lines.append(base, style.heading("Caused by:")) }
                        lead = numberedLead(base: base, number: number)
                        indent = base + Self.padding(for: number)
                    }
                    let layer = layers[layers.startIndex + layerIndex]
                    let text = ReportText.message(layer.message, limit: limits.maximumMessageLength)
                    lines.append(lead, isFirstLine ? style.title(text) : style.message(text))
                    isFirstLine = false
                    let location = ReportText.escaped("\(layer.fileID):\(layer.line)")
                    lines.append(indent, style.key("at:"), " ", style.location(location))
                    if position == 0, let override = context.presentationOverride {
                        lines.append(indent, style.key("presentation override:"), " ", describe(override))
                    }
                    position += 1
                }
                ownMessage = layers.first.map { ReportText.truncated($0.message, limit: limits.maximumMessageLength) }
            } else {
                ownMessage = renderEntry(
                    visit,
                    lead: lead,
                    indent: indent,
                    parentMessage: parentMessage,
                    isFirstLine: isFirstLine,
                    into: &lines
                )
                isFirstLine = false
            }
            if node.isDepthLimited {
                lines.append(indent + style.marker("… causes below not shown (depth limit \(limits.maximumDepth))"))
            }
            frames.append(
                Frame(
                    base: base,
                    indent: indent,
                    number: number,
                    childCount: node.childCount,
                    omitted: node.omittedChildCount,
                    message: ownMessage
                )
            )
        }
        close(downTo: 0)
        if iterator.isTruncated {
            lines.append(style.marker("… more errors not shown (limit of \(limits.maximumNodes) errors)"))
        }
        return lines.finish()
    }

    /// Renders the one entry of a node that isn't a ``ContextError``; returns its message, truncated.
    private func renderEntry(
        _ visit: ErrorTree.Visit,
        lead: String,
        indent: String,
        parentMessage: String?,
        isFirstLine: Bool,
        into lines: inout ReportLines
    ) -> String? {
        let node = visit.node
        let error = node.error
        let info = visit.info
        let limit = limits.maximumMessageLength
        // A decoding error is cast out of its box once for all it tells.
        let decoding = ErrorFacts.DecodingFacts(of: error, info: info)
        let kind = decoding?.kind ?? ErrorFacts.kind(of: error, info: info, caseLabel: visit.caseLabel)
        let message = (decoding.map(\.message) ?? ErrorFacts.message(of: error, info: info))
            .map { ReportText.truncated($0, limit: limit) }
        let headline: String
        if let message, let parentMessage, ReportText.contains(parentMessage, message) {
            headline = kind  // the parent's message already says it
        } else if let message {
            headline = ReportText.escaped(message)
        } else {
            headline = ReportText.escaped(
                ErrorFacts.fallback(
                    of: error,
                    info: info,
                    caseLabel: visit.caseLabel,
                    fields: visit.fields,
                    messageLimit: limit,
                    kind: kind
                )
            )
        }
        let paintedHeadline = isFirstLine ? style.title(headline) : style.message(headline)
        if node.isCycle {
            lines.append(
                lead,
                paintedHeadline,
                " ",
                style.marker("↻ cycle: the same instance as an enclosing error, not expanded again")
            )
        } else if node.isRepeated {
            lines.append(
                lead,
                paintedHeadline,
                " ",
                style.marker("↑ repeated: the same instance as an error above, not expanded again")
            )
        } else {
            lines.append(lead, paintedHeadline)
        }

        func attribute(_ key: String, _ value: String, painted: (String) -> String = { $0 }) {
            lines.append(indent, style.key(key + ":"), " ", painted(value))
        }
        let domainAndCode = ErrorFacts.domainAndCode(of: error, info: info)
        let isPlainNSError = info.source == .nsError && kind == "NSError"
        if !headline.hasPrefix(kind), !isPlainNSError {
            attribute("type", kind, painted: style.type)
        }
        if let (domain, code) = domainAndCode, headline != ReportText.escaped("\(domain) \(code)") {
            lines.append(
                indent + style.key("domain:") + " " + style.type(ReportText.message(domain, limit: limit)) + ", "
                    + style.key("code:") + " " + style.type("\(code)")
            )
        }
        if let codingPath = decoding.map(\.codingPath) ?? ErrorTree.codingPath(of: error, info: info) {
            // `coding path: days[0].temp`, as the node's `detail`
            attribute("coding path", ReportText.message(codingPath, limit: limit))
        }
        let (reason, suggestion) =
            decoding?.reasonAndSuggestion ?? ErrorFacts.reasonAndSuggestion(of: error, info: info)
        if let reason, reason != message { attribute("reason", ReportText.message(reason, limit: limit)) }
        if let suggestion { attribute("suggestion", ReportText.message(suggestion, limit: limit)) }
        if let presentation = ErrorFacts.presentation(of: error, info: info) {
            lines.append(indent, style.key(presentation))
        }
        if let other = ErrorFacts.otherUserInfo(of: error, info: info, limit: limit) {
            attribute("info", ReportText.escaped(other))
        }
        if let debug = decoding.map(\.debugText) ?? ErrorFacts.debugText(of: error, info: info, isLeaf: node.isLeaf),
            debug != message, ReportText.escaped(debug) != headline
        {
            attribute("debug", ReportText.message(debug, limit: limit))
        }
        return message
    }

    private func describe(_ override: PresentationOverride) -> String {
        let limit = limits.maximumMessageLength
        var parts: [String] = []
        if let title = override.title { parts.append("title \"\(ReportText.message(title, limit: limit))\"") }
        if let message = override.message { parts.append("message \"\(ReportText.message(message, limit: limit))\"") }
        if let severity = override.severity { parts.append("severity \(severity)") }
        if !override.options.isEmpty {
            let titles = override.options.prefix(ErrorTree.maximumFields).map {
                ReportText.message($0.title, limit: limit)
            }
            parts.append("options [\(titles.joined(separator: ", "))]")
        }
        return parts.isEmpty ? "(empty)" : parts.joined(separator: ", ")
    }

    /// How many layers to show from the outside (`head`) and how many to leave out after them.
    private static func shownLayers(count: Int, maximum: Int) -> (head: Int, omitted: Int) {
        guard count > maximum else { return (count, 0) }
        let head = (maximum + 1) / 2
        return (head, count - maximum)
    }

    /// The indent of a numbered entry's attributes: under the text after `  12: `.
    private static func padding(for number: Int) -> String {
        let width = 2 + String(number).utf8.count + 2
        return width < paddings.count ? paddings[width] : String(repeating: " ", count: width)
    }

    /// Runs of spaces by their length, for ``padding(for:)``: numbers have at most 20 digits.
    private static let paddings = (0...24).map { String(repeating: " ", count: $0) }

    /// The start of a numbered entry of a chain: `base` and `  12: `.
    private func numberedLead(base: String, number: Int) -> String {
        var lead = base
        lead += "  "
        lead += style.tree(String(number) + ":")
        lead += " "
        return lead
    }

    /// A prefix no wider than ``maximumPrefixLength`` characters.
    private static func capped(_ prefix: String) -> String {
        guard prefix.count > maximumPrefixLength else { return prefix }
        return "⋯ " + String(prefix.suffix(maximumPrefixLength - 2))
    }
}

/// The lines of a report within a byte cap: the beginning and the end are kept, and a marker tells
/// how many lines in between were left out.
struct ReportLines {
    private let headBudget: Int
    private let tailBudget: Int
    private let maximumBytes: Int
    private let style: ReportStyle
    /// The first lines as UTF-8, separated by newlines (no newline after the last one). Bytes, not a
    /// `String`: appending a string's bytes to an array is a copy, while `String.append` costs several
    /// hundred instructions a part; the bytes come from strings, so they are valid UTF-8.
    private var head: [UInt8] = []
    /// The bytes of the head's lines, each with its newline.
    private var headBytes = 0
    private var headIsFull = false
    private var tail: [String] = []
    private var tailStart = 0
    private var tailBytes = 0
    private var droppedLines = 0
    /// Room for the marker line.
    private static let reserve = 128
    /// The head's first capacity: a report of a few errors fits, so its lines are written without the
    /// buffer growing (and being copied) line by line.
    private static let initialCapacity = 1_024

    init(maximumBytes: Int, style: ReportStyle) {
        self.maximumBytes = maximumBytes
        self.style = style
        let room = Swift.max(0, maximumBytes - Self.reserve)
        self.headBudget = room / 2
        self.tailBudget = room - room / 2
        head.reserveCapacity(Swift.min(headBudget, Self.initialCapacity))
    }

    mutating func append(_ line: String) {
        append(line, "")
    }

    /// Appends one line made of parts, written into the report as they are: a line that fits the head
    /// isn't concatenated first.
    mutating func append(_ first: String, _ second: String, _ third: String = "", _ fourth: String = "") {
        let size = first.utf8.count + second.utf8.count + third.utf8.count + fourth.utf8.count + 1
        if !headIsFull {
            if headBytes + size <= headBudget {
                if headBytes > 0 { head.append(UInt8(ascii: "\n")) }
                head.append(contentsOf: first.utf8)
                if !second.isEmpty { head.append(contentsOf: second.utf8) }
                if !third.isEmpty { head.append(contentsOf: third.utf8) }
                if !fourth.isEmpty { head.append(contentsOf: fourth.utf8) }
                headBytes += size
                return
            }
            headIsFull = true
        }
        var line = first
        if !second.isEmpty { line += second }
        if !third.isEmpty { line += third }
        if !fourth.isEmpty { line += fourth }
        if size > tailBudget {
            line = ReportText.truncated(line, limit: Swift.max(0, tailBudget - 48)) + style.reset
        }
        tail.append(line)
        tailBytes += line.utf8.count + 1
        while tailBytes > tailBudget, tailStart < tail.count {
            tailBytes -= tail[tailStart].utf8.count + 1
            tail[tailStart] = ""
            tailStart += 1
            droppedLines += 1
        }
        if tailStart > 1_024, tailStart > tail.count / 2 {
            tail.removeFirst(tailStart)
            tailStart = 0
        }
    }

    /// The report, without a trailing newline.
    func finish() -> String {
        var text = String(decoding: head, as: UTF8.self)
        guard droppedLines > 0 || tailStart < tail.count else { return text }
        var isEmpty = headBytes == 0
        if droppedLines > 0 {
            if !isEmpty { text += "\n" }
            text += style.marker("… \(droppedLines) lines not shown (report limit of \(maximumBytes) bytes) …")
            isEmpty = false
        }
        for line in tail[tailStart...] {
            if !isEmpty { text += "\n" }
            text += line
            isEmpty = false
        }
        return text
    }
}

/// The colours and weights of a report: none for plain text, ANSI escape codes for terminals.
struct ReportStyle: Sendable {
    private let titleCode: String
    private let messageCode: String
    private let headingCode: String
    private let keyCode: String
    private let typeCode: String
    private let locationCode: String
    private let markerCode: String
    private let treeCode: String
    /// The code that ends any of the others.
    let reset: String

    static let plain = ReportStyle(
        titleCode: "", messageCode: "", headingCode: "", keyCode: "", typeCode: "", locationCode: "",
        markerCode: "", treeCode: "", reset: ""
    )

    static let ansi = ReportStyle(
        titleCode: "\u{1B}[1;31m",  // bold red: the outermost message
        messageCode: "\u{1B}[1m",  // bold
        headingCode: "\u{1B}[33m",  // yellow: Caused by:
        keyCode: "\u{1B}[2m",  // dim
        typeCode: "\u{1B}[36m",  // cyan
        locationCode: "\u{1B}[2m",  // dim
        markerCode: "\u{1B}[35m",  // magenta
        treeCode: "\u{1B}[2m",  // dim
        reset: "\u{1B}[0m"
    )

    func title(_ text: String) -> String { paint(text, titleCode) }
    func message(_ text: String) -> String { paint(text, messageCode) }
    func heading(_ text: String) -> String { paint(text, headingCode) }
    func key(_ text: String) -> String { paint(text, keyCode) }
    func type(_ text: String) -> String { paint(text, typeCode) }
    func location(_ text: String) -> String { paint(text, locationCode) }
    func marker(_ text: String) -> String { paint(text, markerCode) }
    func tree(_ text: String) -> String { paint(text, treeCode) }

    private func paint(_ text: String, _ code: String) -> String {
        code.isEmpty ? text : code + text + reset
    }
}
