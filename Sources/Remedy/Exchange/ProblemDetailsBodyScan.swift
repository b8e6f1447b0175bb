import Foundation

/// One pass over a Problem Details body for what `JSONDecoder` doesn't check as Remedy promises: the
/// nesting depth (Foundation's own limit is 512), UTF-8 inside strings (`invalidUTF8` rather than "not
/// valid JSON"), and commas before `]` or `}` or doubled, which `JSONDecoder` on Linux accepts. It never
/// recurses, so a million `[` cost one pass and stop at the limit.
enum ProblemDetailsBodyScan {
    /// `nil` when `JSONDecoder` may read the body.
    static func failure(in data: Data, maximumDepth: Int) -> ProblemDetails.DecodingError? {
        let bytes = [UInt8](data)
        var depth = 0
        var isInString = false
        var isEscaped = false
        var stringStart = 0
        var stringIsASCII = true
        // The last byte outside strings that isn't white space: a comma before a closing bracket is an error.
        var previous: UInt8 = 0
        // A UTF-8 byte order mark may precede the text (RFC 8259 §8.1 lets a parser ignore it).
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            let byte = bytes[index]
            defer { index += 1 }
            if isInString {
                if isEscaped {
                    isEscaped = false
                } else if byte == UInt8(ascii: "\\") {
                    isEscaped = true
                } else if byte == UInt8(ascii: "\"") {
                    isInString = false
                    previous = byte
                    if !stringIsASCII, String(validating: bytes[stringStart..<index], as: UTF8.self) == nil {
                        return .init(
                            .invalidUTF8, offset: stringStart, "invalid UTF-8 in the string at byte \(stringStart)")
                    }
                } else if byte >= 0x80 {
                    stringIsASCII = false
                }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "\""):
                isInString = true
                stringStart = index + 1
                stringIsASCII = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                guard depth <= maximumDepth else {
                    return .init(
                        .nestingTooDeep,
                        offset: index,
                        "arrays and objects nest deeper than \(maximumDepth) levels at byte \(index)"
                    )
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if previous == UInt8(ascii: ",") { return syntax("a comma before a closing bracket", at: index) }
            case UInt8(ascii: ","):
                if previous == UInt8(ascii: ",") || previous == UInt8(ascii: "[") || previous == UInt8(ascii: "{") {
                    return syntax("a comma without a value before it", at: index)
                }
            case 0x80...:
                return syntax("a byte that isn't ASCII outside a string", at: index)
            default:
                break
            }
            previous = byte
        }
        return nil
    }

    private static func syntax(_ message: String, at offset: Int) -> ProblemDetails.DecodingError {
        .init(.invalidJSON, offset: offset, "not JSON: \(message) at byte \(offset)")
    }
}
