import Foundation

/// Writes a problem without extensions as the very bytes `JSONEncoder` writes for it (compact, members
/// sorted by name, `/` not escaped), straight into one buffer.
///
/// Why it exists: a server answers most errors when it is overloaded, and `JSONEncoder` costs about 56,000
/// instructions for a four-member problem with one action, more than Hummingbird's own whole answer to a
/// failed request (about 18,000). This writer takes about 10,000 (`remedy-profile problemDetails.encoded`);
/// with `JSONEncoder`, a failed request through `ProblemDetailsMiddleware` would cost about 5.5x the
/// instructions of plain Hummingbird instead of 2.97x (the gated `server.failure.problemDetails`). A problem with extensions, whose values are arbitrary JSON, is left
/// to `JSONEncoder`. `ProblemDetailsWriterTests` holds it to `JSONEncoder`'s bytes, escapes included.
struct ProblemDetailsWriter {
    private var bytes: [UInt8] = []

    /// The body of a problem without extensions.
    static func encoded(_ problem: ProblemDetails) -> Data {
        Data(bytes(of: problem))
    }

    /// The bytes of the body of a problem without extensions.
    static func bytes(of problem: ProblemDetails) -> [UInt8] {
        var writer = ProblemDetailsWriter()
        writer.bytes.reserveCapacity(256)
        writer.write(problem)
        return writer.bytes
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
        if let detail = problem.detail { members.string(&self, "detail", detail) }
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

    /// The commas between the members of one object.
    private struct Members {
        private var isFirst = true

        /// Starts a member: its name is one of this writer's, which needs no escape.
        mutating func next(_ writer: inout ProblemDetailsWriter, _ name: StaticString) {
            writer.byte(isFirst ? UInt8(ascii: "\"") : UInt8(ascii: ","))
            if !isFirst { writer.byte(UInt8(ascii: "\"")) }
            isFirst = false
            name.withUTF8Buffer { writer.bytes.append(contentsOf: $0) }
            writer.byte(UInt8(ascii: "\""))
            writer.byte(UInt8(ascii: ":"))
        }

        mutating func string(_ writer: inout ProblemDetailsWriter, _ name: StaticString, _ value: String) {
            next(&writer, name)
            writer.string(value)
        }
    }

    // MARK: - Values

    private mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    private mutating func number(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A string, escaped as `JSONEncoder` escapes it: `"` and `\`, the control characters (as `\b`, `\f`,
    /// `\n`, `\r`, `\t` or `\u00XX`); everything else as its UTF-8 bytes.
    private mutating func string(_ value: String) {
        byte(UInt8(ascii: "\""))
        // A native string lends its UTF-8 in place; a bridged one is copied into native storage first.
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
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            escape(unit)
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    private mutating func escape(_ unit: UInt8) {
        switch unit {
        case 0x22: bytes.append(contentsOf: #"\""#.utf8)
        case 0x5C: bytes.append(contentsOf: #"\\"#.utf8)
        case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
        case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: #"\u00"#.utf8)
            bytes.append(hex[Int(unit >> 4)])
            bytes.append(hex[Int(unit & 0xF)])
        }
    }
}
