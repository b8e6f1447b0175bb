/// Renders an error tree as the full text report (``ErrorReport/text``), plain or with ANSI colours.
struct ReportRenderer {
    let limits: ErrorLimits
    let style: ReportStyle
    /// Whether the lines are joined by a visible `\n` into one line, for a log record of one line. Every
    /// text a report takes from an error is escaped, so its line breaks are the only ones.
    var isSingleLine = false

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
        var walk = ErrorTree(error, limits: limits).makeIterator()
        return render(next: { walk.nextVisit() }, isTruncated: { walk.isTruncated })
    }

    /// The report of the walk a resolution made, without walking the tree again.
    func render(_ facts: ResolvedFailure.TreeFacts) -> String {
        render(next: facts.replay(), isTruncated: { facts.isTruncated })
    }

    /// The report of the visits of one walk, in pre-order.
    private func render(next nextVisit: () -> ErrorTree.Visit?, isTruncated: () -> Bool) -> String {
        var lines = ReportLines(maximumBytes: limits.maximumReportBytes, style: style)
        var frames: [Frame] = []
        var isFirstLine = true

        func close(downTo depth: Int) {
            while frames.count > depth {
                let frame = frames.removeLast()
                guard frame.omitted > 0 else { continue }
                let marker = "… \(frame.omitted) more not shown (width limit \(limits.maximumWidth))"
                lines.append(
                    frame.base + Self.spaces(frame.padding) + style.paint("└─ ", .tree) + style.marker(marker))
            }
        }

        while let visit = nextVisit() {
            let node = visit.node
            close(downTo: node.depth)

            // Where this node's first entry goes.
            var lead = Lead.none
            var base = ""
            var number = 0
            var padding = 2
            if let parent = frames.last {
                if parent.isBranching {
                    frames[frames.count - 1].shownChildren += 1
                    let isLast = parent.shownChildren + 1 == parent.childCount && parent.omitted == 0
                    lead = .branch(base: parent.base, padding: parent.padding, isLast: isLast)
                    base = Self.capped(parent.base + Self.spaces(parent.padding) + (isLast ? "   " : "│  "))
                } else {
                    base = parent.base
                    number = parent.number + 1
                    if number == 1 { lines.append(causedBy(base: base)) }
                    lead = .numbered(base: base, number: number)
                    padding = Self.padding(for: number)
                }
            }

            var ownMessage: String?
            if let context = ErrorTree.value(node.error, as: ContextError.self) {
                // One entry per layer, outermost first, continuing the chain.
                let layers = Array(context.innermostFirst.reversed())
                let shown = Self.shownLayers(count: layers.count, maximum: limits.maximumLayersShown)
                for (position, layer) in layers.enumerated() {
                    if position == shown.head, shown.omitted > 0 {
                        lines.append(base + "  " + style.marker("… \(shown.omitted) more layers"))
                    }
                    guard position < shown.head || position >= shown.head + shown.omitted else { continue }
                    if position > 0 {
                        number += 1
                        if number == 1 { lines.append(causedBy(base: base)) }
                        lead = .numbered(base: base, number: number)
                        padding = Self.padding(for: number)
                    }
                    let message = ReportText.message(layer.message, limit: limits.maximumMessageLength)
                    lines.append(start(of: lead) + style.paint(message, isFirstLine ? .title : .message))
                    isFirstLine = false
                    let location = ReportText.escaped(layer.fileID) + ":\(layer.line)"
                    lines.append(attribute("at:", style.paint(location, .location), base: base, padding: padding))
                    if position == 0, let override = context.presentationOverride {
                        lines.append(
                            attribute("presentation override:", describe(override), base: base, padding: padding))
                    }
                }
                ownMessage = context.innermostFirst.first.map {
                    ReportText.truncated($0.message, limit: limits.maximumMessageLength)
                }
            } else {
                ownMessage = renderEntry(
                    visit,
                    lead: lead,
                    base: base,
                    padding: padding,
                    parentMessage: frames.last?.message,
                    isFirstLine: isFirstLine,
                    into: &lines
                )
                isFirstLine = false
            }
            if node.isDepthLimited {
                let marker = "… causes below not shown (depth limit \(limits.maximumDepth))"
                lines.append(base + Self.spaces(padding) + style.marker(marker))
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
        if isTruncated() {
            lines.append(style.marker("… more errors not shown (limit of \(limits.maximumNodes) errors)"))
        }
        return lines.finish(separator: isSingleLine ? "\\n" : "\n")
    }

    /// `Caused by:` after `base`.
    private func causedBy(base: String) -> String {
        base + style.paint("Caused by:", .heading)
    }

    /// The start of an entry's first line.
    func start(of lead: Lead) -> String {
        switch lead {
        case .none:
            ""
        case .branch(let base, let padding, let isLast):
            base + Self.spaces(padding) + style.paint(isLast ? "└─ " : "├─ ", .tree)
        case .numbered(let base, let number):
            base + "  " + style.paint("\(number):", .tree) + " "
        }
    }

    /// An attribute line: the indent, `key`, a space and the value.
    func attribute(_ key: String, _ value: String, base: String, padding: Int) -> String {
        base + Self.spaces(padding) + style.paint(key, .key) + " " + value
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
        2 + String(number).count + 2
    }

    static func spaces(_ count: Int) -> String {
        String(repeating: " ", count: count)
    }

    /// A prefix no wider than ``maximumPrefixLength`` characters.
    private static func capped(_ prefix: String) -> String {
        guard prefix.count > maximumPrefixLength else { return prefix }
        return "⋯ " + String(prefix.suffix(maximumPrefixLength - 2))
    }
}
