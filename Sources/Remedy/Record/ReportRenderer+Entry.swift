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
        let fields = visit.fields
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
        if let decoding = NodeFacts.DecodingFacts(of: error, info: info) {
            isDecoding = true
            decodingKind = decoding.kind
            codingKeys = decoding.codingKeys
            decodingDebugText = decoding.debugText
            decodingReasonAndSuggestion = decoding.reasonAndSuggestion
            message = ReportText.truncated(decoding.message, limit: limit)
        } else if hasNoFacts, info.source != .context, info.source != .decoding, info.source != .encoding {
            // What `NodeFacts.message(of:info:)` answers for such an error (context, decoding and encoding
            // errors answer by their source first): its own description, if any.
            message =
                info.isTextual
                ? (String(describing: error) as String?).nonBlank.map { ReportText.truncated($0, limit: limit) } : nil
        } else {
            message = NodeFacts.message(of: error, info: info).map { ReportText.truncated($0, limit: limit) }
        }
        // An enum case without a message and without other values, as most wrapping cases are: its headline
        // is its kind escaped, `Type.case`, written from its two parts. (What `NodeFacts.kind` and
        // `NodeFacts.fallback` make of it: neither reads a domain or a code for these sources.)
        let caseParts: (type: String, name: String)? =
            if !isDecoding, message == nil, let caseLabel = visit.caseLabel, fields.isEmpty,
                info.style == .enumeration, info.source == .wrapping || info.source == .reflection
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
            kind = isDecoding ? decodingKind : NodeFacts.kind(of: error, info: info, caseLabel: visit.caseLabel)
            if let message, let parentMessage, ReportText.contains(parentMessage, message) {
                headline = kind  // the parent's message already says it
            } else if let message {
                headline = ReportText.escaped(message)
            } else {
                headline = ReportText.escaped(
                    NodeFacts.fallback(
                        of: error,
                        info: info,
                        caseLabel: visit.caseLabel,
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
        if visit.node.isCycle {
            lines.write(" ")
            lines.write("↻ cycle: the same instance as an enclosing error, not expanded again", .marker)
        } else if visit.node.isRepeated {
            lines.write(" ")
            lines.write("↑ repeated: the same instance as an error above, not expanded again", .marker)
        }
        lines.endLine()

        /// Begins an attribute line: the indent, `key:` and a space.
        func beginAttribute(_ key: StaticString) {
            lines.beginAttribute(base: base, padding: padding, key: key)
        }
        let domainAndCode = hasNoFacts ? nil : NodeFacts.domainAndCode(of: error, info: info)
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
            ?? (hasNoFacts ? (nil, nil) : NodeFacts.reasonAndSuggestion(of: error, info: info))
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
        if !hasNoFacts, let presentation = NodeFacts.presentation(of: error, info: info) {
            lines.beginLine()
            lines.write(base)
            lines.writeSpaces(padding)
            lines.write(presentation, .key)
            lines.endLine()
        }
        if !hasNoFacts, let other = NodeFacts.otherUserInfo(of: error, info: info, limit: limit) {
            beginAttribute("info:")
            lines.writeEscaped(other)
            lines.endLine()
        }
        let debugText =
            if isDecoding { decodingDebugText } else {
                NodeFacts.debugText(of: error, info: info, isLeaf: visit.node.isLeaf)
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
}
