import Testing

@testable import Remedy

/// The check of a stated case name (``WrappingError/declaredCaseName``) on ASCII names, which it reads
/// byte by byte: every ASCII byte, first and later in a name, is judged as a plain rule judges it.
struct IdentifierCheckTests {
    /// The rule written out: a letter or `_`, then letters, digits and `_`.
    static func isASCIIIdentifier(_ bytes: [UInt8]) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.dropFirst().allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    @Test func everyASCIIByteIsJudgedAsTheRuleJudgesIt() {
        #expect(!ErrorTypeInfo.isIdentifier(""))
        for byte in UInt8(0)..<0x80 {
            for bytes in [
                [byte], [UInt8(ascii: "a"), byte], [byte, UInt8(ascii: "a")], [UInt8(ascii: "_"), byte, byte],
            ] {
                let name = String(decoding: bytes, as: UTF8.self)
                #expect(ErrorTypeInfo.isIdentifier(name) == Self.isASCIIIdentifier(bytes), "\(bytes)")
            }
        }
    }
}
