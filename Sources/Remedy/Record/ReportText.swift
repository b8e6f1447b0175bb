/// Text helpers of reports: escaping control characters and capping lengths.
package enum ReportText {
    /// The text made safe for a one-line, terminal-safe report: control characters (newlines, tabs, the
    /// escape character that starts ANSI sequences, C1 controls) and invisible direction overrides
    /// become visible escapes (`\n`, `\t`, `\r`, `\u{1B}`); everything else, emoji included, is kept.
    package static func escaped(_ text: some StringProtocol) -> String {
        guard needsEscaping(text) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if isUnsafe(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// The text, cut to at most `limit` bytes of UTF-8 at a character boundary, with a marker that says
    /// how long it was: `… (5242880 bytes, truncated)`. Texts within the limit are returned as they are.
    static func truncated(_ text: String, limit: Int) -> String {
        let count = text.utf8.count
        guard count > limit else { return text }
        var end = text.startIndex
        var used = 0
        for index in text.indices {
            let next = text.index(after: index)
            let size = text.utf8.distance(from: index, to: next)
            if used + size > limit { break }
            used += size
            end = next
        }
        return text[..<end] + "… (\(count) bytes, truncated)"
    }

    /// The text as a report shows a message: truncated to the limit, then escaped.
    static func message(_ text: String, limit: Int) -> String {
        escaped(truncated(text, limit: limit))
    }

    /// Whether `text` contains `part` (non-empty), by UTF-8 bytes; collections' generic `firstRange(of:)` costs
    /// about as much as the rest of a report (`server.failure.contextLayers`).
    static func contains(_ text: String, _ part: String) -> Bool {
        let text = text.utf8
        let part = part.utf8
        guard let first = part.first, part.count <= text.count else { return false }
        let lastStart = text.index(text.endIndex, offsetBy: -part.count)
        var start = text.startIndex
        while start <= lastStart {
            if text[start] == first, text[start...].starts(with: part) { return true }
            start = text.index(after: start)
        }
        return false
    }

    private static func needsEscaping(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { isUnsafe($0) }
    }

    /// Control characters, and invisible characters that change how the rest of a line reads.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Line and paragraph separators, bidirectional embeddings, overrides and isolates.
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

/// FNV-1a, 64 bits: stable across runs and processes (unlike `Hasher`), cheap, and not cryptographic.
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ text: String) {
        for byte in text.utf8 { combine(byte) }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        combine(UInt8(0xff))
    }

    mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    mutating func combine(_ number: UInt64) {
        var number = number
        for _ in 0..<8 {
            value = (value ^ (number & 0xff)) &* 0x0000_0100_0000_01b3
            number >>= 8
        }
    }

    mutating func combine(_ number: Int) {
        combine(UInt64(bitPattern: Int64(number)))
    }

    /// The value as 16 lower-case hexadecimal digits.
    var hexDigest: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
