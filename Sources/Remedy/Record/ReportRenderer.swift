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
///
/// The lines are written part by part straight into one buffer (``ReportLines``): prefixes, numbers,
/// keys and markers are never made into strings of their own first.
struct ReportRenderer {
    let limits: ErrorLimits
    let style: ReportStyle

    /// Where a node's lines go, and what its children need to know about it.
    private struct Frame {
        /// The prefix of the chain's `Caused by:` and numbered lines.
        var base: String
        /// How many spaces follow `base` in the prefix of the attribute lines and child branches of the
        /// node's last entry (its indent).
        var padding: Int
        /// The chain number of the node's last entry (0 for the head of a chain).
        var number: Int
        var childCount: Int
        var omitted: Int
        var shownChildren = 0
        /// The node's own message, truncated, so that a child's message it contains isn't repeated.
        var message: String?

        var isBranching: Bool { childCount + omitted >= 2 || omitted > 0 }
    }

    /// The frames of the nodes from the root down to the one being rendered, outermost first: the first
    /// four in the value itself, so a report of a tree a few levels deep allocates nothing for them (an
    /// array would allocate its storage on the first append); deeper ones in an array.
    private struct FrameStack {
        /// Stands in the slots not in use: its strings are literals, so storing it retains nothing.
        private static let unused = Frame(base: "", padding: 0, number: 0, childCount: 0, omitted: 0, message: nil)
        private var first = unused
        private var second = unused
        private var third = unused
        private var fourth = unused
        private var deeper: [Frame] = []
        private(set) var count = 0

        mutating func append(_ frame: Frame) {
            switch count {
            case 0: first = frame
            case 1: second = frame
            case 2: third = frame
            case 3: fourth = frame
            default: deeper.append(frame)
            }
            count += 1
        }

        /// Removes the last frame, answering its base, padding and count of children left out when it left
        /// any out (what closing it writes), `nil` otherwise; the stack must not be empty.
        ///
        /// A frame of the first four slots stays there, out of use, until the next ``append(_:)`` replaces
        /// it or the stack goes: copying it out and a placeholder in would cost more than the rest of closing.
        mutating func removeLast() -> (base: String, padding: Int, omitted: Int)? {
            let answer = withLast { $0.omitted > 0 ? ($0.base, $0.padding, $0.omitted) : nil }
            count -= 1
            if count >= 4 { deeper.removeLast() }
            return answer
        }

        /// Lets `body` read or change the last frame in place; the stack must not be empty.
        @inline(__always)
        private mutating func withLast<Result>(_ body: (inout Frame) -> Result) -> Result {
            switch count {
            case 1: return body(&first)
            case 2: return body(&second)
            case 3: return body(&third)
            case 4: return body(&fourth)
            default: return body(&deeper[deeper.count - 1])
            }
        }

        /// The last frame's message, or `nil` when the stack is empty.
        var lastMessage: String? {
            mutating get { count == 0 ? nil : withLast { $0.message } }
        }

        /// Whether the last frame's children hang on branches; the stack must not be empty.
        var lastIsBranching: Bool {
            mutating get { withLast { $0.isBranching } }
        }

        /// The last frame's base and the chain number of an entry continuing its chain; the stack must not
        /// be empty.
        var lastBaseAndNextNumber: (String, Int) {
            mutating get { withLast { ($0.base, $0.number + 1) } }
        }

        /// Counts one more shown child of the last frame and answers the frame; the stack must not be empty.
        mutating func countShownChildOfLast() -> Frame {
            withLast { frame in
                frame.shownChildren += 1
                return frame
            }
        }
    }

    /// What starts an entry's first line.
    private enum Lead {
        /// Nothing: the report's first entry.
        case none
        /// A branch below an error with several causes: the parent's indent (`base` and `padding`
        /// spaces), then `├─ `, or `└─ ` for the last one.
        case branch(base: String, padding: Int, isLast: Bool)
        /// An entry of a chain: `base`, then `  12: `.
        case numbered(base: String, number: Int)
    }

    /// The widest prefix kept; deeper branches are drawn from `⋯`, so a line's cost doesn't grow with
    /// the depth of the tree.
    private static let maximumPrefixLength = 96

    func render(_ error: any Error) -> String {
        var lines = ReportLines(maximumBytes: limits.maximumReportBytes, style: style)
        // The lean walk of a report: what `ErrorTree.makeVisitor(collectsFields: true)` tells of each node,
        // without making a `Node` and a `Visit` for it, nor an array of its children.
        var walk = ReportWalk(root: error, rootInfo: nil, limits: limits, readsCaseNames: true)
        var frames = FrameStack()
        var isFirstLine = true

        func close(downTo depth: Int) {
            while frames.count > depth {
                if let frame = frames.removeLast() {
                    lines.beginLine()
                    lines.write(frame.base)
                    lines.writeSpaces(frame.padding)
                    lines.write("└─ ", .tree)
                    lines.beginPaint(.marker)
                    lines.write("… ")
                    lines.write(frame.omitted)
                    lines.write(" more not shown (width limit ")
                    lines.write(limits.maximumWidth)
                    lines.write(")")
                    lines.endPaint()
                    lines.endLine()
                }
            }
        }

        while walk.advance() {
            let step = walk.step
            close(downTo: step.depth)

            // Where this node's first entry goes.
            var lead: Lead
            var base: String
            var number: Int
            var padding: Int
            let parentMessage = frames.lastMessage
            if frames.count > 0 {
                if frames.lastIsBranching {
                    let parent = frames.countShownChildOfLast()
                    let isLast = parent.shownChildren == parent.childCount && parent.omitted == 0
                    lead = .branch(base: parent.base, padding: parent.padding, isLast: isLast)
                    base = Self.capped(parent.base + Self.spaces(parent.padding) + (isLast ? "   " : "│  "))
                    number = 0
                    padding = 2
                } else {
                    (base, number) = frames.lastBaseAndNextNumber
                    if number == 1 { writeCausedBy(base: base, into: &lines) }
                    lead = .numbered(base: base, number: number)
                    padding = Self.padding(for: number)
                }
            } else {
                lead = .none
                base = ""
                number = 0
                padding = 2
            }

            var ownMessage: String?
            if let context = ErrorTree.value(step.error, as: ContextError.self) {
                // One entry per layer, outermost first, continuing the chain.
                let layers = context.innermostFirst
                let shown = Self.shownLayers(count: layers.count, maximum: limits.maximumLayersShown)
                var position = 0
                for layerIndex in stride(from: layers.count - 1, through: 0, by: -1) {
                    let reversedPosition = layers.count - 1 - layerIndex
                    if reversedPosition == shown.head, shown.omitted > 0 {
                        lines.beginLine()
                        lines.write(base)
                        lines.write("  ")
                        lines.beginPaint(.marker)
                        lines.write("… ")
                        lines.write(shown.omitted)
                        lines.write(" more layers")
                        lines.endPaint()
                        lines.endLine()
                    }
                    guard reversedPosition < shown.head || reversedPosition >= shown.head + shown.omitted else {
                        continue
                    }
                    if position > 0 {
                        number += 1
                        if number == 1 { writeCausedBy(base: base, into: &lines) }
                        lead = .numbered(base: base, number: number)
                        padding = Self.padding(for: number)
                    }
                    let layer = layers[layers.startIndex + layerIndex]
                    lines.beginLine()
                    write(lead, into: &lines)
                    lines.beginPaint(isFirstLine ? .title : .message)
                    lines.writeMessage(layer.message, limit: limits.maximumMessageLength)
                    lines.endPaint()
                    lines.endLine()
                    isFirstLine = false
                    lines.beginLine()
                    lines.write(base)
                    lines.writeSpaces(padding)
                    lines.write("at:", .key)
                    lines.write(" ")
                    lines.beginPaint(.location)
                    // As `ReportText.escaped("\(fileID):\(line)")`: escaping goes scalar by scalar.
                    lines.writeEscaped(layer.fileID)
                    lines.write(":")
                    lines.write(layer.line)
                    lines.endPaint()
                    lines.endLine()
                    if position == 0, let override = context.presentationOverride {
                        lines.beginLine()
                        lines.write(base)
                        lines.writeSpaces(padding)
                        lines.write("presentation override:", .key)
                        lines.write(" ")
                        lines.write(describe(override))
                        lines.endLine()
                    }
                    position += 1
                }
                ownMessage = layers.first.map { ReportText.truncated($0.message, limit: limits.maximumMessageLength) }
            } else {
                ownMessage = renderEntry(
                    step,
                    fields: walk.fields,
                    lead: lead,
                    base: base,
                    padding: padding,
                    parentMessage: parentMessage,
                    isFirstLine: isFirstLine,
                    into: &lines
                )
                isFirstLine = false
            }
            if step.isDepthLimited {
                lines.beginLine()
                lines.write(base)
                lines.writeSpaces(padding)
                lines.beginPaint(.marker)
                lines.write("… causes below not shown (depth limit ")
                lines.write(limits.maximumDepth)
                lines.write(")")
                lines.endPaint()
                lines.endLine()
            }
            frames.append(
                Frame(
                    base: base,
                    padding: padding,
                    number: number,
                    childCount: step.childCount,
                    omitted: step.omittedChildCount,
                    message: ownMessage
                )
            )
        }
        close(downTo: 0)
        if walk.isTruncated {
            lines.beginLine()
            lines.beginPaint(.marker)
            lines.write("… more errors not shown (limit of ")
            lines.write(limits.maximumNodes)
            lines.write(" errors)")
            lines.endPaint()
            lines.endLine()
        }
        return lines.finish()
    }

    /// Renders the one entry of a node that isn't a ``ContextError``; returns its message, truncated.
    private func renderEntry(
        _ step: ErrorTree.Step,
        fields: [ErrorTree.Field],
        lead: Lead,
        base: String,
        padding: Int,
        parentMessage: String?,
        isFirstLine: Bool,
        into lines: inout ReportLines
    ) -> String? {
        let error = step.error
        let info = step.info
        let limit = limits.maximumMessageLength
        // An error that is neither an `NSError` nor a `CustomNSError`, nor a `LocalizedError` or a
        // `PresentableError` (as most enums that wrap their causes), has no code, user info, reason,
        // suggestion or presentation: what each of those reads answers `nil` for it.
        let hasNoFacts: Bool
        switch info.source {
        case .nsError, .customNSError: hasNoFacts = false
        default:
            hasNoFacts =
                info.asLocalized == nil && info.asPresentable == nil && info.asCustomNSError == nil && !info.isNSError
        }
        // A decoding error is cast out of its box once for all it tells. Its facts are moved into locals
        // at once: each read through the optional would copy all of them.
        var isDecoding = false
        var decodingKind = ""
        var codingKeys: [any CodingKey]?
        var decodingDebugText: String?
        var decodingReasonAndSuggestion: (String?, String?)?
        let message: String?
        if let decoding = ErrorFacts.DecodingFacts(of: error, info: info) {
            isDecoding = true
            decodingKind = decoding.kind
            codingKeys = decoding.codingKeys
            decodingDebugText = decoding.debugText
            decodingReasonAndSuggestion = decoding.reasonAndSuggestion
            message = ReportText.truncated(decoding.message, limit: limit)
        } else if hasNoFacts, info.source != .context, info.source != .decoding, info.source != .encoding {
            // What `ErrorFacts.message(of:info:)` answers for such an error (context, decoding and encoding
            // errors answer by their source first): its own description, if any.
            message =
                info.isTextual
                ? (String(describing: error) as String?).nonBlank.map { ReportText.truncated($0, limit: limit) } : nil
        } else {
            message = ErrorFacts.message(of: error, info: info).map { ReportText.truncated($0, limit: limit) }
        }
        // An enum case without a message and without other values, as most wrapping cases are: its headline
        // is its kind escaped, `Type.case`, written from its two parts. (What `ErrorFacts.kind` and
        // `ErrorFacts.fallback` make of it: neither reads a domain or a code for these sources.)
        let caseParts: (type: String, name: String)? =
            if !isDecoding, message == nil, let caseLabel = step.caseLabel, fields.isEmpty,
                info.style == .enumeration, !info.isPlainData, info.source == .wrapping || info.source == .reflection
            {
                (info.name, caseLabel)
            } else {
                nil
            }
        let kind: String
        let headline: String
        if caseParts != nil {
            // Not needed: see `caseParts`.
            kind = ""
            headline = ""
        } else {
            kind = isDecoding ? decodingKind : ErrorFacts.kind(of: error, info: info, caseLabel: step.caseLabel)
            if let message, let parentMessage, ReportText.contains(parentMessage, message) {
                headline = kind  // the parent's message already says it
            } else if let message {
                headline = ReportText.escaped(message)
            } else {
                headline = ReportText.escaped(
                    ErrorFacts.fallback(
                        of: error,
                        info: info,
                        caseLabel: step.caseLabel,
                        fields: fields,
                        messageLimit: limit,
                        kind: kind
                    )
                )
            }
        }
        /// The headline as text.
        func headlineText() -> String {
            caseParts.map { ReportText.escaped($0.type + "." + $0.name) } ?? headline
        }
        // Whether escaping changed the parts of `caseParts`: only then can the kind be more than a
        // prefix of the headline, and need a `type:` line.
        var casePartsChanged = false
        if case .numbered(let base, let number) = lead, base.isEmpty {
            // The entries of the report's first chain: the line's start and its number in one append.
            lines.beginNumberedLine(number)
        } else {
            lines.beginLine()
            write(lead, into: &lines)
        }
        if let caseParts {
            lines.beginPaint(isFirstLine ? .title : .message)
            // As `ReportText.escaped("\(type).\(name)")`: escaping goes scalar by scalar.
            casePartsChanged = lines.writeEscaped(caseParts.type)
            lines.write(".")
            casePartsChanged = lines.writeEscaped(caseParts.name) || casePartsChanged
            lines.endPaint()
        } else {
            lines.write(headline, isFirstLine ? .title : .message)
        }
        if step.isCycle {
            lines.write(" ")
            lines.write("↻ cycle: the same instance as an enclosing error, not expanded again", .marker)
        } else if step.isRepeated {
            lines.write(" ")
            lines.write("↑ repeated: the same instance as an error above, not expanded again", .marker)
        }
        lines.endLine()

        /// Begins an attribute line: the indent, `key:` and a space.
        func beginAttribute(_ key: StaticString) {
            lines.beginAttribute(base: base, padding: padding, key: key)
        }
        let domainAndCode = hasNoFacts ? nil : ErrorFacts.domainAndCode(of: error, info: info)
        let isPlainNSError = info.source == .nsError && kind == "NSError"
        if let caseParts {
            if casePartsChanged {
                let kind = caseParts.type + "." + caseParts.name
                let headline = headlineText()
                if headline != kind, !headline.hasPrefix(kind) {
                    beginAttribute("type:")
                    lines.write(kind, .type)
                    lines.endLine()
                }
            }
        } else if headline != kind, !headline.hasPrefix(kind), !isPlainNSError {
            // (`==` first: a headline that is the kind itself is the common case, and the cheap one.)
            beginAttribute("type:")
            lines.write(kind, .type)
            lines.endLine()
        }
        if let (domain, code) = domainAndCode, headlineText() != ReportText.escaped("\(domain) \(code)") {
            beginAttribute("domain:")
            lines.beginPaint(.type)
            lines.writeMessage(domain, limit: limit)
            lines.endPaint()
            lines.write(", ")
            lines.write("code:", .key)
            lines.write(" ")
            lines.beginPaint(.type)
            lines.write(code)
            lines.endPaint()
            lines.endLine()
        }
        if isDecoding {
            if let codingKeys {
                // `coding path: days[0].temp`, as the node's `detail`
                beginAttribute("coding path:")
                lines.writeCodingPath(codingKeys, limit: limit)
                lines.endLine()
            }
        } else if info.source == .decoding || info.source == .encoding,
            let codingPath = ErrorTree.codingPath(of: error, info: info)
        {
            beginAttribute("coding path:")
            lines.writeMessage(codingPath, limit: limit)
            lines.endLine()
        }
        let (reason, suggestion) =
            decodingReasonAndSuggestion
            ?? (hasNoFacts ? (nil, nil) : ErrorFacts.reasonAndSuggestion(of: error, info: info))
        if let reason, reason != message {
            beginAttribute("reason:")
            lines.writeMessage(reason, limit: limit)
            lines.endLine()
        }
        if let suggestion {
            beginAttribute("suggestion:")
            lines.writeMessage(suggestion, limit: limit)
            lines.endLine()
        }
        if !hasNoFacts, let presentation = ErrorFacts.presentation(of: error, info: info) {
            lines.beginLine()
            lines.write(base)
            lines.writeSpaces(padding)
            lines.write(presentation, .key)
            lines.endLine()
        }
        if !hasNoFacts, let other = ErrorFacts.otherUserInfo(of: error, info: info, limit: limit) {
            beginAttribute("info:")
            lines.writeEscaped(other)
            lines.endLine()
        }
        let debugText =
            if isDecoding { decodingDebugText } else {
                ErrorFacts.debugText(of: error, info: info, isLeaf: step.isLeaf)
            }
        if let debug = debugText,
            debug != message
        {
            let escaped = ReportText.escaped(debug)
            if escaped != headlineText() {
                beginAttribute("debug:")
                // Within the limit, the message of the debug text is the escaped text itself.
                if debug.utf8.count <= limit {
                    lines.write(escaped)
                } else {
                    lines.writeMessage(debug, limit: limit)
                }
                lines.endLine()
            }
        }
        return message
    }

    /// `Caused by:` after `base`, on a line of its own.
    private func writeCausedBy(base: String, into lines: inout ReportLines) {
        lines.beginLine()
        lines.write(base)
        lines.write("Caused by:", .heading)
        lines.endLine()
    }

    /// Writes the start of an entry's first line.
    private func write(_ lead: Lead, into lines: inout ReportLines) {
        switch lead {
        case .none:
            break
        case .branch(let base, let padding, let isLast):
            lines.write(base)
            lines.writeSpaces(padding)
            lines.write(isLast ? "└─ " : "├─ ", .tree)
        case .numbered(let base, let number):
            lines.write(base)
            lines.writeNumber(number)
        }
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

    /// The width of the indent of a numbered entry's attributes: under the text after `  12: `.
    private static func padding(for number: Int) -> Int {
        2 + ReportLines.decimalLength(of: number) + 2
    }

    /// A run of spaces.
    private static func spaces(_ count: Int) -> String {
        count < runsOfSpaces.count ? runsOfSpaces[count] : String(repeating: " ", count: count)
    }

    /// Runs of spaces by their length: numbered indents are at most 24 wide (numbers have at most 20 digits).
    private static let runsOfSpaces = (0...24).map { String(repeating: " ", count: $0) }

    /// A prefix no wider than ``maximumPrefixLength`` characters.
    private static func capped(_ prefix: String) -> String {
        guard prefix.count > maximumPrefixLength else { return prefix }
        return "⋯ " + String(prefix.suffix(maximumPrefixLength - 2))
    }
}

/// The lines of a report within a byte cap: the beginning and the end are kept, and a marker tells
/// how many lines in between were left out.
///
/// A line is written part by part between ``beginLine()`` and ``endLine()``, straight into the buffer
/// of the report's beginning; a line that doesn't fit there any more is moved to the end's lines.
struct ReportLines {
    private let headBudget: Int
    private let tailBudget: Int
    private let maximumBytes: Int
    private let style: ReportStyle
    /// The first lines as UTF-8, separated by newlines (no newline after the last one), then the line
    /// being written. Bytes, not a `String`: appending a string's bytes is a copy, while
    /// `String.append` costs several hundred instructions a part; every part is a whole string, so the
    /// bytes are valid UTF-8.
    private var head: ReportBytes
    /// The bytes of the head's lines, each with its newline (not the line being written).
    private var headBytes = 0
    private var headIsFull = false
    /// Where the line being written starts in `head`, with the newline before it.
    private var lineStart = 0
    /// Where the text of the line being written starts in `head`.
    private var textStart = 0
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
        self.head = ReportBytes(capacity: Swift.min(headBudget, Self.initialCapacity))
    }

    // MARK: Lines

    /// Starts a line.
    mutating func beginLine() {
        lineStart = head.count
        if !headIsFull, headBytes > 0 { head.append(UInt8(ascii: "\n")) }
        textStart = head.count
    }

    /// Ends the line started last: it stays in the head if it fits, or goes to the tail.
    mutating func endLine() {
        let size = head.count - textStart + 1
        if !headIsFull {
            if headBytes + size <= headBudget {
                headBytes += size
                return
            }
            headIsFull = true
        }
        var line = head.string(from: textStart)
        head.removeSuffix(from: lineStart)
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

    /// Appends one line.
    mutating func append(_ line: String) {
        beginLine()
        write(line)
        endLine()
    }

    // MARK: Parts of a line

    /// Writes text as it is.
    mutating func write(_ text: String) {
        // Prefixes are empty for most lines.
        guard !text.isEmpty else { return }
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in append(bytes) }
        if written == nil { head.append(contentsOf: text.utf8) }
    }

    /// Writes a literal as it is.
    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { bytes in append(bytes) }
    }

    /// Appends bytes.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        head.append(bytes)
    }

    /// Writes text in a style's colour: its code, the text, the code that ends it.
    mutating func write(_ text: String, _ part: ReportStyle.Part) {
        beginPaint(part)
        write(text)
        endPaint()
    }

    /// Writes a literal in a style's colour.
    mutating func write(_ text: StaticString, _ part: ReportStyle.Part) {
        beginPaint(part)
        write(text)
        endPaint()
    }

    /// Starts a style's colour (nothing in plain text).
    mutating func beginPaint(_ part: ReportStyle.Part) {
        if style.isANSI { write(ReportStyle.code(of: part)) }
    }

    /// Ends a colour started by ``beginPaint(_:)`` (nothing in plain text).
    mutating func endPaint() {
        if style.isANSI { write(ReportStyle.resetCode) }
    }

    /// Writes a number in decimal, as `String(number)` does.
    mutating func write(_ number: Int) {
        if (0..<10).contains(number) {
            // Chain numbers and indices are mostly one digit.
            head.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: number))
            return
        }
        if number < 0 { head.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        // The digits from the last, then put in order.
        let start = head.count
        repeat {
            head.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        head.reverse(from: start)
    }

    /// Writes `count` spaces.
    /// Writes an attribute line's start after `beginLine()`: `base`, `padding` spaces, `key` and a space.
    mutating func beginAttribute(base: String, padding: Int, key: StaticString) {
        guard !style.isANSI, padding >= 0, base.isEmpty else {
            beginLine()
            write(base)
            writeSpaces(padding)
            write(key, .key)
            write(" ")
            return
        }
        // Plain without a base, as the attributes of a chain: what `beginLine()` writes (the newline
        // before the line, if any), the spaces, the key and the space in one append.
        lineStart = head.count
        let newline = !headIsFull && headBytes > 0 ? 1 : 0
        textStart = lineStart + newline
        key.withUTF8Buffer { key in
            let keyCount = key.count
            head.append(newline + padding + keyCount + 1) { target in
                if newline == 1 { target.initialize(to: UInt8(ascii: "\n")) }
                let indent = target + newline
                indent.initialize(repeating: UInt8(ascii: " "), count: padding)
                if let source = key.baseAddress { (indent + padding).initialize(from: source, count: keyCount) }
                (indent + padding + keyCount).initialize(to: UInt8(ascii: " "))
            }
        }
    }

    /// Begins a line that is a chain entry without a base: `beginLine()`, then ``writeNumber(_:)``.
    mutating func beginNumberedLine(_ number: Int) {
        guard !style.isANSI, (0..<10).contains(number) else {
            beginLine()
            writeNumber(number)
            return
        }
        // Plain and one digit: the newline before the line (if any) and `  1: ` in one append.
        lineStart = head.count
        let newline = !headIsFull && headBytes > 0 ? 1 : 0
        textStart = lineStart + newline
        head.append(newline + 5) { target in
            if newline == 1 { target.initialize(to: UInt8(ascii: "\n")) }
            Self.initializeNumber(number, at: target + newline)
        }
    }

    /// Writes a chain entry's number after its base: `  12: `, the number and its colon painted `.tree`.
    mutating func writeNumber(_ number: Int) {
        guard !style.isANSI, (0..<10).contains(number) else {
            write("  ")
            beginPaint(.tree)
            write(number)
            write(":")
            endPaint()
            write(" ")
            return
        }
        // Plain and one digit, as most chain numbers: the five bytes in one append.
        head.append(5) { Self.initializeNumber(number, at: $0) }
    }

    /// Writes a one-digit chain number as the five bytes `  1: ` at `text`.
    @inline(__always)
    private static func initializeNumber(_ number: Int, at text: UnsafeMutablePointer<UInt8>) {
        text.initialize(to: UInt8(ascii: " "))
        (text + 1).initialize(to: UInt8(ascii: " "))
        (text + 2).initialize(to: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: number))
        (text + 3).initialize(to: UInt8(ascii: ":"))
        (text + 4).initialize(to: UInt8(ascii: " "))
    }

    mutating func writeSpaces(_ count: Int) {
        head.append(UInt8(ascii: " "), count: count)
    }

    /// Writes text escaped, as ``ReportText/escaped(_:)`` makes it.
    ///
    /// - Returns: Whether escaping changed the text.
    @discardableResult
    mutating func writeEscaped(_ text: String) -> Bool {
        let start = head.count
        write(text)
        guard !head.withBytes(from: start, ReportText.isSafe) else { return false }
        head.removeSuffix(from: start)
        write(ReportText.escaped(text))
        return true
    }

    /// Writes a message as ``ReportText/message(_:limit:)`` makes it: truncated, then escaped.
    mutating func writeMessage(_ text: String, limit: Int) {
        if text.utf8.count <= limit {
            writeEscaped(text)
        } else {
            write(ReportText.message(text, limit: limit))
        }
    }

    /// Writes a coding path as ``ReportText/message(_:limit:)`` makes `ErrorTree.codingPath(_:)`'s text:
    /// `days[0].temp`, `(root)` when empty.
    ///
    /// The path is written as it is made, then checked: only a path that is too long or needs escaping
    /// is made into a string, and written again as a message.
    mutating func writeCodingPath(_ path: [any CodingKey], limit: Int) {
        guard !path.isEmpty else {
            writeMessage("(root)", limit: limit)
            return
        }
        let start = head.count
        // By index: each key is read where it is stored, not copied out of the array first.
        for position in path.indices {
            let name = path[position].stringValue
            if let index = path[position].intValue, Self.isIndexName(name, of: index) {
                head.append(UInt8(ascii: "["))
                write(index)
                head.append(UInt8(ascii: "]"))
            } else {
                if head.count > start { head.append(UInt8(ascii: ".")) }
                write(name)
            }
        }
        guard head.count - start > limit || !head.withBytes(from: start, ReportText.isSafe) else { return }
        let text = head.string(from: start)
        head.removeSuffix(from: start)
        write(ReportText.message(text, limit: limit))
    }

    /// Whether a key's name is its index's, as `JSONDecoder` names array positions: `Index 2` or `2`; the
    /// same answer as `ErrorTree.codingPath(_:)`'s, comparing bytes instead of making the index's text.
    static func isIndexName(_ name: String, of index: Int) -> Bool {
        if let answer = name.utf8.withContiguousStorageIfAvailable({ isASCIIIndexName($0, of: index) }),
            let answer
        {
            return answer
        }
        let digits = String(index)
        return name == digits || name == "Index " + digits
    }

    /// ``isIndexName(_:of:)`` for an ASCII name, or `nil` when the name isn't ASCII (strings compare by
    /// canonical equivalence, which only the string comparison decides for other text).
    private static func isASCIIIndexName(_ name: UnsafeBufferPointer<UInt8>, of index: Int) -> Bool? {
        guard !name.contains(where: { $0 >= 0x80 }) else { return nil }
        var start = 0
        let prefix: StaticString = "Index "
        if name.count > prefix.utf8CodeUnitCount,
            prefix.withUTF8Buffer({ name.starts(with: $0) })
        {
            start = prefix.utf8CodeUnitCount
        }
        // The decimal text of `index`: an optional minus, then the digits of its magnitude.
        if index < 0 {
            guard start < name.count, name[start] == UInt8(ascii: "-") else { return false }
            start += 1
        }
        var magnitude = index.magnitude
        guard name.count - start == decimalLength(of: magnitude) else { return false }
        var position = name.count - 1
        while position >= start {
            guard name[position] == UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10) else {
                return false
            }
            magnitude /= 10
            position -= 1
        }
        return true
    }

    /// How many characters `String(number)` has.
    static func decimalLength(of number: Int) -> Int {
        (number < 0 ? 1 : 0) + decimalLength(of: number.magnitude)
    }

    /// How many digits a number has in decimal.
    static func decimalLength(of magnitude: UInt) -> Int {
        var magnitude = magnitude
        var length = 1
        while magnitude >= 10 {
            magnitude /= 10
            length += 1
        }
        return length
    }

    // MARK: The report

    /// The report, without a trailing newline.
    func finish() -> String {
        var text = head.string()
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
    /// Whether the report is painted with ANSI escape codes.
    let isANSI: Bool

    static let plain = ReportStyle(isANSI: false)
    static let ansi = ReportStyle(isANSI: true)

    /// What a part of a report is, for its colour.
    enum Part {
        /// The outermost message.
        case title
        case message
        /// `Caused by:`
        case heading
        case key
        case type
        case location
        case marker
        case tree
    }

    /// The ANSI code that starts a part's colour.
    static func code(of part: Part) -> StaticString {
        switch part {
        case .title: "\u{1B}[1;31m"  // bold red: the outermost message
        case .message: "\u{1B}[1m"  // bold
        case .heading: "\u{1B}[33m"  // yellow: Caused by:
        case .key: "\u{1B}[2m"  // dim
        case .type: "\u{1B}[36m"  // cyan
        case .location: "\u{1B}[2m"  // dim
        case .marker: "\u{1B}[35m"  // magenta
        case .tree: "\u{1B}[2m"  // dim
        }
    }

    /// The ANSI code that ends any of the others.
    static let resetCode: StaticString = "\u{1B}[0m"

    /// The code that ends any of the others, or nothing in plain text.
    var reset: String { isANSI ? Self.resetCode.description : "" }

    /// A marker's text in its colour.
    func marker(_ text: String) -> String {
        isANSI ? Self.code(of: .marker).description + text + reset : text
    }
}
