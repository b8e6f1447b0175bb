#if Hummingbird || Vapor
import NIOCore
import Remedy

/// Writes the body of a server's answer: a problem as the very bytes `JSONEncoder` writes for it (compact,
/// members sorted by name, `/` not escaped), into the response's buffer. It is the only encoder of the
/// server's answers, whose problems have no extensions.
///
/// Why not `JSONEncoder`: it more than doubles the instructions of a failed request through the middleware
/// (`server.failure.*` in Benchmarks/README.md), and a server answers most errors when it is overloaded.
/// `ProblemBodyWriterTests` holds it to `JSONEncoder`'s bytes, escapes included.
enum ProblemBodyWriter {
    /// The body of a problem without extensions.
    static func body(of problem: ProblemDetails) -> ByteBuffer {
        assert(problem.extensions.isEmpty, "a server's problem has no extensions")
        var writer = Writer(buffer: ByteBufferAllocator().buffer(capacity: 512))
        writer.write(problem)
        return writer.buffer
    }

    private struct Writer {
        var buffer: ByteBuffer

        // MARK: - Members, in the order of their names

        mutating func write(_ problem: ProblemDetails) {
            var members = Members()
            buffer.writeStaticString("{")
            if !problem.actions.isEmpty {
                members.next(&self, "actions")
                list(problem.actions) { $0.write($1) }
            }
            if let category = problem.category { members.string(&self, "category", category.identifier) }
            if let detail = problem.detail { members.string(&self, "detail", detail) }
            if !problem.fieldErrors.isEmpty {
                members.next(&self, "errors")
                list(problem.fieldErrors) { $0.write($1) }
            }
            if let instance = problem.instance { members.string(&self, "instance", instance) }
            if let reference = problem.supportReference { members.string(&self, "reference", reference.description) }
            if let retryAfter = problem.retryAfter {
                members.next(&self, "retryAfter")
                buffer.writeString(String(ProblemDetails.wholeSeconds(retryAfter)))
            }
            if let severity = problem.severity { members.string(&self, "severity", severity.description) }
            if let status = problem.status {
                members.next(&self, "status")
                buffer.writeString(String(status))
            }
            if let title = problem.title { members.string(&self, "title", title) }
            members.string(&self, "type", problem.type)
            buffer.writeStaticString("}")
        }

        mutating func write(_ action: ProblemDetails.Action) {
            var members = Members()
            buffer.writeStaticString("{")
            members.string(&self, "id", action.id)
            if let request = action.request {
                members.next(&self, "request")
                var requestMembers = Members()
                buffer.writeStaticString("{")
                requestMembers.string(&self, "href", request.href)
                requestMembers.string(&self, "method", request.method)
                buffer.writeStaticString("}")
            }
            members.string(&self, "role", action.role.rawValue)
            members.string(&self, "title", action.title)
            buffer.writeStaticString("}")
        }

        mutating func write(_ fieldError: FieldError) {
            var members = Members()
            buffer.writeStaticString("{")
            members.string(&self, "detail", fieldError.message)
            members.string(&self, fieldError.isPointer ? "pointer" : "name", fieldError.field)
            buffer.writeStaticString("}")
        }

        mutating func list<Element>(_ elements: [Element], _ write: (inout Writer, Element) -> Void) {
            buffer.writeStaticString("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { buffer.writeStaticString(",") }
                write(&self, element)
            }
            buffer.writeStaticString("]")
        }

        /// The commas between the members of one object.
        struct Members {
            private var isFirst = true

            /// Starts a member: its name is one of this writer's, which needs no escape.
            mutating func next(_ writer: inout Writer, _ name: StaticString) {
                writer.buffer.writeStaticString(isFirst ? "\"" : ",\"")
                isFirst = false
                writer.buffer.writeStaticString(name)
                writer.buffer.writeStaticString("\":")
            }

            mutating func string(_ writer: inout Writer, _ name: StaticString, _ value: String) {
                next(&writer, name)
                writer.string(value)
            }
        }

        // MARK: - Strings

        /// A string, escaped as `JSONEncoder` escapes it: `"` and `\`, the control characters (as `\b`, `\f`,
        /// `\n`, `\r`, `\t` or `\u00XX`); everything else as its UTF-8 bytes. Runs without an escape are
        /// written whole.
        mutating func string(_ value: String) {
            buffer.writeStaticString("\"")
            let utf8 = value.utf8
            var start = utf8.startIndex
            var index = start
            while index != utf8.endIndex {
                let unit = utf8[index]
                if unit < 0x20 || unit == 0x22 || unit == 0x5C {
                    buffer.writeBytes(utf8[start..<index])
                    escape(unit)
                    start = utf8.index(after: index)
                }
                index = utf8.index(after: index)
            }
            buffer.writeBytes(utf8[start...])
            buffer.writeStaticString("\"")
        }

        static let hexDigits = Array("0123456789abcdef".utf8)

        mutating func escape(_ unit: UInt8) {
            switch unit {
            case 0x22: buffer.writeStaticString(#"\""#)
            case 0x5C: buffer.writeStaticString(#"\\"#)
            case 0x08: buffer.writeStaticString(#"\b"#)
            case 0x0C: buffer.writeStaticString(#"\f"#)
            case 0x0A: buffer.writeStaticString(#"\n"#)
            case 0x0D: buffer.writeStaticString(#"\r"#)
            case 0x09: buffer.writeStaticString(#"\t"#)
            default:
                buffer.writeStaticString(#"\u00"#)
                buffer.writeInteger(Self.hexDigits[Int(unit >> 4)])
                buffer.writeInteger(Self.hexDigits[Int(unit & 0xF)])
            }
        }
    }
}
#endif
