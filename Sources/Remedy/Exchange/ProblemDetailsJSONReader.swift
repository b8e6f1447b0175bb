/// A strict, bounded JSON reader (RFC 8259) for Problem Details bodies.
///
/// Remedy reads JSON itself rather than through `JSONSerialization`: there a `1` and a `true` are both an
/// `NSNumber` that casts to `Bool` and to `Int` (so a member of the wrong type can't be told apart), and a
/// number out of `Double`'s range fails the whole body. This reader keeps the JSON types apart, limits the
/// nesting depth before it recurses, rejects invalid UTF-8, and reads every body in one pass.
struct ProblemDetailsJSONReader {
    /// Why a body isn't JSON, and where.
    struct Failure: Error {
        enum Reason {
            case syntax(String)
            case invalidUTF8
            case tooDeep
        }
        let reason: Reason
        let offset: Int
    }

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var index = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Reads one JSON text: a value surrounded by white space only.
    static func read(_ bytes: [UInt8], maximumDepth: Int) throws(Failure) -> ProblemDetails.JSONValue {
        var reader = ProblemDetailsJSONReader(bytes: bytes, maximumDepth: maximumDepth)
        // A UTF-8 byte order mark may precede the text (RFC 8259 §8.1 lets a parser ignore it).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhiteSpace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhiteSpace()
        guard reader.index == bytes.count else { throw reader.syntax("unexpected text after the JSON value") }
        return value
    }

    private func syntax(_ message: String) -> Failure {
        Failure(reason: .syntax(message), offset: index)
    }

    private mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func readValue(depth: Int) throws(Failure) -> ProblemDetails.JSONValue {
        guard index < bytes.count else { throw syntax("unexpected end of the text") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < maximumDepth else { throw Failure(reason: .tooDeep, offset: index) }
            return try readObject(depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < maximumDepth else { throw Failure(reason: .tooDeep, offset: index) }
            return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        default:
            throw syntax("unexpected character")
        }
    }

    private mutating func readLiteral(_ literal: String) throws(Failure) {
        let expected = Array(literal.utf8)
        let count = expected.count
        guard bytes.count - index >= count else { throw syntax("unexpected end of the text") }
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw syntax("unexpected character")
        }
        index += count
    }

    private mutating func readObject(depth: Int) throws(Failure) -> ProblemDetails.JSONValue {
        index += 1  // {
        var members: [String: ProblemDetails.JSONValue] = [:]
        skipWhiteSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhiteSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw syntax("expected a member name")
            }
            let name = try readString()
            skipWhiteSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw syntax("expected “:”") }
            index += 1
            skipWhiteSpace()
            // A name given twice: the last value counts, as in most readers (RFC 8259 §4 leaves it open).
            members[name] = try readValue(depth: depth)
            skipWhiteSpace()
            guard index < bytes.count else { throw syntax("unexpected end of the text") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw syntax("expected “,” or “}”") }
            index += 1
            return .object(members)
        }
    }

    private mutating func readArray(depth: Int) throws(Failure) -> ProblemDetails.JSONValue {
        index += 1  // [
        var elements: [ProblemDetails.JSONValue] = []
        skipWhiteSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhiteSpace()
            elements.append(try readValue(depth: depth))
            skipWhiteSpace()
            guard index < bytes.count else { throw syntax("unexpected end of the text") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw syntax("expected “,” or “]”") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func readNumber() throws(Failure) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index].isDigit else { throw syntax("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, bytes[index].isDigit { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, bytes[index].isDigit else { throw syntax("expected a digit") }
            while index < bytes.count, bytes[index].isDigit { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, bytes[index].isDigit else { throw syntax("expected a digit") }
            while index < bytes.count, bytes[index].isDigit { index += 1 }
        }
        // The grammar is checked; Swift's parser rounds correctly and gives ±infinity out of range.
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text) else { throw Failure(reason: .syntax("unreadable number"), offset: start) }
        return number
    }

    private mutating func readString() throws(Failure) -> String {
        index += 1  // "
        var scalars = String.UnicodeScalarView()
        var runStart = index
        let bytes = self.bytes
        func flush(upTo end: Int) throws(Failure) {
            guard runStart < end else { return }
            // Unescaped runs are validated as UTF-8 here; an invalid sequence is an error, not U+FFFD.
            let run = bytes[runStart..<end]
            guard let text = String(validating: run, as: UTF8.self) else {
                throw Failure(reason: .invalidUTF8, offset: runStart)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw syntax("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flush(upTo: index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw syntax("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            try flush(upTo: index)
            index += 1
            guard index < bytes.count else { throw syntax("unterminated string") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                scalars.append(try readUnicodeEscape())
            default:
                throw Failure(reason: .syntax("invalid escape"), offset: index - 2)
            }
            runStart = index
        }
    }

    /// The scalar of `\uXXXX` (after the `u`), joining a surrogate pair; a lone surrogate reads as U+FFFD.
    private mutating func readUnicodeEscape() throws(Failure) -> Unicode.Scalar {
        let first = try readHex4()
        if (0xD800..<0xDC00).contains(first), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let save = index
            index += 2
            let second = try readHex4()
            if (0xDC00..<0xE000).contains(second) {
                let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            index = save
        }
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }

    private mutating func readHex4() throws(Failure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw syntax("unterminated escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw syntax("invalid hexadecimal digit")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
