#if Hummingbird || Vapor || OpenAPI || GRPC
/// The byte-level reading that `Accept` and `Accept-Language` share: trimming, case, and q-values.
///
/// Without Foundation: a browser sends these headers with every request, and read with Foundation's trimming,
/// splitting and number parsing they would cost more than the rest of its failed request's answer
/// (`server.failure.httpError.de`, Benchmarks/README.md).
enum HeaderBytes {
    /// Some bytes of a header value, read in place.
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// Reads the comma-separated elements of a header value in order, at most `maximum` of them (the rest are
    /// not read, so a huge header costs little), each as it stands between its commas.
    ///
    /// Read in place, without copying the value (a header a framework made is a native string): every request
    /// reads its `Accept-Language`, whether it fails or not.
    static func forEachElement(of header: String, maximum: Int, _ body: (Bytes) -> Void) {
        var header = header
        header.withUTF8 { bytes in
            var start = 0
            var read = 0
            while start <= bytes.count, read < maximum {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
                read += 1
                body(bytes[start..<end])
                start = end + 1
            }
        }
    }

    /// The weight of a header element from its parameters (`;q=0.8;level=1`, from the first `;`), in thousandths:
    /// 1,000 when no `q` is given; `nil` when the `q` isn't a number from 0 to 1. Other parameters are skipped.
    static func quality(parameters: Bytes) -> Int? {
        var quality = 1_000
        var start = parameters.startIndex
        while start < parameters.endIndex {
            let parameterStart = start + 1
            let parameterEnd = parameters[parameterStart...].firstIndex(of: UInt8(ascii: ";")) ?? parameters.endIndex
            let parameter = parameters[parameterStart..<parameterEnd]
            start = parameterEnd
            guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = trimmed(parameter[parameter.startIndex..<equals])
            guard name.count == 1, lowercase(name[name.startIndex]) == UInt8(ascii: "q") else { continue }
            guard let value = thousandths(trimmed(parameter[(equals + 1)...])) else { return nil }
            quality = value
        }
        return quality
    }

    /// A q-value in thousandths (`0.8` is 800), from 0 to 1,000; `nil` when it isn't a number in that range.
    static func thousandths(_ text: Bytes) -> Int? {
        var whole = 0
        var fraction = 0
        var fractionDigits = 0
        var digits = 0
        var seenDot = false
        for byte in text {
            if byte == UInt8(ascii: "."), !seenDot {
                seenDot = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits += 1
                let digit = Int(byte - UInt8(ascii: "0"))
                if !seenDot {
                    guard whole <= 1 else { return nil }
                    whole = whole * 10 + digit
                } else if fractionDigits < 3 {
                    fraction = fraction * 10 + digit
                    fractionDigits += 1
                }
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        while fractionDigits < 3 {
            fraction *= 10
            fractionDigits += 1
        }
        let value = whole * 1_000 + fraction
        return value <= 1_000 ? value : nil
    }

    /// The bytes without the spaces and tabs around them.
    static func trimmed(_ bytes: Bytes) -> Bytes {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return bytes[start..<end]
    }

    /// An ASCII letter in lowercase; any other byte as it is.
    static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
#endif
