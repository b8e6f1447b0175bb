import Foundation
import Remedy
import Testing

/// A `PresentableError` bridged to `NSError` and resolved back is the same presentation, and runs the
/// same actions.
@Suite(.timeLimit(.minutes(10)))
struct ErrorBridgingTests {
    private struct ActionFailed: Error {}

    private let english = Localization(locale: Locale(identifier: "en"))
    private var resolver: ErrorResolver { ErrorResolver(localization: english) }

    /// The storage scenario: two ways out besides Cancel, one of them recommended, one destructive.
    private func storageFull(freed: LockedValue<Int>, deleted: LockedValue<Int>) -> MessageError {
        MessageError(
            "There isn't enough space to save the video.",
            title: "Storage Full",
            detail: "The video needs 2 GB; 300 MB are free.",
            category: .resourceExhausted,
            options: [
                RecoveryOption(title: "Free Up Space", role: .recommended) {
                    freed.withLock { $0 += 1 }
                    return .recovered
                },
                RecoveryOption(title: "Delete Old Videos", role: .destructive) {
                    deleted.withLock { $0 += 1 }
                    return .notRecovered
                },
            ]
        )
    }

    // MARK: - Round trip

    /// Everything a person sees of the presentation, and how it is shown, is the same both ways.
    private func expectSamePresentation(
        _ back: Presentation,
        _ direct: Presentation,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(back.title == direct.title, sourceLocation: sourceLocation)
        #expect(back.message == direct.message, sourceLocation: sourceLocation)
        #expect(back.detail == direct.detail, sourceLocation: sourceLocation)
        #expect(back.options.map(\.title) == direct.options.map(\.title), sourceLocation: sourceLocation)
        #expect(back.options.map(\.role) == direct.options.map(\.role), sourceLocation: sourceLocation)
        #expect(back.category == direct.category, sourceLocation: sourceLocation)
        #expect(back.severity == direct.severity, sourceLocation: sourceLocation)
        #expect(back.style == direct.style, sourceLocation: sourceLocation)
    }

    @Test func theRoundTripGivesTheSamePresentation() {
        let error = storageFull(freed: LockedValue(0), deleted: LockedValue(0))
        let direct = resolver.presentation(for: error)
        let back = resolver.presentation(for: error.bridgedToNSError(localization: english))
        expectSamePresentation(back, direct)
        #expect(back.icon == direct.icon)
        #expect(back.defaultOption?.title == "Free Up Space")
        #expect(back.options.map(\.title) == ["Free Up Space", "Delete Old Videos", "Cancel"])
    }

    @Test func theResolvedBackOptionsRunTheSameActions() async throws {
        let freed = LockedValue(0)
        let deleted = LockedValue(0)
        let back = resolver.presentation(for: storageFull(freed: freed, deleted: deleted).bridgedToNSError())
        #expect(try await back.options[0].perform() == .recovered)
        #expect(try await back.options[1].perform() == .notRecovered)
        #expect(try await back.options[2].perform() == .notRecovered)
        #expect(freed.withLock { $0 } == 1)
        #expect(deleted.withLock { $0 } == 1)
    }

    @Test(
        arguments: [
            MessageError("The name is taken.", title: "Name Unavailable", category: .invalidInput),
            MessageError("  ", category: .authenticationRequired),
            MessageError("Offline.", category: .externalSystemUnavailable, severity: .minor),
        ]
    )
    func messageErrorsRoundTrip(error: MessageError) {
        let direct = resolver.presentation(for: error)
        let back = resolver.presentation(for: error.bridgedToNSError(localization: english))
        expectSamePresentation(back, direct)
    }

    @Test func aFatalErrorRoundTripsAsFatal() {
        let error = FatalError("The app's data is damaged and it must close.")
        let back = resolver.presentation(for: error.bridgedToNSError(localization: english))
        #expect(back.severity == .fatal)
        #expect(back.style == .alert)
        #expect(back.icon == .stop)
        #expect(back.category == .internalInconsistency)
        #expect(back.message == error.message)
    }

    @Test func anAppCategoryAPreferredStyleAndAnIconRoundTrip() {
        let payment = ErrorCategory("paymentDeclined", defaultSeverity: .critical, icon: .lock)
        let error = MessageError(
            "The card was declined.",
            category: payment,
            options: [.retry],
            preferredStyle: .alert
        )
        let back = resolver.presentation(for: error.bridgedToNSError(localization: english))
        #expect(back.category == payment)
        #expect(back.severity == .critical)
        #expect(back.style == .alert)
        #expect(back.icon == .lock)
    }

    @Test func aBridgedErrorWrappedInContextResolvesTheSame() {
        let error = storageFull(freed: LockedValue(0), deleted: LockedValue(0))
        let wrapped = ContextError("Saving the video", wrapping: error.bridgedToNSError(localization: english))
        let back = resolver.presentation(for: wrapped)
        #expect(back.title == "Storage Full")
        #expect(back.message == "There isn't enough space to save the video.")
        #expect(back.options.map(\.title) == ["Free Up Space", "Delete Old Videos", "Cancel"])
    }

    @Test func aFiveMegabyteMessageSurvivesTheRoundTrip() {
        let message = String(repeating: "Keep this text whole. ", count: 5 * 1_048_576 / 22 + 1)
        let back = resolver.presentation(for: MessageError(message).bridgedToNSError(localization: english))
        #expect(back.message == message)
        #expect(back.description.utf8.count < 1_000)
    }

    // MARK: - What NSError consumers see

    @Test func theUserInfoCarriesTheStandardKeys() throws {
        let nsError = storageFull(freed: LockedValue(0), deleted: LockedValue(0)).bridgedToNSError(
            localization: english)
        #expect(nsError.domain == "Remedy.PresentableError")
        #expect(nsError.localizedDescription == "Storage Full")
        #expect(nsError.userInfo[NSLocalizedDescriptionKey] as? String == "Storage Full")
        #expect(
            nsError.userInfo[NSLocalizedRecoverySuggestionErrorKey] as? String
                == "There isn't enough space to save the video."
        )
        #expect(
            nsError.userInfo[NSLocalizedFailureReasonErrorKey] as? String == "The video needs 2 GB; 300 MB are free.")
        #expect(
            nsError.userInfo[NSLocalizedRecoveryOptionsErrorKey] as? [String]
                == ["Free Up Space", "Delete Old Videos", "Cancel"]
        )
        #expect(nsError.localizedRecoveryOptions == ["Free Up Space", "Delete Old Videos", "Cancel"])
        #expect(nsError.userInfo[NSRecoveryAttempterErrorKey] is ErrorRecoveryAttempter)
        #expect(nsError.userInfo[NSHelpAnchorErrorKey] == nil)
    }

    @Test func readyMadeOptionsAreBridgedInTheRequestedLanguage() {
        let german = Localization(locale: Locale(identifier: "de"))
        let nsError = MessageError("Der Server antwortet nicht.", options: [.retry])
            .bridgedToNSError(localization: german)
        #expect(nsError.localizedRecoveryOptions == ["Erneut versuchen", "Abbrechen"])
        #expect(nsError.localizedDescription == "Etwas ist schiefgelaufen")
    }

    @Test func anErrorWithoutOptionsIsBridgedWithOK() {
        let nsError = MessageError("Saved.").bridgedToNSError(localization: english)
        #expect(nsError.localizedRecoveryOptions == ["OK"])
    }

    // MARK: - The recovery attempter

    @Test func theAttempterRunsTheOptionAtAnIndex() async throws {
        let freed = LockedValue(0)
        let deleted = LockedValue(0)
        let nsError = storageFull(freed: freed, deleted: deleted).bridgedToNSError(localization: english)
        let attempter = try #require(nsError.recoveryAttempter as? ErrorRecoveryAttempter)
        #expect(attempter.options.map(\.title) == nsError.localizedRecoveryOptions)
        #expect(await attempter.attemptRecovery(optionIndex: 0))
        #expect(freed.withLock { $0 } == 1)
        #expect(await attempter.attemptRecovery(optionIndex: 1) == false)
        #expect(deleted.withLock { $0 } == 1)
    }

    @Test(arguments: [3, 4, 100, -1, Int.max, Int.min])
    func anIndexOutOfRangeReturnsFalseAndRunsNothing(index: Int) async throws {
        let freed = LockedValue(0)
        let deleted = LockedValue(0)
        let nsError = storageFull(freed: freed, deleted: deleted).bridgedToNSError(localization: english)
        let attempter = try #require(nsError.recoveryAttempter as? ErrorRecoveryAttempter)
        #expect(await attempter.attemptRecovery(optionIndex: index) == false)
        #expect(freed.withLock { $0 } == 0)
        #expect(deleted.withLock { $0 } == 0)
    }

    @Test func anAttempterWithoutOptionsRecoversNothing() async {
        #expect(await ErrorRecoveryAttempter(options: []).attemptRecovery(optionIndex: 0) == false)
    }

    @Test func anActionThatThrowsDoesNotRecover() async throws {
        let error = MessageError(
            "The upload failed.",
            options: [RecoveryOption(title: "Upload Again", role: .recommended) { throw ActionFailed() }]
        )
        let nsError = error.bridgedToNSError(localization: english)
        let attempter = try #require(nsError.recoveryAttempter as? ErrorRecoveryAttempter)
        #expect(await attempter.attemptRecovery(optionIndex: 0) == false)
        // Resolved back, the same action still throws, so the handling code sees the new error.
        let back = resolver.presentation(for: nsError)
        await #expect(throws: ActionFailed.self) {
            try await back.options[0].perform()
        }
    }
}
