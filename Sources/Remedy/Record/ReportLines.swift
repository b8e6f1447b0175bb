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
    /// being written. Every part is a whole string, so the bytes are valid UTF-8.
    private var head: [UInt8] = []
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

    init(maximumBytes: Int, style: ReportStyle) {
        self.maximumBytes = maximumBytes
        self.style = style
        let room = Swift.max(0, maximumBytes - Self.reserve)
        self.headBudget = room / 2
        self.tailBudget = room - room / 2
        // Most reports fit in a few hundred bytes: one allocation instead of one per doubling (about a
        // fifth of a three-level tree's report text, `remedy-profile report.tree3declared.text`).
        head.reserveCapacity(Swift.min(headBudget + 1, 1_024))
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
        var line = String(decoding: head[textStart...], as: UTF8.self)
        head.removeSubrange(lineStart...)
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

    // MARK: Parts of a line

    /// Writes text as it is.
    mutating func write(_ text: String) {
        head.append(contentsOf: text.utf8)
    }

    /// Writes text in a style's colour: its code, the text, the code that ends it.
    mutating func write(_ text: String, _ part: ReportStyle.Part) {
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

    /// Writes a number in decimal.
    mutating func write(_ number: Int) {
        write(String(number))
    }

    /// Writes an attribute line's start after `beginLine()`: `base`, `padding` spaces, `key` and a space.
    mutating func beginAttribute(base: String, padding: Int, key: String) {
        beginLine()
        write(base)
        writeSpaces(padding)
        write(key, .key)
        write(" ")
    }

    /// Writes a chain entry's number after its base: `  12: `, the number and its colon painted `.tree`.
    mutating func writeNumber(_ number: Int) {
        write("  ")
        beginPaint(.tree)
        write(number)
        write(":")
        endPaint()
        write(" ")
    }

    /// Writes `count` spaces.
    mutating func writeSpaces(_ count: Int) {
        head.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// Writes text escaped, as ``ReportText/escaped(_:)`` makes it.
    ///
    /// - Returns: Whether escaping changed the text.
    @discardableResult
    mutating func writeEscaped(_ text: String) -> Bool {
        let needsEscaping = ReportText.needsEscaping(text)
        write(needsEscaping ? ReportText.escaped(text) : text)
        return needsEscaping
    }

    /// Writes a message as ``ReportText/message(_:limit:)`` makes it: truncated, then escaped.
    mutating func writeMessage(_ text: String, limit: Int) {
        if text.utf8.count <= limit {
            writeEscaped(text)
        } else {
            write(ReportText.message(text, limit: limit))
        }
    }

    // MARK: The report

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
