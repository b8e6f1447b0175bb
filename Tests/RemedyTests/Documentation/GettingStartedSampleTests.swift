import Foundation
import Remedy
import Testing

/// The samples of the getting-started article, word for word (``CodeSampleCoverageTests`` checks that), run
/// and checked against what the article says about them.
@Suite(.timeLimit(.minutes(10)))
struct GettingStartedSampleTests {
    // MARK: - Stand-ins for the article's placeholders

    actor VideoCache {
        private(set) var removals = 0
        private(set) var draftRemovals = 0

        func removeAll() throws { removals += 1 }
        func removeDrafts() throws { draftRemovals += 1 }
    }

    struct PaymentSDKError: Error {}

    // MARK: - Declare an error

    enum SignUpError: PresentableError {
        case emptyUserName
        case emptyPassword

        var message: String {
            switch self {
            case .emptyUserName: "Enter a user name to continue."
            case .emptyPassword: "Enter a password to continue."
            }
        }

        var category: ErrorCategory { .invalidInput }
    }

    func signUp(userName: String) throws {
        guard !userName.isEmpty else {
            throw MessageError("Enter a user name to continue.", category: .invalidInput)
        }
    }

    // MARK: - Offer recovery options

    struct StorageFullError: PresentableError {
        let cache: VideoCache

        var title: String? { "Storage Full" }
        var message: String { "There isn't enough space to save the video." }
        var category: ErrorCategory { .resourceExhausted }

        var recoveryOptions: [RecoveryOption] {
            [
                RecoveryOption(title: "Free Up Space", role: .recommended) { [cache] in
                    try await cache.removeAll()
                    return .recovered
                },
                RecoveryOption(title: "Delete Drafts", role: .destructive) { [cache] in
                    try await cache.removeDrafts()
                    return .recovered
                },
            ]
        }
    }

    // MARK: - Resolve any error into a presentation

    // swift-format-ignore
    @SampleValues func resolvedStorageFullError(cache: VideoCache) -> [Any] {
        let presentation = ErrorResolver().presentation(for: StorageFullError(cache: cache))
        presentation.title                  // "Storage Full"
        presentation.message                // "There isn't enough space to save the video."
        presentation.options.map(\.title)   // ["Free Up Space", "Delete Drafts", "Cancel"]
        presentation.defaultOption?.title   // "Free Up Space"
        presentation.style                  // .alert, because the severity is .major
    }

    enum ParserError: Error { case unexpectedToken }

    @SampleValues func undescribedErrorMessage() -> [Any] {
        ErrorResolver().presentation(for: ParserError.unexpectedToken).message
        // "The action couldn't be finished."
    }

    func resolverThatKnowsThePaymentSDK() -> ErrorResolver {
        var catalog = ErrorCatalog.standard
        catalog.register(PaymentSDKError.self) { error, localization in
            ErrorInterpretation(message: "The card was declined. Try another card.", category: .invalidInput)
        }
        let resolver = ErrorResolver(catalog: catalog)
        return resolver
    }

    // MARK: - Run the chosen option

    struct PrintingPresenter: ErrorPresenter {
        func present(_ presentation: Presentation) async throws -> RecoveryOption? {
            print("\(presentation.title): \(presentation.message)")
            return presentation.defaultOption
        }
    }

    /// The article's `PrintingPresenter` that answers at once.
    enum AtOnce {
        struct PrintingPresenter: ErrorPresenter {
            func immediateAnswer(to presentation: Presentation) -> ImmediateAnswer {
                print("\(presentation.title): \(presentation.message)")
                return .answered(presentation.defaultOption)
            }

            func present(_ presentation: Presentation) async throws -> RecoveryOption? {
                guard case .answered(let option) = immediateAnswer(to: presentation) else { return nil }
                return option
            }
        }
    }

    @Test func thePresenterThatAnswersAtOnceAnswersAsItsPresentWould() async throws {
        let presentation = ErrorResolver().presentation(for: HTTPStatusError(status: 503))
        guard case .answered(let option) = AtOnce.PrintingPresenter().immediateAnswer(to: presentation) else {
            Issue.record("it answers every presentation at once")
            return
        }
        #expect(option?.title == presentation.defaultOption?.title)
        #expect(try await AtOnce.PrintingPresenter().present(presentation)?.title == option?.title)
    }

    func present(_ error: any Error, saveVideo: () async throws -> Void) async throws {
        let presentation = ErrorResolver().presentation(for: error)
        let chosen = try await PrintingPresenter().present(presentation) ?? presentation.fallbackOption
        if try await chosen.perform() == .recovered {
            try await saveVideo()
        }
    }

    // MARK: - Bridge to NSError

    // swift-format-ignore
    @SampleValues func bridgedStorageFullError(cache: VideoCache) -> [Any] {
        let nsError = StorageFullError(cache: cache).bridgedToNSError()
        nsError.localizedDescription       // "Storage Full"
        nsError.localizedRecoverySuggestion // "There isn't enough space to save the video."
        nsError.localizedRecoveryOptions   // ["Free Up Space", "Delete Drafts", "Cancel"]
    }

    // MARK: - Show it in the person's language

    func germanPresentation(of error: any Error) -> Presentation {
        let localization = Localization(
            locale: Locale(identifier: "de"),
            overrides: ["option.tryAgain": "Neu laden"]
        )
        let presentation = ErrorResolver(localization: localization).presentation(for: error)
        return presentation
    }

    // MARK: - Tests

    /// The article's texts are English; the samples' `ErrorResolver()` follows the environment, so the
    /// tests compare Remedy's own words in English where the article quotes them.
    private let english = Localization(locale: Locale(identifier: "en"))

    @Test func theStorageSampleResolvesAsDocumented() async throws {
        let cache = VideoCache()
        let values = resolvedStorageFullError(cache: cache)
        #expect(values.count == 5)
        #expect(values[0] as? String == "Storage Full")
        #expect(values[1] as? String == "There isn't enough space to save the video.")
        let titles = try #require(values[2] as? [String])
        #expect(titles.count == 3)
        #expect(titles.prefix(2) == ["Free Up Space", "Delete Drafts"])
        #expect(values[3] as? String == "Free Up Space")
        #expect(values[4] as? PresentationStyle == .alert)

        let presentation = ErrorResolver(localization: english).presentation(for: StorageFullError(cache: cache))
        #expect(presentation.options.map(\.title) == ["Free Up Space", "Delete Drafts", "Cancel"])
        #expect(try await presentation.defaultOption?.perform() == .recovered)
        #expect(await cache.removals == 1)
    }

    @Test func theSignUpSampleUsesTheInvalidInputTitle() {
        let presentation = ErrorResolver(localization: english).presentation(for: SignUpError.emptyPassword)
        #expect(presentation.title == "Check Your Entry")
        #expect(presentation.message == "Enter a password to continue.")
        #expect(presentation.options.map(\.title) == ["OK"])
    }

    @Test func anEmptyUserNameThrowsTheReadyMadeError() throws {
        let error = try #require(throws: MessageError.self) { try signUp(userName: "") }
        #expect(error.message == "Enter a user name to continue.")
        #expect(error.category == .invalidInput)
        try signUp(userName: "ada")
    }

    @Test func anUndescribedErrorGetsTheDocumentedGenericMessage() throws {
        let message = try #require(undescribedErrorMessage().first as? String)
        #expect(!message.isEmpty && !message.contains("ParserError"))
        let inEnglish = ErrorResolver(localization: english).presentation(for: ParserError.unexpectedToken)
        // Offered "OK" alone, the generic message doesn't ask to try again.
        #expect(inEnglish.message == "The action couldn't be finished.")
        #expect(!inEnglish.options.contains { $0.isRetry })
    }

    @Test func theCatalogSampleTeachesThePaymentSDK() {
        let presentation = resolverThatKnowsThePaymentSDK().presentation(for: PaymentSDKError())
        #expect(presentation.message == "The card was declined. Try another card.")
        #expect(presentation.category == .invalidInput)
    }

    @Test func thePresenterSampleRunsTheChosenOption() async throws {
        let cache = VideoCache()
        var saves = 0
        try await present(StorageFullError(cache: cache)) { saves += 1 }
        #expect(saves == 1)
        #expect(await cache.removals == 1)
        #expect(await cache.draftRemovals == 0)
    }

    @Test func theBridgingSampleShowsTheDocumentedTexts() throws {
        let values = bridgedStorageFullError(cache: VideoCache())
        #expect(values.count == 3)
        #expect(values[0] as? String == "Storage Full")
        #expect(values[1] as? String == "There isn't enough space to save the video.")
        let options = try #require(values[2] as? [String])
        #expect(options.count == 3 && options.prefix(2) == ["Free Up Space", "Delete Drafts"])
    }

    @Test func theLocalizationSampleOverridesTryAgain() {
        let presentation = germanPresentation(
            of: MessageError("Der Feed konnte nicht geladen werden.", options: [.retry]))
        #expect(presentation.options.map(\.title) == ["Neu laden", "Abbrechen"])
        #expect(presentation.title == "Etwas ist schiefgelaufen")
    }

    @Test(arguments: [("de_CH", "de"), ("zh-CN", "zh-Hans")])
    func theDocumentedLocalesChooseTheDocumentedLanguages(identifier: String, language: String) {
        #expect(Localization(locale: Locale(identifier: identifier)).language == language)
    }
}
