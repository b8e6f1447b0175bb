import Testing

@testable import Remedy

/// FNV-1a as grouping keys and support references use it: the same bits as the textbook definition,
/// byte by byte, and its digest as 16 zero-padded lower-case hexadecimal digits.
struct StableHashTests {
    /// The textbook FNV-1a of some bytes, then the separator `combine(_: String)` adds.
    private func reference(_ text: String, from start: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var value = start
        for byte in Array(text.utf8) + [0xff] {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return value
    }

    @Test(arguments: [
        "", "keyNotFound", "Remedy.HTTPStatusError", "naïve ☕️ 文字", String(repeating: "long ", count: 100),
    ])
    func textsHashTheirUTF8Bytes(_ text: String) {
        var hash = StableHash()
        hash.combine(text)
        #expect(hash.value == reference(text))
        // Bridged and sliced strings (not native, or not starting at their storage's start) alike.
        var sliced = StableHash()
        sliced.combine(String(("x" + text).dropFirst()))
        #expect(sliced.value == reference(text))
    }

    @Test func theDigestIsSixteenZeroPaddedLowerCaseHexadecimalDigits() {
        var padded = 0
        for number in 0..<512 {
            var hash = StableHash()
            hash.combine(number)
            let digits = String(hash.value, radix: 16)
            if digits.count < 16 { padded += 1 }
            #expect(hash.hexDigest == String(repeating: "0", count: 16 - digits.count) + digits)
        }
        // About one value in sixteen has a leading zero digit: the padding was exercised.
        #expect(padded > 0)
    }
}
