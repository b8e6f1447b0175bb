import Foundation
import Testing

@testable import Remedy

/// The shortcuts of the resolution give the same results as the full walk: a leaf resolved without a
/// walk, user info read only from the types that have one, and a node's coding path computed when read.
@Suite(.timeLimit(.minutes(10)))
struct ResolutionFastPathTests {
    // MARK: - Fixtures

    /// A plain-data `LocalizedError`: a leaf, resolved without walking a tree.
    private struct PlainLocalizedError: LocalizedError {
        var code = 3
        var errorDescription: String? { "The draft is locked." }
        var failureReason: String? { "Another device is editing it." }
        var recoverySuggestion: String? { "Try again when it's closed there." }
        var helpAnchor: String? { "locked-drafts" }
    }

    /// A plain-data error with only a recovery suggestion.
    private struct SuggestionOnlyError: LocalizedError {
        var recoverySuggestion: String? { "Check the cable." }
    }

    /// A wrapping error whose texts are only in its user info: user info must still be read for a type
    /// whose walk source is ``WrappingError``.
    private struct WrappingUserInfoError: WrappingError, CustomNSError {
        var cause: any Error
        var underlyingErrors: [any Error] { [cause] }
        static var errorDomain: String { "com.example.wrapping" }
        var errorCode: Int { 4 }
        var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: "The upload failed."] }
    }

    private enum Plain: Error { case failed }

    /// An `NSError` subclass, read through its user info.
    private final class AppNSError: NSError, @unchecked Sendable {
        // @unchecked: immutable after init, as every NSError.
        init(text: String) {
            super.init(domain: "com.example.app", code: 9, userInfo: [NSLocalizedDescriptionKey: text])
        }

        required init?(coder: NSCoder) { nil }
    }

    // MARK: - A leaf without a walk

    @Test func plainDataLocalizedErrorIsALeaf() {
        #expect(ErrorTypeInfo.of(PlainLocalizedError()).source == .leaf)
    }

    @Test func leafResolvesAsTheSingleNodeOfItsTree() throws {
        let resolver = ErrorResolver()
        let error = PlainLocalizedError()
        let merged = resolver.interpretation(of: error)
        let node = try #require(resolver.interpretation(ofNode: error))
        #expect(merged.message == node.message)
        #expect(merged.message == "The draft is locked. Try again when it's closed there.")
        #expect(merged.detail == "Another device is editing it.")
        #expect(merged.helpAnchor == "locked-drafts")
        #expect(merged.category == nil)
        #expect(merged.severity == nil)
        #expect(merged.options.isEmpty)

        let presentation = resolver.presentation(for: error)
        #expect(presentation.message == "The draft is locked. Try again when it's closed there.")
        #expect(presentation.detail == "Another device is editing it.")
        #expect(presentation.options.map(\.title) == ["OK"])
    }

    @Test func suggestionAloneIsTheMessage() {
        #expect(ErrorResolver().interpretation(of: SuggestionOnlyError()).message == "Check the cable.")
    }

    @Test func leafWithoutTextFallsBackToTheCategoryMessage() {
        let resolver = ErrorResolver()
        let presentation = resolver.presentation(for: Plain.failed)
        #expect(presentation.message == ErrorCategory.unknown.messageWithoutRetry(in: resolver.localization))
    }

    @Test func leafResolvesTheSameUnderTheTightestLimits() {
        // The walk visits the root under any limits (the node cap is at least 1); so does the shortcut.
        let resolver = ErrorResolver(limits: ErrorLimits(maximumDepth: 0, maximumWidth: 0, maximumNodes: 0))
        #expect(resolver.limits.maximumNodes == 1)
        #expect(
            resolver.interpretation(of: PlainLocalizedError()).message
                == ErrorResolver().interpretation(of: PlainLocalizedError()).message)
    }

    // MARK: - Type information

    /// The cache of type information remembers the last type found: types alternating, from many threads
    /// at once, still get their own information, the same instance every time.
    @Test func typeInformationIsEachTypesOwnWhenTypesAlternate() async {
        let errors: [any Error] = [PlainLocalizedError(), Plain.failed, URLError(.timedOut), SuggestionOnlyError()]
        let first = errors.map { ObjectIdentifier(ErrorTypeInfo.of($0)) }
        let names = errors.map { ErrorTypeInfo.of($0).name }
        #expect(names == ["PlainLocalizedError", "Plain", "URLError", "SuggestionOnlyError"])
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<2_000 {
                        let index = (round * (task + 1) + task) % errors.count
                        if ObjectIdentifier(ErrorTypeInfo.of(errors[index])) != first[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    // MARK: - User info

    @Test func userInfoIsReadOnlyFromTypesThatHaveOne() {
        #expect(ErrorTypeInfo.of(AppNSError(text: "x")).hasUserInfo)
        #expect(ErrorTypeInfo.of(URLError(.timedOut)).hasUserInfo)
        #expect(ErrorTypeInfo.of(WrappingUserInfoError(cause: Plain.failed)).hasUserInfo)
        #expect(!ErrorTypeInfo.of(Plain.failed).hasUserInfo)
        #expect(!ErrorTypeInfo.of(PlainLocalizedError()).hasUserInfo)
        #expect(!ErrorTypeInfo.of(ContextError("Saving", wrapping: Plain.failed)).hasUserInfo)
    }

    @Test func wrappingErrorWithUserInfoKeepsItsText() {
        let error = WrappingUserInfoError(cause: Plain.failed)
        #expect(ErrorTypeInfo.of(error).source == .wrapping)
        #expect(ErrorResolver().presentation(for: error).message == "The upload failed.")
    }

    @Test func nsErrorSubclassTextIsRead() {
        #expect(
            ErrorResolver().presentation(for: AppNSError(text: "The vault is sealed.")).message
                == "The vault is sealed.")
    }

    // MARK: - Coding path when read

    @Test func codingPathIsComputedWhenRead() throws {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                self.stringValue = "Index \(intValue)"
                self.intValue = intValue
            }
        }
        let decoding = DecodingError.keyNotFound(
            Key(stringValue: "temp"),
            .init(codingPath: [Key(stringValue: "days"), Key(intValue: 0)], debugDescription: "missing")
        )
        let tree = ErrorTree(ContextError("Loading", wrapping: decoding))
        let node = try #require(tree.first { $0.error is DecodingError })
        #expect(node.detail == "coding path: days[0]")
        #expect(tree.first { $0.error is ContextError }?.detail == nil)
    }
}
