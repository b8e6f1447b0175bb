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

    /// Whether `text` contains `part` (non-empty), comparing UTF-8 bytes.
    static func contains(_ text: String, _ part: String) -> Bool {
        !part.isEmpty && text.utf8.firstRange(of: part.utf8) != nil
    }

    private static func needsEscaping(_ text: some StringProtocol) -> Bool {
        // Through the bytes: the common case, answered without decoding scalars.
        if let isSafe = text.utf8.withContiguousStorageIfAvailable(isSafe) { return !isSafe }
        return text.unicodeScalars.contains { isUnsafe($0) }
    }

    /// Whether UTF-8 text needs no escaping: the same answer as looking for an ``isUnsafe(_:)`` scalar,
    /// read from the bytes.
    ///
    /// ASCII controls are single bytes (`0x00`–`0x1F`, `0x7F`); the C1 controls U+0080–U+009F are
    /// `C2 80`–`C2 9F`; U+2028–U+202E are `E2 80 A8`–`E2 80 AE`, U+2066–U+2069 `E2 81 A6`–`E2 81 A9`.
    /// In valid UTF-8 (every `String`'s) a lead byte is never a continuation byte, so looking at every
    /// byte as a possible start finds exactly these sequences.
    static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        if let start = bytes.baseAddress {
            // Eight bytes at a time while they are printable ASCII. Safe: each load reads the bytes at
            // `index..<index + 8`, and `index + 8 <= count` keeps them inside the buffer; `loadUnaligned`
            // allows any alignment. Every byte before the first word that isn't printable ASCII is ASCII,
            // so the byte loop below starts at a character's first byte.
            let raw = UnsafeRawPointer(start)
            while index + 8 <= count,
                isPrintableASCII(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            {
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F { return false }
            } else if byte == 0xC2 {
                // The second byte of `C2` is `80`–`BF`.
                if index + 1 < count, bytes[index + 1] <= 0x9F { return false }
            } else if byte == 0xE2, index + 2 < count {
                let second = bytes[index + 1]
                let third = bytes[index + 2]
                if second == 0x80, (0xA8...0xAE).contains(third) { return false }
                if second == 0x81, (0xA6...0xA9).contains(third) { return false }
            }
            index += 1
        }
        return true
    }

    /// Whether eight bytes are all printable ASCII (`0x20`–`0x7E`), tested together: with no high bit
    /// set, adding `0x60` to a byte sets its high bit exactly when it is `0x20` or more, and adding 1
    /// exactly when it is `0x7F`, and neither sum carries into the next byte.
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return false }
        return (word &+ 0x6060_6060_6060_6060) & high == high && (word &+ 0x0101_0101_0101_0101) & high == 0
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
        // Through the contiguous bytes: iterating `utf8` decodes index by index, several times slower.
        var text = text
        text.withUTF8 { bytes in
            var value = self.value
            for byte in bytes {
                value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            self.value = value
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        value = (value ^ 0xff) &* 0x0000_0100_0000_01b3
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
        // Zero-padded: most hashes have 16 digits already, and take no second string.
        return digits.utf8.count == 16 ? digits : String(repeating: "0", count: 16 - digits.utf8.count) + digits
    }
}
