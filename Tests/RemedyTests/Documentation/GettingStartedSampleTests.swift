import Foundation
import Remedy
import Testing

/// The examples of the README and the getting-started article, compiled and checked, so the documentation
/// stays true to the code.
@Suite(.timeLimit(.minutes(1)))
struct DocumentationExampleTests {
    private actor VideoCache {
        private(set) var removals = 0
        private(set) var draftRemovals = 0

        func removeAll() { removals += 1 }
        func removeDrafts() { draftRemovals += 1 }
    }

    private struct StorageFullError: PresentableError {
        let cache: VideoCache

        var title: String? { "Storage Full" }
        var message: String { "There isn't enough space to save the video." }
        var category: ErrorCategory { .resourceExhausted }

        var recoveryOptions: [RecoveryOption] {
            [
                RecoveryOption(title: "Free Up Space", role: .recommended) { [cache] in
                    await cache.removeAll()
                    return .recovered
                },
                RecoveryOption(title: "Delete Drafts", role: .destructive) { [cache] in
                    await cache.removeDrafts()
                    return .recovered
                },
            ]
        }
    }

    private enum SignUpError: PresentableError {
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

    private enum ParserError: Error { case unexpectedToken }

    private struct PrintingPresenter: ErrorPresenter {
        let shown = LockedValue<[String]>([])

        func present(_ presentation: Presentation) async throws -> RecoveryOption? {
            shown.withLock { $0.append("\(presentation.title): \(presentation.message)") }
            return presentation.defaultOption
        }
    }

    private let english = Localization(locale: Locale(identifier: "en"))

    @Test func theStorageExampleResolvesAsDocumented() async throws {
        let cache = VideoCache()
        let presentation = ErrorResolver(localization: english).presentation(for: StorageFullError(cache: cache))
        #expect(presentation.title == "Storage Full")
        #expect(presentation.message == "There isn't enough space to save the video.")
        #expect(presentation.options.map(\.title) == ["Free Up Space", "Delete Drafts", "Cancel"])
        #expect(presentation.defaultOption?.title == "Free Up Space")
        #expect(presentation.style == .alert)
        #expect(try await presentation.defaultOption?.perform() == .recovered)
        #expect(await cache.removals == 1)
    }

    @Test func theSignUpExampleUsesTheInvalidInputTitle() {
        let presentation = ErrorResolver(localization: english).presentation(for: SignUpError.emptyPassword)
        #expect(presentation.title == "Check Your Entry")
        #expect(presentation.message == "Enter a password to continue.")
        #expect(presentation.options.map(\.title) == ["OK"])
    }

    @Test func anUndescribedErrorGetsTheDocumentedGenericMessage() {
        let presentation = ErrorResolver(localization: english).presentation(for: ParserError.unexpectedToken)
        #expect(presentation.message == "The action couldn't be finished. Try again in a moment.")
    }

    @Test func thePresenterExampleRunsTheChosenOption() async throws {
        let cache = VideoCache()
        let presenter = PrintingPresenter()
        let presentation = ErrorResolver(localization: english).presentation(for: StorageFullError(cache: cache))
        let chosen = try await presenter.present(presentation) ?? presentation.fallbackOption
        #expect(try await chosen.perform() == .recovered)
        #expect(presenter.shown.withLock { $0 } == ["Storage Full: There isn't enough space to save the video."])
        #expect(await cache.removals == 1)
    }

    @Test func theBridgingExampleShowsTheDocumentedTexts() {
        let nsError = StorageFullError(cache: VideoCache()).bridgedToNSError(localization: english)
        #expect(nsError.localizedDescription == "Storage Full")
        #expect(nsError.localizedRecoverySuggestion == "There isn't enough space to save the video.")
        #expect(nsError.localizedRecoveryOptions == ["Free Up Space", "Delete Drafts", "Cancel"])
    }

    @Test func theLocalizationExampleOverridesTryAgain() {
        let localization = Localization(locale: Locale(identifier: "de"), overrides: ["option.tryAgain": "Neu laden"])
        let error = MessageError("Der Feed konnte nicht geladen werden.", options: [.retry])
        let presentation = ErrorResolver(localization: localization).presentation(for: error)
        #expect(presentation.options.map(\.title) == ["Neu laden", "Abbrechen"])
        #expect(presentation.title == "Etwas ist schiefgelaufen")
    }

    @Test(arguments: [("de_CH", "de"), ("zh-CN", "zh-Hans")])
    func theDocumentedLocalesChooseTheDocumentedLanguages(identifier: String, language: String) {
        #expect(Localization(locale: Locale(identifier: identifier)).language == language)
    }
}
