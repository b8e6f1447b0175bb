import Foundation
import Testing

@testable import Remedy

/// The support reference: eight base32 characters a person can read out, read back leniently, unique
/// per occurrence.
@Suite(.timeLimit(.minutes(10)))
struct SupportReferenceTests {
    private static let crockford = Set("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    @Test(arguments: [UInt64(0), 1, 31, 32, 0xFF_FFFF_FFFF, 0x12_3456_789A, 0xA5_A5A5_A5A5])
    func theReadableFormIsFourAndFourCrockfordCharactersAndReadsBack(value: UInt64) throws {
        let reference = SupportReference(value: value)
        let text = reference.description
        #expect(text.count == 9)
        #expect(Array(text)[4] == "-")
        #expect(text.replacingOccurrences(of: "-", with: "").allSatisfy { Self.crockford.contains($0) })
        #expect(SupportReference(text) == reference)
        #expect(try #require(SupportReference(text)).value == value)
    }

    @Test func valuesBeyondFortyBitsKeepOnlyTheLowestForty() {
        #expect(SupportReference(value: 1 << 40 | 5) == SupportReference(value: 5))
        #expect(SupportReference(value: .max).description == "ZZZZ-ZZZZ")
        #expect(SupportReference(value: 0).description == "0000-0000")
    }

    @Test func whatAPersonTypesIsReadLeniently() throws {
        let reference = try #require(SupportReference("7KQ2-9F3A"))
        #expect(SupportReference("7kq2-9f3a") == reference)
        #expect(SupportReference("7KQ29F3A") == reference)
        #expect(SupportReference(" 7KQ2 9F3A ") == reference)
        // The letters people take for digits are those digits.
        #expect(SupportReference("O0I1-L000") == SupportReference("0011-1000"))
    }

    @Test(arguments: [
        "", "-", "7KQ2-9F3", "7KQ2-9F3AB", "7KQ2-9F3U", "7KQ2_9F3A", "!!!!-????", "７KQ2-9F3A", "🙂🙂🙂🙂-🙂🙂🙂🙂",
        "7KQ2-9F3A\u{0}",
    ])
    func anythingElseIsNotAReference(text: String) {
        #expect(SupportReference(text) == nil)
    }

    @Test func aFiveMegabyteTextIsRefusedWithoutReadingItAll() {
        let huge = String(repeating: "A", count: 5 * 1024 * 1024)
        #expect(SupportReference(huge) == nil)
    }

    @Test func theScramblingIsABijectionSoConsecutiveNumbersNeverCollide() {
        // 2^17 consecutive numbers, across the wrap-around of the 40-bit range.
        let start: UInt64 = (1 << 40) - (1 << 16)
        var seen = Set<UInt64>()
        for offset in UInt64(0)..<(1 << 17) {
            let scrambled = SupportReference.scrambled((start &+ offset) & ((1 << 40) - 1))
            #expect(scrambled < 1 << 40)
            seen.insert(scrambled)
        }
        #expect(seen.count == 1 << 17)
        // Consecutive occurrences don't look consecutive.
        #expect(SupportReference.scrambled(1) != SupportReference.scrambled(0) + 1)
    }

    @Test func referencesMadeConcurrentlyAreAllDifferent() async {
        let references = await withTaskGroup(of: [SupportReference].self) { group in
            for _ in 0..<50 {
                group.addTask { (0..<200).map { _ in SupportReference.next() } }
            }
            return await group.reduce(into: [SupportReference]()) { $0 += $1 }
        }
        #expect(references.count == 10_000)
        #expect(Set(references).count == 10_000)
    }

    @Test func itIsCodedAsItsReadableForm() throws {
        let reference = try #require(SupportReference("7KQ2-9F3A"))
        let data = try JSONEncoder().encode(["reference": reference])
        #expect(String(decoding: data, as: UTF8.self) == #"{"reference":"7KQ2-9F3A"}"#)
        let decoded = try JSONDecoder().decode([String: SupportReference].self, from: Data(#"{"r":"7kq29f3a"}"#.utf8))
        #expect(decoded["r"] == reference)
    }

    @Test(arguments: [#"{"r":"not a reference"}"#, #"{"r":42}"#, #"{"r":null}"#])
    func decodingSomethingElseIsAClearError(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([String: SupportReference].self, from: Data(json.utf8))
        }
    }

    @Test func theLabelIsInThePresentationsLanguage() throws {
        let reference = try #require(SupportReference("7KQ2-9F3A"))
        #expect(reference.label(in: Localization(locale: Locale(identifier: "en"))) == "Reference 7KQ2-9F3A")
        #expect(reference.label(in: Localization(locale: Locale(identifier: "de"))) == "Referenz 7KQ2-9F3A")
        #expect(reference.label(in: Localization(locale: Locale(identifier: "ja"))).hasSuffix(" 7KQ2-9F3A"))
        #expect(reference.label(in: Localization(locale: Locale(identifier: "ja"))) != "Reference 7KQ2-9F3A")
    }

    @Test func everyPresentationHasItsOwnUnlessOneIsGiven() throws {
        let first = Presentation(title: nil, message: "A", error: MessageError("A"))
        let second = Presentation(title: nil, message: "A", error: MessageError("A"))
        #expect(first.supportReference != second.supportReference)
        let given = try #require(SupportReference("7KQ2-9F3A"))
        #expect(
            Presentation(title: nil, message: "A", supportReference: given, error: MessageError("A")).supportReference
                == given)
    }
}
