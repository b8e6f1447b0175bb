#if Hummingbird || Vapor || OpenAPI || GRPC
import Remedy

/// The languages of an `Accept-Language` header (RFC 9110 §12.5.4), best first.
///
/// Ranges with `q=0` are refused; the others are ordered by their q-value (1 when absent), ties in the
/// order they were given. A malformed range or q-value is skipped, never fatal: the header comes from
/// the network. Read byte by byte, without Foundation (``HeaderBytes``).
struct AcceptLanguage: Sendable, Equatable {
    /// One language range and its weight.
    struct Range: Sendable, Equatable {
        /// The range as given, in lowercase, with `_` read as `-`: `de-ch` or `*`.
        var tag: String
        /// The weight, in thousandths: 0 to 1,000.
        var quality: Int
    }

    /// The acceptable ranges, best first.
    let ranges: [Range]

    /// The most ranges read from one header; the rest are ignored, so a huge header costs little.
    static let maximumRanges = 32

    /// Reads a header value; `nil` or blank accepts any language.
    init(_ header: String?) {
        var ranges: [Range] = []
        HeaderBytes.forEachElement(of: header ?? "", maximum: Self.maximumRanges) { element in
            if let range = Self.range(element), range.quality > 0 { ranges.append(range) }
        }
        // Stable: equal weights keep the order they were given in.
        if ranges.count > 1 {
            ranges = ranges.enumerated().sorted { ($0.element.quality, -$0.offset) > ($1.element.quality, -$1.offset) }
                .map(\.element)
        }
        self.ranges = ranges
    }

    /// One range and its parameters, such as `de-CH;q=0.8`; `nil` when malformed.
    private static func range(_ element: HeaderBytes.Bytes) -> Range? {
        let tagEnd = element.firstIndex(of: UInt8(ascii: ";")) ?? element.endIndex
        let tag = HeaderBytes.trimmed(element[element.startIndex..<tagEnd])
        guard !tag.isEmpty, tag.count <= 35, tag.allSatisfy(isTagByte) else { return nil }
        guard let quality = HeaderBytes.quality(parameters: element[tagEnd...]) else { return nil }
        return Range(tag: normalized(tag), quality: quality)
    }

    private static func isTagByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "*"):
            true
        default:
            false
        }
    }

    /// A language name compared as ranges are: lowercase, `_` read as `-`.
    static func normalized(_ language: String) -> String {
        var language = language
        return language.withUTF8 { normalized($0[...]) }
    }

    /// Written in place: a tag of up to 15 bytes, as most are, is a string without an allocation.
    private static func normalized(_ bytes: HeaderBytes.Bytes) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() {
                buffer[offset] = byte == UInt8(ascii: "_") ? UInt8(ascii: "-") : HeaderBytes.lowercase(byte)
            }
            return bytes.count
        }
    }

    /// The position of the best of the server's languages for this header, or `nil` when none is
    /// acceptable.
    ///
    /// A range matches a language of the same name (case and `-`/`_` aside), then one named by its
    /// language subtag alone (`de-CH` → `de`); Chinese ranges match `zh-Hans` unless they ask for the
    /// Traditional script (`zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO`). `*` matches the first of `languages`.
    ///
    /// - Parameter languages: The server's languages, as ``normalized(_:)`` gives their `.lproj` names.
    /// - Returns: An index into `languages`, or `nil`.
    func bestIndex(among languages: [String]) -> Int? {
        for range in ranges {
            if let match = Self.index(of: range.tag, among: languages) { return match }
        }
        return nil
    }

    /// The position of the best of the server's languages for a header, the one ``bestIndex(among:)`` finds
    /// among its ranges, read without keeping them: every request reads its language, before its route runs
    /// (``ProblemResolver/localization(acceptLanguage:)``), and one that doesn't fail should allocate nothing
    /// for it.
    ///
    /// - Parameters:
    ///   - header: The `Accept-Language` header.
    ///   - languages: The server's languages, as ``normalized(_:)`` gives their `.lproj` names.
    /// - Returns: An index into `languages`, or `nil`.
    static func bestIndex(of header: String, among languages: [String]) -> Int? {
        // The first of the heaviest matching ranges: what sorting them by weight, ties in order, would find.
        var best: (quality: Int, index: Int)?
        HeaderBytes.forEachElement(of: header, maximum: maximumRanges) { element in
            guard let range = range(element), range.quality > (best?.quality ?? 0),
                let index = index(of: range.tag, among: languages)
            else { return }
            best = (range.quality, index)
        }
        return best?.index
    }

    /// The position of the language a range matches (see ``bestIndex(among:)``), or `nil`.
    private static func index(of tag: String, among languages: [String]) -> Int? {
        if tag == "*" { return languages.isEmpty ? nil : 0 }
        if let exact = languages.firstIndex(of: tag) { return exact }
        let primaryEnd = tag.firstIndex(of: "-") ?? tag.endIndex
        let primary = tag[..<primaryEnd]
        guard primary == "zh" else { return languages.firstIndex { $0[...] == primary } }
        var subtags = tag[primaryEnd...]
        while !subtags.isEmpty {
            subtags = subtags.dropFirst()
            let end = subtags.firstIndex(of: "-") ?? subtags.endIndex
            if traditionalChinese.contains(where: { $0[...] == subtags[..<end] }) { return nil }
            subtags = subtags[end...]
        }
        return languages.firstIndex(of: "zh-hans")
    }

    /// The subtags of a Chinese range that ask for the Traditional script.
    private static let traditionalChinese = ["hant", "tw", "hk", "mo"]
}
#endif
