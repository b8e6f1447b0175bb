/// A short reference to one occurrence of an error, for a person to read aloud or paste: `7KQ2-9F3A`.
///
/// Every ``Presentation`` carries one, the scope logs it with every line about the error (metadata key
/// `reference`), the terminal presenter shows it, and Problem Details responses carry it to the client, so
/// the reference on a person's screen finds the log line of the program, or of the server, that failed.
///
/// A reference is eight characters of Crockford's base32 (digits and capital letters without I, L, O
/// and U, so nothing reads as another character), grouped four and four: 40 bits. Within one process,
/// ``next()`` never repeats for 2⁴⁰ occurrences; across processes, references start at a random point,
/// so two programs rarely share one, and a log line also carries the time.
///
/// ```swift
/// let reference = SupportReference.next()
/// print("Reference \(reference)")  // Reference 7KQ2-9F3A
/// SupportReference("7kq2 9f3a") == SupportReference("7KQ2-9F3A")  // true: read back leniently
/// ```
public struct SupportReference: Sendable, Hashable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The reference's 40 bits.
    package let value: UInt64

    private static let mask: UInt64 = (1 << 40) - 1
    /// Crockford's base32 alphabet.
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// Creates a reference from its 40 bits.
    ///
    /// - Parameter value: The bits; only the lowest 40 are kept.
    package init(value: UInt64) {
        self.value = value & Self.mask
    }

    /// Reads a reference a person typed or pasted.
    ///
    /// Case, spaces and hyphens don't matter, and the letters people confuse with digits are read as
    /// those digits (O as 0, I and L as 1), as Crockford's base32 allows.
    ///
    /// - Parameter description: The text, such as `"7KQ2-9F3A"`.
    /// - Returns: The reference, or `nil` when the text isn't eight base32 characters.
    public init?(_ description: String) {
        var value: UInt64 = 0
        var count = 0
        for byte in description.utf8 {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "-"): continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "o"), UInt8(ascii: "O"): digit = 0
            case UInt8(ascii: "i"), UInt8(ascii: "I"), UInt8(ascii: "l"), UInt8(ascii: "L"): digit = 1
            default:
                let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
                guard let index = Self.alphabet.firstIndex(of: upper) else { return nil }
                digit = UInt64(index)
            }
            count += 1
            guard count <= 8 else { return nil }
            value = value << 5 | digit
        }
        guard count == 8 else { return nil }
        self.value = value
    }

    /// The readable form: eight characters grouped four and four, such as `7KQ2-9F3A`.
    public var description: String {
        var characters = [UInt8](repeating: UInt8(ascii: "-"), count: 9)
        var rest = value
        // The last character first; the dash at 4 stays.
        for digit in (0..<8).reversed() {
            characters[digit < 4 ? digit : digit + 1] = Self.alphabet[Int(rest & 31)]
            rest >>= 5
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The reference as a presenter shows it, such as "Reference 7KQ2-9F3A", in a language.
    ///
    /// - Parameter localization: The language; Remedy's texts exist in English, German, Spanish, French,
    ///   Japanese and Simplified Chinese.
    /// - Returns: The label with the reference.
    public func label(in localization: Localization = .default) -> String {
        localization.string(forKey: "presentation.reference", description)
    }

    // MARK: - Making references

    /// A new reference, unique within this process.
    ///
    /// Occurrences are numbered from a random start, and each number is scrambled by a bijection of 40
    /// bits, so consecutive references look unrelated yet never repeat until 2⁴⁰ have been made.
    public static func next() -> SupportReference {
        SupportReference(value: scrambled(nextNumber()))
    }

    /// The number of the next occurrence: each number once, counted from a random start.
    private static func nextNumber() -> UInt64 {
        counter.withLock { counter in
            defer { counter &+= 1 }
            return counter
        }
    }

    /// The number of the next occurrence, starting at a random point of the 40-bit range.
    private static let counter = LockedValue(UInt64.random(in: 0...mask))

    /// A bijection of the 40-bit numbers: xor-shifts and multiplications by odd numbers, each of which
    /// is invertible modulo 2⁴⁰, so distinct numbers stay distinct.
    static func scrambled(_ number: UInt64) -> UInt64 {
        var x = number & mask
        x ^= x >> 20
        x = (x &* 0xE_9B5E_3A2D) & mask
        x ^= x >> 17
        x = (x &* 0x5_4C6F_12A7) & mask
        x ^= x >> 21
        return x
    }

    // MARK: - Codable

    /// Decodes a reference from its readable form.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the string isn't a reference.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let reference = SupportReference(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Not a support reference (eight base32 characters): \(text.prefix(40))"
            )
        }
        self = reference
    }

    /// Encodes the readable form.
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
