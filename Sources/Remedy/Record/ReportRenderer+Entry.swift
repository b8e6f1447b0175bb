// The lines of one error of the tree that isn't a `ContextError`: its headline, then its attributes
// (`type:`, `domain:`, `coding path:`, `reason:`, `suggestion:`, `info:`, `debug:`).

extension ReportRenderer {
    /// Renders the one entry of a node that isn't a ``ContextError``; returns its message, truncated.
    func renderEntry(
        _ visit: ErrorTree.Visit,
        lead: Lead,
        base: String,
        padding: Int,
        parentMessage: String?,
        isFirstLine: Bool,
        into lines: inout ReportLines
    ) -> String? {
        let error = visit.node.error
        let info = visit.info
        let limit = limits.maximumMessageLength
        let message = NodeFacts.message(of: error, info: info).map { ReportText.truncated($0, limit: limit) }
        let caseLabel = visit.caseLabel
        let kind = NodeFacts.kind(of: error, info: info, caseLabel: caseLabel)
        let headline: String
        if let message, let parentMessage, ReportText.contains(parentMessage, message) {
            headline = kind  // the parent's message already says it
        } else if let message {
            headline = ReportText.escaped(message)
        } else {
            headline = ReportText.escaped(
                NodeFacts.fallback(of: visit, caseLabel: caseLabel, messageLimit: limit, kind: kind))
        }

        var first = start(of: lead) + style.paint(headline, isFirstLine ? .title : .message)
        if visit.node.isCycle {
            first += " " + style.marker("↻ cycle: the same instance as an enclosing error, not expanded again")
        } else if visit.node.isRepeated {
            first += " " + style.marker("↑ repeated: the same instance as an error above, not expanded again")
        }
        lines.append(first)

        func add(_ key: String, _ value: String) {
            lines.append(attribute(key, value, base: base, padding: padding))
        }
        let isPlainNSError = info.source == .nsError && kind == "NSError"
        if headline != kind, !headline.hasPrefix(kind), !isPlainNSError {
            add("type:", style.paint(kind, .type))
        }
        if let (domain, code) = NodeFacts.domainAndCode(of: error, info: info),
            headline != ReportText.escaped("\(domain) \(code)")
        {
            let domainText = style.paint(ReportText.message(domain, limit: limit), .type)
            add("domain:", domainText + ", " + style.paint("code:", .key) + " " + style.paint(String(code), .type))
        }
        if let code = NodeFacts.namedCode(of: error, info: info), !headline.contains(code) {
            add("code:", style.paint(code, .type))
        }
        if info.source == .decoding || info.source == .encoding,
            let codingPath = ErrorTree.codingPath(of: error, info: info)
        {
            add("coding path:", ReportText.message(codingPath, limit: limit))
        }
        let (reason, suggestion) = NodeFacts.reasonAndSuggestion(of: error, info: info)
        if let reason, reason != message {
            add("reason:", ReportText.message(reason, limit: limit))
        }
        if let suggestion {
            add("suggestion:", ReportText.message(suggestion, limit: limit))
        }
        if let presentation = NodeFacts.presentation(of: error, info: info) {
            lines.append(base + Self.spaces(padding) + style.paint(presentation, .key))
        }
        if let other = NodeFacts.otherUserInfo(of: error, info: info, limit: limit) {
            add("info:", ReportText.escaped(other))
        }
        if let debug = NodeFacts.debugText(of: error, info: info, isLeaf: visit.node.isLeaf), debug != message,
            ReportText.escaped(debug) != headline
        {
            add("debug:", ReportText.message(debug, limit: limit))
        }
        return message
    }
}
