import Foundation
import Remedy
import Testing

/// Each source the resolver reads a node's texts from, on Linux as on Apple platforms.
@Suite(.timeLimit(.minutes(10)))
struct ErrorResolverTests {
    // MARK: - Fixtures

    /// A `LocalizedError` that is also a `CustomNSError`: bridging it through `NSError` loses its texts on
    /// Linux, so the resolver must read them directly.
    private struct SyncError: LocalizedError, CustomNSError {
        static var errorDomain: String { "com.example.sync" }
        var errorCode: Int { 7 }
        var errorUserInfo: [String: Any] { [:] }
        var errorDescription: String? { "The notes couldn't be synced." }
        var failureReason: String? { "The server is busy." }
        var recoverySuggestion: String? { "Try again in a few minutes." }
        var helpAnchor: String? { "sync-help" }
    }

    private struct LocalizedTexts: LocalizedError {
        var errorDescription: String?
        var failureReason: String?
        var recoverySuggestion: String?
        var helpAnchor: String?
    }

    /// A `CustomNSError` whose texts are only in its user info.
    private struct UserInfoError: CustomNSError {
        static var errorDomain: String { "com.example.upload" }
        var errorCode: Int { 2 }
        var texts: [String: String] = [:]
        var recoveryOptionTitles: [String]?

        var errorUserInfo: [String: Any] {
            var userInfo: [String: Any] = texts
            if let recoveryOptionTitles { userInfo[NSLocalizedRecoveryOptionsErrorKey] = recoveryOptionTitles }
            return userInfo
        }
    }

    /// A `LocalizedError` with recovery options.
    private struct RecoverableLocalizedError: LocalizedError, RecoverableError {
        let attempts: LockedValue<[Int]>
        var errorDescription: String? { "The document couldn't be opened." }
        var recoveryOptions: [String] { ["Open a Copy", "Repair"] }

        func attemptRecovery(optionIndex: Int) -> Bool {
            attempts.withLock { $0.append(optionIndex) }
            return optionIndex == 1
        }
    }

    /// A `CustomNSError` with texts in its user info and recovery options of a `RecoverableError`.
    private struct RecoverableUserInfoError: CustomNSError, RecoverableError {
        let attempts: LockedValue<[Int]>
        static var errorDomain: String { "com.example.disk" }
        var errorCode: Int { 3 }
        var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: "The disk is locked."] }
        var recoveryOptions: [String] { ["Unlock"] }

        func attemptRecovery(optionIndex: Int) -> Bool {
            attempts.withLock { $0.append(optionIndex) }
            return true
        }
    }

    /// A `LocalizedError` whose recovery options are in its user info.
    private struct LocalizedUserInfoError: LocalizedError, CustomNSError {
        let attempter: ErrorRecoveryAttempter
        var errorDescription: String? { "The backup couldn't be restored." }
        var errorUserInfo: [String: Any] {
            [
                NSLocalizedRecoveryOptionsErrorKey: attempter.options.map(\.title),
                NSRecoveryAttempterErrorKey: attempter,
            ]
        }
    }

    private let english = Localization(locale: Locale(identifier: "en"))
    private var resolver: ErrorResolver { ErrorResolver(localization: english) }

    // MARK: - LocalizedError

    @Test func localizedErrorFieldsAreReadDirectlyEvenForCustomNSErrors() {
        let presentation = resolver.presentation(for: SyncError())
        #expect(presentation.message == "The notes couldn't be synced. Try again in a few minutes.")
        #expect(presentation.detail == "The server is busy.")
        #expect(presentation.helpAnchor == "sync-help")
        #expect(presentation.title == ErrorCategory.unknown.title(in: english))
        #expect(presentation.options.map(\.title) == ["OK"])
    }

    @Test func aFailureReasonStandsInForAMissingDescription() {
        let error = LocalizedTexts(
            failureReason: "The file is damaged.", recoverySuggestion: "Restore it from a backup.")
        let presentation = resolver.presentation(for: error)
        #expect(presentation.message == "The file is damaged. Restore it from a backup.")
        #expect(presentation.detail == nil)
    }

    @Test func aRecoverySuggestionAloneIsTheMessage() {
        let presentation = resolver.presentation(for: LocalizedTexts(recoverySuggestion: "Check the address."))
        #expect(presentation.message == "Check the address.")
    }

    @Test func aHelpAnchorIsKept() {
        let error = LocalizedTexts(errorDescription: "The printer is offline.", helpAnchor: "printing")
        #expect(resolver.presentation(for: error).helpAnchor == "printing")
    }

    @Test func blankLocalizedTextsGiveTheGenericMessage() {
        let error = LocalizedTexts(errorDescription: " ", failureReason: "", recoverySuggestion: "\n")
        let presentation = resolver.presentation(for: error)
        #expect(presentation.message == ErrorCategory.unknown.messageWithoutRetry(in: english))
        #expect(presentation.detail == nil)
    }

    @Test func foundationsGenericTextIsNeverShown() {
        let error = LocalizedTexts(errorDescription: "The operation could not be completed. (Sync error 1.)")
        #expect(resolver.presentation(for: error).message == ErrorCategory.unknown.messageWithoutRetry(in: english))
        let curly = LocalizedTexts(errorDescription: "The operation couldn’t be completed. (Sync error 1.)")
        #expect(resolver.presentation(for: curly).message == ErrorCategory.unknown.messageWithoutRetry(in: english))
    }

    @Test func aLocalizedErrorThatIsRecoverableOffersItsOptions() async throws {
        let attempts = LockedValue<[Int]>([])
        let presentation = resolver.presentation(for: RecoverableLocalizedError(attempts: attempts))
        #expect(presentation.message == "The document couldn't be opened.")
        #expect(presentation.options.map(\.title) == ["Open a Copy", "Repair", "Cancel"])
        #expect(try await presentation.options[1].perform() == .recovered)
        #expect(try await presentation.options[0].perform() == .notRecovered)
        #expect(attempts.withLock { $0 } == [1, 0])
    }

    // MARK: - NSError and CustomNSError user info

    @Test func nsErrorUserInfoTextsAreRead() async throws {
        let error = NSError(
            domain: "com.example.sync",
            code: 3,
            userInfo: [
                NSLocalizedDescriptionKey: "The notes couldn't be synced.",
                NSLocalizedFailureReasonErrorKey: "The server is busy.",
                NSLocalizedRecoverySuggestionErrorKey: "Try again in a few minutes.",
                NSLocalizedRecoveryOptionsErrorKey: ["Work Offline", "Sync Later"],
                NSHelpAnchorErrorKey: "sync-help",
            ]
        )
        let presentation = resolver.presentation(for: error)
        #expect(presentation.message == "The notes couldn't be synced. Try again in a few minutes.")
        #expect(presentation.detail == "The server is busy.")
        #expect(presentation.helpAnchor == "sync-help")
        #expect(presentation.options.map(\.title) == ["Work Offline", "Sync Later", "Cancel"])
        // Without a recovery attempter the options can only dismiss.
        #expect(try await presentation.options[0].perform() == .notRecovered)
    }

    @Test func aFailureReasonAloneIsTheMessageOfAnNSError() {
        let error = NSError(domain: "d", code: 1, userInfo: [NSLocalizedFailureReasonErrorKey: "The disk is full."])
        let presentation = resolver.presentation(for: error)
        #expect(presentation.message == "The disk is full.")
        #expect(presentation.detail == nil)
    }

    @Test func recoveryOptionsComeFromTheRecoveryAttempter() async throws {
        let runs = LockedValue(0)
        let attempter = ErrorRecoveryAttempter(options: [
            RecoveryOption(title: "Reconnect", role: .recommended) {
                runs.withLock { $0 += 1 }
                return .recovered
            },
            .cancel,
        ])
        let error = NSError(
            domain: "com.example.net",
            code: 1,
            userInfo: [
                NSLocalizedDescriptionKey: "The connection was lost.",
                NSLocalizedRecoveryOptionsErrorKey: ["Reconnect", "Cancel"],
                NSRecoveryAttempterErrorKey: attempter,
            ]
        )
        let presentation = resolver.presentation(for: error)
        #expect(presentation.options.map(\.title) == ["Reconnect", "Cancel"])
        #expect(presentation.options.map(\.role) == [.recommended, .cancel])
        #expect(try await presentation.defaultOption?.perform() == .recovered)
        #expect(runs.withLock { $0 } == 1)
    }

    @Test func aForeignAttempterThatCantRecoverOnlyDismisses() async throws {
        let error = NSError(
            domain: "com.example.net",
            code: 1,
            userInfo: [
                NSLocalizedDescriptionKey: "The connection was lost.",
                NSLocalizedRecoveryOptionsErrorKey: ["Reconnect"],
                NSRecoveryAttempterErrorKey: NSObject(),
            ]
        )
        let presentation = resolver.presentation(for: error)
        #expect(presentation.options.map(\.title) == ["Reconnect", "Cancel"])
        #expect(try await presentation.options[0].perform() == .notRecovered)
    }

    @Test func customNSErrorUserInfoTextsAreRead() {
        let error = UserInfoError(texts: [
            NSLocalizedDescriptionKey: "The photo couldn't be uploaded.",
            NSLocalizedRecoverySuggestionErrorKey: "Check your connection.",
            NSHelpAnchorErrorKey: "upload",
        ])
        let presentation = resolver.presentation(for: error)
        #expect(presentation.message == "The photo couldn't be uploaded. Check your connection.")
        #expect(presentation.helpAnchor == "upload")
    }

    @Test func recoveryOptionsOfANSErrorWithoutTextsStillCount() {
        let error = UserInfoError(recoveryOptionTitles: ["Retry Upload"])
        let presentation = resolver.presentation(for: error)
        #expect(presentation.options.map(\.title) == ["Retry Upload", "Cancel"])
        #expect(presentation.message == ErrorCategory.unknown.messageWithoutRetry(in: english))
    }

    @Test func aCustomNSErrorThatIsRecoverableOffersItsOptionsBesideItsUserInfoTexts() async throws {
        let attempts = LockedValue<[Int]>([])
        let presentation = resolver.presentation(for: RecoverableUserInfoError(attempts: attempts))
        #expect(presentation.message == "The disk is locked.")
        #expect(presentation.options.map(\.title) == ["Unlock", "Cancel"])
        #expect(try await presentation.options[0].perform() == .recovered)
        #expect(attempts.withLock { $0 } == [0])
    }

    @Test func aLocalizedErrorsTextsGoWithTheOptionsOfItsUserInfo() async throws {
        let runs = LockedValue(0)
        let restore = RecoveryOption(title: "Choose Another Backup", role: .recommended) {
            runs.withLock { $0 += 1 }
            return .recovered
        }
        let error = LocalizedUserInfoError(attempter: ErrorRecoveryAttempter(options: [restore]))
        let presentation = resolver.presentation(for: error)
        #expect(presentation.message == "The backup couldn't be restored.")
        #expect(presentation.options.map(\.title) == ["Choose Another Backup", "Cancel"])
        #expect(try await presentation.defaultOption?.perform() == .recovered)
        #expect(runs.withLock { $0 } == 1)
    }

    // MARK: - PresentableError first

    @Test func aPresentableErrorWinsOverItsOtherConformances() {
        struct Both: PresentableError, LocalizedError {
            var message: String { "Presentable text." }
            var errorDescription: String? { "Localized text." }
        }
        #expect(resolver.presentation(for: Both()).message == "Presentable text.")
    }

    @Test func theCatalogIsAskedBeforeLocalizedError() {
        var catalog = ErrorCatalog.empty
        catalog.register(LocalizedTexts.self) { _, _ in ErrorInterpretation(message: "From the catalog.") }
        let resolver = ErrorResolver(catalog: catalog, localization: english)
        #expect(
            resolver.presentation(for: LocalizedTexts(errorDescription: "Own text.")).message == "From the catalog.")
    }

    // MARK: - Trees

    @Test func theDeepestTextWinsAndTheHighestSeverity() {
        let inner = MessageError("The forecast couldn't be read.", category: .externalSystemUnexpected)
        let outer = MessageError("Outer text.", severity: .critical, options: [.retry])
        let error = ContextError("Loading", wrapping: OptionsWrapper(outer: outer, inner: inner))
        let interpretation = resolver.interpretation(of: error)
        #expect(interpretation.message == "The forecast couldn't be read.")
        #expect(interpretation.severity == .critical)
        #expect(interpretation.options.map(\.title) == ["Try Again"])
        let presentation = resolver.presentation(for: error)
        #expect(presentation.message == "The forecast couldn't be read.")
        #expect(presentation.options.map(\.title) == ["Try Again", "Cancel"])
    }

    @Test func anOuterOverrideWinsOverTheDeepestText() {
        let error = ContextError(
            "Saving",
            wrapping: MessageError("Inner text."),
            presentation: PresentationOverride(title: "Draft Not Saved", message: "Your draft is kept on this device.")
        )
        let presentation = resolver.presentation(for: error)
        #expect(presentation.title == "Draft Not Saved")
        #expect(presentation.message == "Your draft is kept on this device.")
    }

    @Test func theForecastTreeResolvesToOneCalmLocalizedMessage() throws {
        // The deepest node with a text is the DecodingError, which the built-in catalog interprets.
        struct Forecast: Decodable { var temp: Double }
        enum DataError: Error { case parsing(DecodingError) }
        enum ServiceError: Error { case download(DataError) }
        enum ViewModelError: Error { case forecast(ServiceError) }

        let decodingError = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(Forecast.self, from: Data(#"{"t": 1}"#.utf8))
        }
        let error = ContextError(
            "Loading forecast", wrapping: ViewModelError.forecast(.download(.parsing(decodingError))))
        #expect(ErrorTree(error).first(DecodingError.self) != nil)
        let german = Localization(locale: Locale(identifier: "de"))
        let presentation = ErrorResolver(localization: german).presentation(for: error)
        let entry = try #require(ErrorCatalog.builtInEntry(named: "data.unreadable")).interpretation(in: german)
        #expect(presentation.title == entry.title)
        #expect(presentation.message == entry.message)
        #expect(presentation.options.map(\.title) == ["OK"])

        // Without the catalog, no node has a text: the calm generic message in German.
        let generic = ErrorResolver(catalog: .empty, localization: german).presentation(for: error)
        #expect(generic.title == "Etwas ist schiefgelaufen")
        #expect(generic.message == ErrorCategory.unknown.messageWithoutRetry(in: german))
    }

    @Test func translationOfANodeIsNilWhenNothingIsKnown() {
        enum Plain: Error { case failed }
        #expect(resolver.interpretation(ofNode: Plain.failed) == nil)
        #expect(resolver.interpretation(of: Plain.failed).message == nil)
    }
}

/// An error that wraps another, for tree tests: an outer presentable error over an inner one.
private struct OptionsWrapper: PresentableError, WrappingError {
    var outer: MessageError
    var inner: MessageError

    var message: String { outer.message }
    var severity: Severity { outer.severity }
    var recoveryOptions: [RecoveryOption] { outer.recoveryOptions }
    var underlyingErrors: [any Error] { [inner] }
}
