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

    // MARK: Parts of a line

    /// Writes text as it is.
    mutating func write(_ text: String) {
        // Prefixes are empty for most lines.
        guard !text.isEmpty else { return }
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in head.append(bytes) }
        if written == nil { head.append(contentsOf: text.utf8) }
    }

    /// Writes a literal as it is.
    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { bytes in head.append(bytes) }
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

    /// Writes `count` spaces.
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
