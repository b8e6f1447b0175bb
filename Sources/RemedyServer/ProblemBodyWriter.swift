#if Hummingbird || Vapor || OpenAPI || GRPC
import NIOCore
import Remedy

/// Writes the body of a server's answer: a problem as the very bytes `JSONEncoder` writes for it (compact,
/// members sorted by name, `/` not escaped), straight into the response's buffer. It is the only encoder of
/// the server's answers, whose problems have no extensions.
///
/// Why not `JSONEncoder`, nor appends to a `String` or a `ByteBuffer`: each more than doubles what the answer
/// adds to a failed request's instructions, and pushes the shapes `httpError`, `retryAfter` and
/// `responseError` of `server.failure.*` past 3x plain Hummingbird (Benchmarks/README.md).
/// `ProblemBodyWriterTests` holds it to `JSONEncoder`'s bytes, escapes included.
///
/// The buffer's size is bounded before writing (``capacity(for:)``: every text as if each of its bytes
/// took the longest escape), and every write checks the bound.
struct ProblemBodyWriter {
    /// The buffer written into, whose capacity ``capacity(for:)`` bounds from above.
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes are written.
    private var count = 0

    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The body of a problem without extensions, in a buffer of its own.
    static func body(of problem: ProblemDetails) -> ByteBuffer {
        assert(problem.extensions.isEmpty, "a server's problem has no extensions")
        let capacity = capacity(for: problem)
        var buffer = ByteBufferAllocator().buffer(capacity: capacity)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: capacity) { bytes in
            write(problem, into: bytes.bindMemory(to: UInt8.self))
        }
        return buffer
    }

    /// Writes the body of a problem without extensions into a buffer of at least ``capacity(for:)`` bytes.
    ///
    /// - Returns: The number of bytes written.
    static func write(_ problem: ProblemDetails, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var writer = ProblemBodyWriter(buffer)
        writer.write(problem)
        return writer.count
    }

    /// An upper bound of the size of a problem's body: every member and its punctuation, and every string
    /// as if each of its bytes took the longest escape (`\u00XX`, six bytes). Every write checks it.
    static func capacity(for problem: ProblemDetails) -> Int {
        // The names of the eleven members, their quotes, colons and commas, the brackets, the braces and two
        // numbers of at most 20 characters: 166 bytes.
        var capacity = 176
        func add(_ string: String?) {
            if let string { capacity += 2 + 6 * string.utf8.count }
        }
        add(problem.category?.identifier)
        add(problem.detail)
        add(problem.instance)
        // A reference is always nine characters (`7KQ2-9F3A`): no need to write it out to count it.
        if problem.supportReference != nil { capacity += 2 + 6 * 9 }
        // `"causeReference":` and a comma, beside the reference itself.
        if problem.causeReference != nil { capacity += 20 + 2 + 6 * 9 }
        add(problem.severity?.description)
        add(problem.title)
        add(problem.type)
        for action in problem.actions {
            // The names of an action's members and its request's, their punctuation, braces and a comma.
            capacity += 64
            add(action.id)
            add(action.role.rawValue)
            add(action.title)
            add(action.request?.href)
            add(action.request?.method)
        }
        for fieldError in problem.fieldErrors {
            // `{"detail":` and `,"pointer":` (or the shorter `,"name":`), a brace and a comma.
            capacity += 32
            add(fieldError.field)
            add(fieldError.message)
        }
        return capacity
    }

    // MARK: - Members, in the order of their names

    private mutating func write(_ problem: ProblemDetails) {
        var members = Members()
        byte(UInt8(ascii: "{"))
        if !problem.actions.isEmpty {
            members.next(&self, "actions")
            byte(UInt8(ascii: "["))
            for (index, action) in problem.actions.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                write(action)
            }
            byte(UInt8(ascii: "]"))
        }
        if let category = problem.category { members.string(&self, "category", category.identifier) }
        if let cause = problem.causeReference { members.string(&self, "causeReference", cause.description) }
        if let detail = problem.detail { members.string(&self, "detail", detail) }
        if !problem.fieldErrors.isEmpty {
            members.next(&self, "errors")
            byte(UInt8(ascii: "["))
            for (index, fieldError) in problem.fieldErrors.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                write(fieldError)
            }
            byte(UInt8(ascii: "]"))
        }
        if let instance = problem.instance { members.string(&self, "instance", instance) }
        if let reference = problem.supportReference { members.string(&self, "reference", reference.description) }
        if let retryAfter = problem.retryAfter {
            members.next(&self, "retryAfter")
            number(ProblemDetails.wholeSeconds(retryAfter))
        }
        if let severity = problem.severity { members.string(&self, "severity", severity.description) }
        if let status = problem.status {
            members.next(&self, "status")
            number(status)
        }
        if let title = problem.title { members.string(&self, "title", title) }
        members.string(&self, "type", problem.type)
        byte(UInt8(ascii: "}"))
    }

    private mutating func write(_ action: ProblemDetails.Action) {
        var members = Members()
        byte(UInt8(ascii: "{"))
        members.string(&self, "id", action.id)
        if let request = action.request {
            members.next(&self, "request")
            var requestMembers = Members()
            byte(UInt8(ascii: "{"))
            requestMembers.string(&self, "href", request.href)
            requestMembers.string(&self, "method", request.method)
            byte(UInt8(ascii: "}"))
        }
        members.string(&self, "role", action.role.rawValue)
        members.string(&self, "title", action.title)
        byte(UInt8(ascii: "}"))
    }

    private mutating func write(_ fieldError: FieldError) {
        var members = Members()
        byte(UInt8(ascii: "{"))
        members.string(&self, "detail", fieldError.message)
        if fieldError.isPointer {
            members.string(&self, "pointer", fieldError.field)
        } else {
            members.string(&self, "name", fieldError.field)
        }
        byte(UInt8(ascii: "}"))
    }

    /// The commas between the members of one object.
    private struct Members {
        private var isFirst = true

        /// Starts a member: its name is one of this writer's, which needs no escape.
        mutating func next(_ writer: inout ProblemBodyWriter, _ name: StaticString) {
            if !isFirst { writer.byte(UInt8(ascii: ",")) }
            isFirst = false
            writer.byte(UInt8(ascii: "\""))
            name.withUTF8Buffer { writer.append($0) }
            writer.byte(UInt8(ascii: "\""))
            writer.byte(UInt8(ascii: ":"))
        }

        mutating func string(_ writer: inout ProblemBodyWriter, _ name: StaticString, _ value: String) {
            next(&writer, name)
            writer.string(value)
        }
    }

    // MARK: - Values

    private mutating func byte(_ byte: UInt8) {
        precondition(count < buffer.count, "a problem's body outgrew its bound")
        buffer[count] = byte
        count += 1
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= buffer.count - count, "a problem's body outgrew its bound")
        guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    private mutating func append(_ bytes: StaticString) {
        bytes.withUTF8Buffer { append($0) }
    }

    private mutating func number(_ value: Int) {
        var digits = String(value)
        digits.withUTF8 { append($0) }
    }

    /// A string, escaped as `JSONEncoder` escapes it: `"` and `\\`, the control characters (as `\\b`, `\\f`,
    /// `\\n`, `\\r`, `\\t` or `\\u00XX`); everything else as its UTF-8 bytes.
    private mutating func string(_ value: String) {
        byte(UInt8(ascii: "\""))
        // A native string lends its UTF-8 in place; a small or bridged one is copied first.
        if value.utf8.withContiguousStorageIfAvailable({ append(escaping: $0) }) == nil {
            var copy = value
            copy.withUTF8 { append(escaping: $0) }
        }
        byte(UInt8(ascii: "\""))
    }

    /// UTF-8 bytes, escaped: runs that need no escape are appended whole.
    private mutating func append(escaping utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in utf8.indices {
            let unit = utf8[index]
            guard unit < 0x20 || unit == 0x22 || unit == 0x5C else { continue }
            append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            escape(unit)
            start = index + 1
        }
        append(UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    private mutating func escape(_ unit: UInt8) {
        switch unit {
        case 0x22: append(#"\""#)
        case 0x5C: append(#"\\"#)
        case 0x08: append(#"\b"#)
        case 0x0C: append(#"\f"#)
        case 0x0A: append(#"\n"#)
        case 0x0D: append(#"\r"#)
        case 0x09: append(#"\t"#)
        default:
            let hex: StaticString = "0123456789abcdef"
            append(#"\u00"#)
            hex.withUTF8Buffer { digits in
                byte(digits[Int(unit >> 4)])
                byte(digits[Int(unit & 0xF)])
            }
        }
    }
}
#endif
