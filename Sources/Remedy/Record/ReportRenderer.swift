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
    enum Lead {
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
        var walk = ErrorTree(error, limits: limits).makeVisitor(collectsFields: true)
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

        while let visit = walk.nextVisit() {
            let node = visit.node
            close(downTo: node.depth)

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
            if let context = ErrorTree.value(node.error, as: ContextError.self) {
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
                    lines.beginAttribute(base: base, padding: padding, key: "at:")
                    lines.beginPaint(.location)
                    // As `ReportText.escaped("\(fileID):\(line)")`: escaping goes scalar by scalar.
                    lines.writeEscaped(layer.fileID)
                    lines.write(":")
                    lines.write(layer.line)
                    lines.endPaint()
                    lines.endLine()
                    if position == 0, let override = context.presentationOverride {
                        lines.beginAttribute(base: base, padding: padding, key: "presentation override:")
                        lines.write(describe(override))
                        lines.endLine()
                    }
                    position += 1
                }
                ownMessage = layers.first.map { ReportText.truncated($0.message, limit: limits.maximumMessageLength) }
            } else {
                ownMessage = renderEntry(
                    visit,
                    lead: lead,
                    base: base,
                    padding: padding,
                    parentMessage: parentMessage,
                    isFirstLine: isFirstLine,
                    into: &lines
                )
                isFirstLine = false
            }
            if node.isDepthLimited {
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
                    childCount: node.childCount,
                    omitted: node.omittedChildCount,
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

    /// `Caused by:` after `base`, on a line of its own.
    private func writeCausedBy(base: String, into lines: inout ReportLines) {
        lines.beginLine()
        lines.write(base)
        lines.write("Caused by:", .heading)
        lines.endLine()
    }

    /// Writes the start of an entry's first line.
    func write(_ lead: Lead, into lines: inout ReportLines) {
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
