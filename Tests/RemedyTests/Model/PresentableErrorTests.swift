import Foundation
import Remedy
import Testing

@Suite(.timeLimit(.minutes(10)))
struct PresentableErrorTests {
    private enum SignUpError: PresentableError {
        case emptyUserName

        var message: String { "Enter a user name to continue." }
    }

    private struct QuotaError: PresentableError {
        var message: String { "You've used all your storage." }
        var category: ErrorCategory { .resourceExhausted }
        var severity: Severity { .critical }
        var icon: ErrorIcon { ErrorIcon(name: "icloud.slash") }
        var preferredStyle: PresentationStyle? { .alert }
        var title: String? { "Storage Full" }
        var detail: String? { "12 GB of 12 GB used." }
    }

    private let resolver = ErrorResolver(localization: Localization(locale: Locale(identifier: "en")))

    @Test func onlyTheMessageIsRequired() {
        let error = SignUpError.emptyUserName
        #expect(error.title == nil)
        #expect(error.detail == nil)
        #expect(error.category == .unknown)
        #expect(error.severity == .major)
        #expect(error.recoveryOptions.isEmpty)
        #expect(error.icon == ErrorCategory.unknown.defaultIcon)
        #expect(error.preferredStyle == nil)
        #expect(error.developerDescription.contains("emptyUserName"))
    }

    @Test func aPresentableErrorIsPresentedAsDeclared() {
        let presentation = resolver.presentation(for: QuotaError())
        #expect(presentation.title == "Storage Full")
        #expect(presentation.message == "You've used all your storage.")
        #expect(presentation.detail == "12 GB of 12 GB used.")
        #expect(presentation.category == .resourceExhausted)
        #expect(presentation.severity == .critical)
        #expect(presentation.style == .alert)
        #expect(presentation.icon.name == "icloud.slash")
        #expect(presentation.options.map(\.title) == ["OK"])
    }

    @Test func defaultsComeFromTheCategory() {
        let presentation = resolver.presentation(for: SignUpError.emptyUserName)
        #expect(presentation.title == "Something Went Wrong")
        #expect(presentation.message == "Enter a user name to continue.")
        #expect(presentation.style == .alert)
    }

    // MARK: - MessageError

    @Test func aMessageErrorTakesItsSeverityFromItsCategoryUnlessGiven() {
        #expect(MessageError("x", category: .cancellation).severity == .minor)
        #expect(MessageError("x", category: .cancellation, severity: .fatal).severity == .fatal)
    }

    @Test func aMessageErrorIsPresentedWithItsTexts() {
        let error = MessageError("Enter a password.", title: "Password Missing", detail: "d", category: .invalidInput)
        let presentation = resolver.presentation(for: error)
        #expect(presentation.title == "Password Missing")
        #expect(presentation.message == "Enter a password.")
        #expect(presentation.detail == "d")
        #expect(presentation.category == .invalidInput)
        #expect(presentation.icon == .input)
        #expect(presentation.options.map(\.title) == ["OK"])
    }

    @Test func aMessageErrorWithABlankMessageKeepsItsTitle() {
        let presentation = resolver.presentation(
            for: MessageError(" \n", title: "Upload Failed", category: .invalidInput))
        #expect(presentation.title == "Upload Failed")
        #expect(presentation.message == ErrorCategory.invalidInput.message(in: resolver.localization))
    }

    @Test func aMessageErrorWithBlankTextsUsesTheCategoryTexts() {
        let presentation = resolver.presentation(for: MessageError("", title: "  ", category: .permissionDenied))
        #expect(presentation.title == "Not Allowed")
        #expect(presentation.message == ErrorCategory.permissionDenied.message(in: resolver.localization))
        #expect(presentation.category == .permissionDenied)
    }

    @Test func aHugeMessageErrorIsDescribedBriefly() {
        let message = String(repeating: "x", count: 5 * 1_048_576)
        let error = MessageError(message)
        #expect(error.developerDescription.utf8.count < 500)
        #expect(resolver.presentation(for: error).message.utf8.count == 5 * 1_048_576)
    }

    // MARK: - FatalError

    @Test func aFatalErrorIsFatalAndNeverABanner() {
        let error = FatalError("The app's data is damaged and it must close.", developerDescription: "store nil")
        let presentation = resolver.presentation(for: error)
        #expect(error.severity == .fatal)
        #expect(error.category == .internalInconsistency)
        #expect(error.developerDescription == "store nil")
        #expect(presentation.severity == .fatal)
        #expect(presentation.style == .alert)
        #expect(presentation.icon == .stop)
        #expect(presentation.title == "Something Went Wrong")
        #expect(presentation.options.map(\.title) == ["OK"])
    }

    @Test func aFatalErrorWithABlankMessageStillSaysSomething() {
        let presentation = resolver.presentation(for: FatalError("  "))
        // Offered OK alone, the category's message without its "Try again" sentence.
        #expect(presentation.options.map(\.title) == ["OK"])
        #expect(
            presentation.message == ErrorCategory.internalInconsistency.messageWithoutRetry(in: resolver.localization))
        #expect(FatalError("boom").developerDescription.contains("boom"))
    }

    // MARK: - Messages with options

    @Test func aMessageErrorWithOptionsOffersThemAndACancel() async throws {
        let freed = LockedValue(false)
        let freeUpSpace = RecoveryOption(title: "Free Up Space", role: .recommended) {
            freed.withLock { $0 = true }
            return .recovered
        }
        let buyStorage = RecoveryOption(title: "Buy Storage") { .notRecovered }
        let error = MessageError(
            "There isn't enough space to save the video.",
            title: "Storage Full",
            category: .resourceExhausted,
            options: [freeUpSpace, buyStorage]
        )
        let presentation = resolver.presentation(for: error)
        #expect(presentation.options.map(\.title) == ["Free Up Space", "Buy Storage", "Cancel"])
        #expect(presentation.options.map(\.role) == [.recommended, .normal, .cancel])
        #expect(presentation.defaultOption?.title == "Free Up Space")
        #expect(try await presentation.defaultOption?.perform() == .recovered)
        #expect(freed.withLock { $0 })
        #expect(error.developerDescription.contains("Free Up Space, Buy Storage"))
    }

    @Test func aMessageErrorCanPreferAStyle() {
        let error = MessageError("Offline.", severity: .minor, options: [.retry], preferredStyle: .alert)
        #expect(resolver.presentation(for: error).style == .alert)
        #expect(
            resolver.presentation(for: MessageError("Offline.", severity: .minor, options: [])).style
                == .banner)
    }
}
