#if Hummingbird || Vapor || OpenAPI || GRPC
/// The media ranges of an `Accept` header (RFC 9110 §12.5.1), and whether they prefer an HTML page to
/// Problem Details.
///
/// A browser that navigates asks for `text/html` first and for anything else at a lower weight
/// (`text/html,application/xhtml+xml,…,*/*;q=0.8`); an API client asks for JSON, for `*/*`, or says
/// nothing. Only a header that weighs `text/html` above both `application/json` and
/// `application/problem+json` gets the page: a tie, `*/*` and a missing or unreadable header keep Problem
/// Details. A malformed range or q-value is skipped, never fatal: the header comes from the network.
struct AcceptNegotiation: Sendable, Equatable {
    /// One media range and its weight.
    struct Range: Sendable, Equatable {
        /// The type, in lowercase: `text` or `*`.
        var type: String
        /// The subtype, in lowercase: `html` or `*`.
        var subtype: String
        /// The weight, in thousandths: 0 to 1,000.
        var quality: Int
    }

    /// The readable ranges, in the order they were given.
    let ranges: [Range]

    /// The most ranges read from one header; the rest are ignored, so a huge header costs little.
    static let maximumRanges = 32

    /// Whether an `Accept` header weighs `text/html` above JSON and Problem Details.
    ///
    /// A header with neither `html` nor `*` in it (an API client's `application/json`) is answered without
    /// being read further, so the Problem Details path pays one scan of its bytes.
    ///
    /// - Parameter header: The header's value; `nil` when the request has none.
    /// - Returns: `true` when the request prefers an HTML page.
    static func prefersHTML(_ header: String?) -> Bool {
        guard let header, mayMatchHTML(header) else { return false }
        let accept = AcceptNegotiation(header)
        let html = accept.quality(type: "text", subtype: "html")
        let json = max(
            accept.quality(type: "application", subtype: "json"),
            accept.quality(type: "application", subtype: "problem+json")
        )
        return html > json
    }

    /// Reads a header value.
    init(_ header: String) {
        var ranges: [Range] = []
        HeaderBytes.forEachElement(of: header, maximum: Self.maximumRanges) { element in
            if let range = Self.range(element) { ranges.append(range) }
        }
        self.ranges = ranges
    }

    /// The weight the header gives a media type: that of its most specific matching range (`text/html`, then
    /// `text/*`, then `*/*`), or 0 when none matches.
    ///
    /// - Parameters:
    ///   - type: The type, in lowercase.
    ///   - subtype: The subtype, in lowercase.
    /// - Returns: The weight, in thousandths.
    func quality(type: String, subtype: String) -> Int {
        var best: (specificity: Int, quality: Int) = (-1, 0)
        for range in ranges {
            let specificity: Int
            if range.type == type, range.subtype == subtype {
                specificity = 2
            } else if range.type == type, range.subtype == "*" {
                specificity = 1
            } else if range.type == "*", range.subtype == "*" {
                specificity = 0
            } else {
                continue
            }
            if specificity > best.specificity { best = (specificity, range.quality) }
        }
        return best.quality
    }

    /// One range and its parameters, such as `text/html;q=0.9`; `nil` when malformed.
    private static func range(_ element: HeaderBytes.Bytes) -> Range? {
        let mediaEnd = element.firstIndex(of: UInt8(ascii: ";")) ?? element.endIndex
        let media = HeaderBytes.trimmed(element[element.startIndex..<mediaEnd])
        guard media.count <= 127, let slash = media.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let type = media[media.startIndex..<slash]
        let subtype = media[(slash + 1)...]
        guard !type.isEmpty, !subtype.isEmpty, type.allSatisfy(isTokenByte), subtype.allSatisfy(isTokenByte),
            type.elementsEqual("*".utf8) ? subtype.elementsEqual("*".utf8) : true
        else { return nil }
        guard let quality = HeaderBytes.quality(parameters: element[mediaEnd...]) else { return nil }
        return Range(type: lowercased(type), subtype: lowercased(subtype), quality: quality)
    }

    /// Whether the header holds `html` in any case, or a `*`: only such a header has a range that matches
    /// `text/html` (`text/html`, `text/*`, `*/*`), so only such a header may prefer a page.
    private static func mayMatchHTML(_ header: String) -> Bool {
        let pattern = htmlBytes
        var matched = 0
        for byte in header.utf8 {
            if byte == UInt8(ascii: "*") { return true }
            let lower = HeaderBytes.lowercase(byte)
            if lower == pattern[matched] {
                matched += 1
                if matched == pattern.count { return true }
            } else {
                matched = lower == pattern[0] ? 1 : 0
            }
        }
        return false
    }

    private static let htmlBytes: [UInt8] = Array("html".utf8)

    /// A byte of an RFC 9110 token (`tchar`), which types and subtypes are made of.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private static func lowercased(_ bytes: HeaderBytes.Bytes) -> String {
        String(decoding: bytes.map(HeaderBytes.lowercase), as: UTF8.self)
    }
}
#endif
