import Foundation
import Testing

@testable import Remedy

/// What makes two presentations one: what a person sees of them, and nothing else.
@Suite
struct PresentationIdentityTests {
    private static func identity(
        _ message: String,
        severity: Severity = .major,
        style: PresentationStyle? = nil,
        options: [RecoveryOption] = [.retry, .cancel]
    ) -> PresentationIdentity {
        PresentationIdentity(presentation(message, severity: severity, style: style, options: options))
    }

    @Test func presentationsThatLookAlikeAreOneWhateverTheirActions() {
        let first = Self.identity("Saved?", options: [RecoveryOption(title: "Fix", role: .recommended) { .recovered }])
        let second = Self.identity(
            "Saved?",
            options: [RecoveryOption(title: "Fix", role: .recommended) { .notRecovered }]
        )
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
    }

    @Test func anyDifferenceAPersonCanSeeMakesTwo() {
        // The options as the presentation normalizes them: Try Again, then the Cancel it adds.
        let base = Self.identity("Saved?")
        let others = [
            Self.identity("Saved!"),
            Self.identity("Saved?", severity: .critical),
            Self.identity("Saved?", style: .banner),
            Self.identity("Saved?", options: [.cancel, .retry]),
            Self.identity("Saved?", options: [.retry, .cancel, .ok]),
            Self.identity(
                "Saved?", options: [.retry, RecoveryOption(title: "Not Now", role: .cancel) { .notRecovered }]),
        ]
        for other in others {
            #expect(base != other)
        }
        #expect(Set(others + [base]).count == others.count + 1)
    }

    @Test func aRoleAloneMakesTwo() {
        let recommended = Self.identity(
            "Saved?",
            options: [RecoveryOption(title: "Fix", role: .recommended) { .recovered }, .cancel]
        )
        let normal = Self.identity("Saved?", options: [RecoveryOption(title: "Fix") { .recovered }, .cancel])
        #expect(recommended != normal)
    }

    @Test func textsAreHashedApartFromTheirNeighbours() {
        func identity(_ message: String, option: String) -> PresentationIdentity {
            Self.identity(message, options: [RecoveryOption(title: option) { .recovered }])
        }
        let split = identity("ab", option: "c")
        let shifted = identity("a", option: "bc")
        #expect(split != shifted)
        #expect(split.hashValue != shifted.hashValue)
        let empty = identity("", option: "x")
        let trailing = identity("x", option: "")
        #expect(empty != trailing)
        #expect(empty.hashValue != trailing.hashValue)
    }

    @Test func longTextsAreHashedByEveryByte() {
        // A change in any byte of a long text changes the identity and its hash.
        let text = "Couldn't save the draft: the disk is full (23 bytes)"
        let original = Self.identity(text)
        let bytes = Array(text.utf8)
        for index in bytes.indices {
            var changed = bytes
            changed[index] = changed[index] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            let other = Self.identity(String(decoding: changed, as: UTF8.self))
            #expect(other != original, "byte \(index)")
            #expect(other.hashValue != original.hashValue, "byte \(index)")
        }
    }

    @Test func canonicallyEqualLongTextsAreOneIdentity() {
        // The accent inside the first word of the text, and inside a later one.
        for prefix in ["", "The caf", "The long, long caf"] {
            let composed = Self.identity("\(prefix)Caf\u{E9} closed for the rest of the week")
            let decomposed = Self.identity("\(prefix)Cafe\u{301} closed for the rest of the week")
            #expect(composed == decomposed)
            #expect(composed.hashValue == decomposed.hashValue)
        }
    }

    @Test func canonicallyEqualTextsAreOneIdentity() {
        // "é" as one scalar, and as "e" with a combining accent: equal Swift strings with different bytes.
        let composed = Self.identity("Caf\u{E9} closed")
        let decomposed = Self.identity("Cafe\u{301} closed")
        #expect(composed == decomposed)
        #expect(composed.hashValue == decomposed.hashValue)
        #expect(Set([composed, decomposed]).count == 1)
        #expect(Self.identity("Cafe closed") != composed)
    }
}
