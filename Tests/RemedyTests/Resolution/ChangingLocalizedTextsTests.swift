import Foundation
import Testing

@testable import Remedy

/// The message a `LocalizedError`'s texts make: what `ErrorResolver.message(for:)` returns has exactly the
/// bytes a message made from the error's texts of the moment has, however the texts change between errors
/// of one type, whatever storage they come in.
@Suite(.timeLimit(.minutes(10)))
struct ChangingLocalizedTextsTests {
    /// Texts given per value: one type, many texts.
    private struct Stored: LocalizedError {
        var errorDescription: String?
        var failureReason: String?
        var recoverySuggestion: String?
        var helpAnchor: String?
    }

    /// Texts made anew on every read: the same bytes in new storage each time.
    private struct Made: LocalizedError {
        var count: Int
        var errorDescription: String? { "The upload of \(count) files failed, whatever was tried before." }
        var recoverySuggestion: String? { String(repeating: "Try again later. ", count: count).trimmed }
    }

    /// Texts that change on every read, from state outside the value.
    private struct Changing: LocalizedError {
        static let reads = LockedValue(0)
        var errorDescription: String? {
            let read = Self.reads.withLock { reads in
                reads += 1
                return reads
            }
            return "Retry in \(read) seconds, when the server is back."
        }
        var recoverySuggestion: String? { "Wait a moment." }
    }

    private static let resolver = ErrorResolver(localization: Localization(language: "en"))

    /// The message made from an error's texts as the merge reads them.
    private static func expected(_ error: Stored) -> String {
        let description = error.errorDescription.userFacing
        let suggestion = error.recoverySuggestion.userFacing
        let reason = description == nil ? error.failureReason.userFacing : nil
        let text = [description ?? reason, suggestion].compactMap { $0 }.joined(separator: " ")
        // Blank: the unknown category's message, without "Try again" beside a lone OK.
        return text.isBlank ? ErrorCategory.unknown.messageWithoutRetry(in: resolver.localization) : text
    }

    private static func expectSameBytes(_ message: String, _ expected: String, _ context: String = "") {
        #expect(Array(message.utf8) == Array(expected.utf8), "\(context)")
    }

    @Test("texts that change between errors of one type each make their own message")
    func changingTexts() {
        let errors: [Stored] = [
            Stored(errorDescription: "The file is locked.", recoverySuggestion: "Close it elsewhere."),
            Stored(errorDescription: "The file is locked.", recoverySuggestion: "Close it elsewhere."),
            Stored(errorDescription: "The file is locked.", recoverySuggestion: nil),
            Stored(errorDescription: "The file is locked.", recoverySuggestion: "Close it in the other app."),
            Stored(errorDescription: "The file is gone.", recoverySuggestion: "Close it in the other app."),
            Stored(errorDescription: "The file is gone.", recoverySuggestion: " "),
            Stored(errorDescription: " ", failureReason: "It moved.", recoverySuggestion: "Look for it."),
            Stored(errorDescription: "The operation couldn’t be completed. (X error 1.)", failureReason: "It moved."),
            Stored(errorDescription: "The file is gone.", recoverySuggestion: "Look for it."),
            Stored(errorDescription: nil, failureReason: "It moved.", recoverySuggestion: "Look for it."),
            Stored(errorDescription: "", recoverySuggestion: ""),
            Stored(errorDescription: "The file is gone.", recoverySuggestion: "Look for it."),
        ]
        for _ in 0..<2 {
            for error in errors {
                let message = Self.resolver.presentation(for: error).message
                Self.expectSameBytes(message, Self.expected(error), "\(error)")
                #expect(message == Self.resolver.presentation(for: error).message)
            }
        }
    }

    @Test("presentations of errors of one type with changing texts each have their own message and detail")
    func presentations() {
        let errors: [Stored] = [
            Stored(errorDescription: "The file is locked.", failureReason: "Open elsewhere.", helpAnchor: "lock"),
            Stored(errorDescription: "The file is locked.", failureReason: "Open in Notes.", helpAnchor: " "),
            Stored(errorDescription: "The file is locked.", recoverySuggestion: "Close it.", helpAnchor: "lock"),
            Stored(errorDescription: "Caf\u{E9} is closed.", failureReason: "Lunch."),
            Stored(errorDescription: "Cafe\u{301} is closed.", failureReason: "Lunch."),
            Stored(errorDescription: " ", failureReason: "It moved.", recoverySuggestion: "Look for it."),
            Stored(errorDescription: nil, failureReason: "It moved."),
            Stored(errorDescription: "The file is locked.", failureReason: "Open elsewhere.", helpAnchor: "lock"),
        ]
        for _ in 0..<2 {
            for error in errors {
                let presentation = Self.resolver.presentation(for: error)
                let description = error.errorDescription.userFacing
                Self.expectSameBytes(presentation.message, Self.expected(error), "\(error)")
                #expect(presentation.detail == (description == nil ? nil : error.failureReason.userFacing))
                #expect(presentation.helpAnchor == error.helpAnchor.nonBlank)
            }
        }
    }

    @Test("texts read anew on every call, from state that changes, are never served from an earlier call")
    func dynamicTexts() {
        for _ in 0..<50 {
            let message = Self.resolver.presentation(for: Changing()).message
            let read = Changing.reads.withLock { $0 }
            #expect(message == "Retry in \(read) seconds, when the server is back. Wait a moment.")
        }
    }

    @Test("the same texts in new storage on every read give the same message")
    func sameBytesInNewStorage() {
        for count in [3, 3, 4, 3, 1, 1] {
            let error = Made(count: count)
            let message = Self.resolver.presentation(for: error).message
            let expected = "\(error.errorDescription!) \(error.recoverySuggestion!)"
            Self.expectSameBytes(message, expected, "\(count)")
        }
    }

    @Test("canonically equivalent texts with other bytes keep their own bytes")
    func canonicallyEquivalentTexts() {
        let composed = Stored(errorDescription: "Caf\u{E9} is closed.", recoverySuggestion: "R\u{E9}essayez.")
        let decomposed = Stored(errorDescription: "Cafe\u{301} is closed.", recoverySuggestion: "Re\u{301}essayez.")
        #expect(composed.errorDescription == decomposed.errorDescription)
        for error in [composed, decomposed, decomposed, composed, composed, decomposed] {
            Self.expectSameBytes(Self.resolver.presentation(for: error).message, Self.expected(error))
        }
    }

    @Test("an app's catalog entry and its distrust still win over a message made before")
    func catalogWins() {
        let error = Stored(errorDescription: "The file is locked.", recoverySuggestion: "Close it elsewhere.")
        #expect(Self.resolver.presentation(for: error).message == "The file is locked. Close it elsewhere.")
        var catalog = ErrorCatalog.standard
        catalog.register(Stored.self) { _, _ in ErrorInterpretation(message: "Another app holds the file.") }
        let registered = ErrorResolver(catalog: catalog, localization: Self.resolver.localization)
        #expect(registered.presentation(for: error).message == "Another app holds the file.")
        var distrusting = ErrorCatalog.standard
        distrusting.setTextTrust(.untrusted, for: Stored.self)
        let untrusting = ErrorResolver(catalog: distrusting, localization: Self.resolver.localization)
        #expect(untrusting.presentation(for: error).message != "The file is locked. Close it elsewhere.")
        #expect(Self.resolver.presentation(for: error).message == "The file is locked. Close it elsewhere.")
    }

    @Test("errors of one type with different texts, resolved at once from many tasks, get their own messages")
    func concurrentUse() async {
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var allRight = true
                    for round in 0..<200 {
                        let error = Stored(
                            errorDescription: "Upload \(task) failed.",
                            recoverySuggestion: round.isMultiple(of: 2) ? nil : "Try upload \(task) again."
                        )
                        let message = Self.resolver.presentation(for: error).message
                        allRight = allRight && Array(message.utf8) == Array(Self.expected(error).utf8)
                    }
                    return allRight
                }
            }
            for await allRight in group {
                #expect(allRight)
            }
        }
    }

}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
