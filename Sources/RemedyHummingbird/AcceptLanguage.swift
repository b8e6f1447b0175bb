#if Hummingbird
import Foundation
import Remedy

/// The languages of an `Accept-Language` header (RFC 9110 §12.5.4), best first.
///
/// Ranges with `q=0` are refused; the others are ordered by their q-value (1 when absent), ties in the
/// order they were given. A malformed range or q-value is skipped, never fatal: the header comes from
/// the network.
struct AcceptLanguage: Sendable, Equatable {
    /// One language range and its weight.
    struct Range: Sendable, Equatable {
        /// The range as given, such as `de-CH` or `*`.
        var tag: String
        /// The weight, 0 to 1.
        var quality: Double
    }

    /// The acceptable ranges, best first.
    let ranges: [Range]

    /// The most ranges read from one header; the rest are ignored, so a huge header costs little.
    static let maximumRanges = 32

    /// Reads a header value; `nil` or blank accepts any language.
    init(_ header: String?) {
        var ranges: [(offset: Int, range: Range)] = []
        for (offset, element) in (header ?? "").split(separator: ",").prefix(Self.maximumRanges).enumerated() {
            let parts = element.split(separator: ";")
            guard let first = parts.first else { continue }
            let tag = first.trimmingCharacters(in: .whitespaces)
            guard !tag.isEmpty, tag.count <= 35,
                tag.allSatisfy({ $0 == "-" || $0 == "*" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
            else { continue }
            var quality = 1.0
            var isValid = true
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "q" else {
                    continue
                }
                guard let value = Double(pair[1].trimmingCharacters(in: .whitespaces)), (0...1).contains(value) else {
                    isValid = false
                    break
                }
                quality = value
            }
            guard isValid, quality > 0 else { continue }
            ranges.append((offset, Range(tag: tag, quality: quality)))
        }
        self.ranges = ranges.sorted { ($0.range.quality, -$0.offset) > ($1.range.quality, -$1.offset) }.map(\.range)
    }

    /// The position of the best of the server's languages for this header, or `nil` when none is
    /// acceptable.
    ///
    /// A range matches a language of the same name (case and `-`/`_` aside), then one named by its
    /// language subtag alone (`de-CH` → `de`); Chinese ranges match `zh-Hans` unless they ask for the
    /// Traditional script (`zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO`). `*` matches the first of `languages`.
    ///
    /// - Parameter languages: The server's languages, as `.lproj` names.
    /// - Returns: An index into `languages`, or `nil`.
    func bestIndex(among languages: [String]) -> Int? {
        for range in ranges {
            if range.tag == "*" { return languages.isEmpty ? nil : 0 }
            let tag = Self.normalized(range.tag)
            if let exact = languages.firstIndex(where: { Self.normalized($0) == tag }) { return exact }
            let subtags = tag.split(separator: "-")
            guard let primary = subtags.first else { continue }
            var candidate = String(primary)
            if primary == "zh" {
                let traditional = subtags.dropFirst().contains { ["hant", "tw", "hk", "mo"].contains($0) }
                if traditional { continue }
                candidate = "zh-hans"
            }
            if let match = languages.firstIndex(where: { Self.normalized($0) == candidate }) { return match }
        }
        return nil
    }

    /// A language tag compared case-insensitively, with `_` read as `-`.
    private static func normalized(_ tag: String) -> String {
        tag.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
#endif
