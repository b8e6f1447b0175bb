import Foundation
import Remedy
import Testing

/// The message of a presentation: the app's own texts, the most specific cause, the catalog, the category.
struct ResolverMessageTests {
    // MARK: - Fixtures

    private enum UploadError: PresentableError {
        case quotaExceeded
        case rejected(reason: String)
        case failed(cause: any Error)

        var message: String {
            switch self {
            case .quotaExceeded: "Your storage is full. Delete some files and try again."
            case .rejected(let reason): "The server rejected the upload: \(reason)."
            case .failed: "The upload failed."
            }
        }
        var category: ErrorCategory { .externalSystemUnavailable }
    }

    /// A presentable error with nothing to say: its category speaks for it.
    private struct SilentPresentable: PresentableError {
        var message: String { "  \n" }
        var category: ErrorCategory { .externalSystemUnavailable }
    }

    private struct Localized: LocalizedError {
        var errorDescription: String?
        var failureReason: String?
        var recoverySuggestion: String?
    }

    /// A `LocalizedError` with a payload: reflected for causes, and it has none.
    private struct RenameError: LocalizedError {
        var name: String
        var errorDescription: String? { "“\(name)” can't be renamed." }
    }

    private enum Plain: Error { case failed }

    struct Fixture: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let error: any Error
    }

    static let fixtures: [Fixture] = [
        Fixture(testDescription: "app enum", error: UploadError.quotaExceeded),
        Fixture(testDescription: "app enum with a payload", error: UploadError.rejected(reason: "too large")),
        Fixture(
            testDescription: "app enum with a localized cause",
            error: UploadError.failed(cause: Localized(errorDescription: "The disk is full."))
        ),
        Fixture(testDescription: "blank presentable error", error: SilentPresentable()),
        Fixture(
            testDescription: "LocalizedError with suggestion",
            error: Localized(errorDescription: "The forecast isn't available.", recoverySuggestion: "Try again later.")
        ),
        Fixture(testDescription: "LocalizedError with a reason only", error: Localized(failureReason: "It's busy.")),
        Fixture(testDescription: "LocalizedError with a payload", error: RenameError(name: "Notes")),
        Fixture(
            testDescription: "blank LocalizedError",
            error: Localized(errorDescription: " ", failureReason: "", recoverySuggestion: nil)
        ),
        Fixture(
            testDescription: "LocalizedError with Foundation's generic text",
            error: Localized(errorDescription: "The operation couldn’t be completed. (Example error 1.)")
        ),
        Fixture(testDescription: "URLError", error: URLError(.notConnectedToInternet)),
        Fixture(
            testDescription: "nested ContextError tree",
            error: ContextError(
                "Loading the forecast",
                wrapping: ContextError(
                    "Parsing",
                    wrapping: UploadError.failed(cause: URLError(.timedOut))
                )
            )
        ),
        Fixture(
            testDescription: "ContextError with a presentation override",
            error: ContextError(
                "Saving",
                wrapping: Localized(errorDescription: "The disk is full."),
                presentation: .init(message: "Your draft is still here.")
            )
        ),
        Fixture(
            testDescription: "NSError with user info",
            error: NSError(
                domain: "com.example.sync",
                code: 3,
                userInfo: [
                    NSLocalizedDescriptionKey: "The notes couldn't be synced.",
                    NSLocalizedRecoverySuggestionErrorKey: "Check your connection.",
                ]
            )
        ),
        Fixture(testDescription: "plain enum", error: Plain.failed),
        Fixture(testDescription: "cancellation", error: CancellationError()),
    ]

    private static let resolvers = [
        ErrorResolver(localization: Localization(locale: Locale(identifier: "en"))),
        ErrorResolver(localization: Localization(locale: Locale(identifier: "de"))),
    ]

    // MARK: - Tests

    @Test func messageReadsAnAppsOwnTexts() {
        let resolver = Self.resolvers[0]
        #expect(resolver.presentation(for: UploadError.quotaExceeded).message == UploadError.quotaExceeded.message)
        let localized = Localized(errorDescription: "The forecast isn't available.", recoverySuggestion: "Try later.")
        #expect(resolver.presentation(for: localized).message == "The forecast isn't available. Try later.")
        #expect(resolver.presentation(for: RenameError(name: "Notes")).message == "“Notes” can't be renamed.")
    }

    @Test func aBlankTextFallsBackToTheCategorysMessage() {
        let english = Localization(locale: Locale(identifier: "en"))
        let resolver = ErrorResolver(localization: english)
        #expect(
            resolver.presentation(for: SilentPresentable()).message
                == ErrorCategory.externalSystemUnavailable.messageWithoutRetry(in: english))
        #expect(
            resolver.presentation(for: Localized()).message == ErrorCategory.unknown.messageWithoutRetry(in: english))
    }

    @Test func aCauseWithItsOwnTextIsMoreSpecific() {
        let error = UploadError.failed(cause: Localized(errorDescription: "The disk is full."))
        #expect(Self.resolvers[0].presentation(for: error).message == "The disk is full.")
    }

    @Test func theAppsCatalogEntryOutranksALocalizedErrorsOwnTexts() {
        var catalog = ErrorCatalog.standard
        catalog.register(RenameError.self) { error, _ in
            ErrorInterpretation(message: "Choose another name for “\(error.name)”.")
        }
        let resolver = ErrorResolver(catalog: catalog, localization: Localization(locale: Locale(identifier: "en")))
        let error = RenameError(name: "Notes")
        #expect(resolver.presentation(for: error).message == "Choose another name for “Notes”.")
    }

    /// A cause-holding error that counts how often it is reflected.
    private struct CountedReflection: LocalizedError, CustomReflectable {
        static let reflections = LockedValue(0)
        var cause: any Error
        var errorDescription: String? { "The sync failed." }
        var customMirror: Mirror {
            Self.reflections.withLock { $0 += 1 }
            return Mirror(self, children: ["cause": cause])
        }
    }

    @Test func anErrorWithCausesIsReflectedOnceForItsMessage() {
        let resolver = Self.resolvers[0]
        let error = CountedReflection(cause: Localized(errorDescription: "The disk is full."))
        // The first look at a type may reflect it for its type information; count the steady state.
        _ = resolver.presentation(for: CountedReflection(cause: Localized()))
        var before = CountedReflection.reflections.withLock { $0 }
        let presentation = resolver.presentation(for: error)
        #expect(CountedReflection.reflections.withLock { $0 } - before == 1)
        before = CountedReflection.reflections.withLock { $0 }
        #expect(resolver.presentation(for: error).message == presentation.message)
        #expect(CountedReflection.reflections.withLock { $0 } - before == 1, "one walk, as the presentation's")
    }
}
