import Foundation
import Remedy
import Testing

/// The presentation rules, after Apple's Human Interface Guidelines for alerts.
@Suite(.timeLimit(.minutes(10)))
struct PresentationTests {
    private struct Failure: Error {}

    private let english = Localization(locale: Locale(identifier: "en"))

    private func presentation(
        title: String? = "Title",
        message: String = "Message.",
        options: [RecoveryOption] = [],
        category: ErrorCategory = .unknown,
        severity: Severity? = nil,
        style: PresentationStyle? = nil
    ) -> Presentation {
        Presentation(
            title: title,
            message: message,
            options: options,
            category: category,
            severity: severity,
            style: style,
            error: Failure(),
            localization: english
        )
    }

    private func option(_ title: String, _ role: RecoveryOption.Role = .normal) -> RecoveryOption {
        RecoveryOption(title: title, role: role) { .recovered }
    }

    // MARK: - At least one option

    @Test func anErrorWithoutOptionsOffersOK() throws {
        let presentation = presentation(options: [])
        #expect(presentation.options.map(\.title) == ["OK"])
        #expect(presentation.options.map(\.role) == [.normal])
        #expect(presentation.defaultOption?.title == "OK")
        #expect(presentation.cancelOption == nil)
        #expect(presentation.fallbackOption.title == "OK")
    }

    @Test func theOKOptionAcknowledgesWithoutRecovering() async throws {
        let ok = try #require(presentation(options: []).options.first)
        #expect(try await ok.perform() == .notRecovered)
    }

    @Test func anAcknowledgementAloneGetsNoCancel() {
        #expect(presentation(options: [.ok]).options.map(\.title) == ["OK"])
    }

    // MARK: - Cancel

    @Test func atMostOneOptionIsACancel() {
        let presentation = presentation(options: [.cancel, option("Stop", .cancel), option("Close", .cancel)])
        #expect(presentation.options.filter { $0.role == .cancel }.count == 1)
        #expect(presentation.options.map(\.title) == ["Cancel", "Stop", "Close"])
        #expect(presentation.options.map(\.role) == [.cancel, .normal, .normal])
        #expect(presentation.cancelOption?.title == "Cancel")
    }

    @Test func aDestructiveOptionIsAlwaysPairedWithCancel() {
        let presentation = presentation(options: [option("Delete All", .destructive)])
        #expect(presentation.options.map(\.title) == ["Delete All", "Cancel"])
        #expect(presentation.options.map(\.role) == [.destructive, .cancel])
        #expect(presentation.fallbackOption.title == "Cancel")
    }

    @Test func anyOptionThatActsIsPairedWithCancel() {
        #expect(presentation(options: [.retry]).options.map(\.title) == ["Try Again", "Cancel"])
        #expect(presentation(options: [option("Open Settings")]).options.map(\.title) == ["Open Settings", "Cancel"])
    }

    @Test func anAppOptionTitledCancelBecomesTheCancelOption() {
        let presentation = presentation(options: [option("Delete", .destructive), option(" cancel ")])
        #expect(presentation.options.map(\.title) == ["Delete", " cancel "])
        #expect(presentation.options.map(\.role) == [.destructive, .cancel])
    }

    @Test func theAddedCancelOptionDoesNotRecover() async throws {
        let cancel = try #require(presentation(options: [.retry]).cancelOption)
        #expect(try await cancel.perform() == .notRecovered)
    }

    // MARK: - Recommended and default

    @Test func theRecommendedOptionIsTheDefault() {
        let presentation = presentation(options: [option("Later"), option("Update", .recommended), .cancel])
        #expect(presentation.defaultOption?.title == "Update")
        #expect(presentation.defaultOption?.role == .recommended)
    }

    @Test func atMostOneOptionIsRecommended() {
        let presentation = presentation(options: [option("Update", .recommended), option("Restart", .recommended)])
        #expect(presentation.options.filter { $0.role == .recommended }.map(\.title) == ["Update"])
        #expect(presentation.options.map(\.role) == [.recommended, .normal, .cancel])
        #expect(presentation.defaultOption?.title == "Update")
    }

    @Test func withoutARecommendationOnlyASingleOptionIsTheDefault() {
        #expect(presentation(options: [option("Later"), .cancel]).defaultOption == nil)
        #expect(presentation(options: [.cancel]).defaultOption?.title == "Cancel")
    }

    // MARK: - Order

    @Test func optionsKeepTheirOrderAndAnAddedCancelComesLast() {
        let given = [option("B"), option("A", .destructive), option("C", .recommended)]
        #expect(presentation(options: given).options.map(\.title) == ["B", "A", "C", "Cancel"])
    }

    @Test func aGivenCancelKeepsItsPlace() {
        let given = [option("B"), .cancel, option("A", .recommended)]
        #expect(presentation(options: given).options.map(\.title) == ["B", "Cancel", "A"])
    }

    @Test func theSameOptionsGiveTheSameOrderEveryTime() {
        let given = (0..<50).map { option("Option \($0)") }
        let first = presentation(options: given).options.map(\.title)
        for _ in 0..<10 {
            #expect(presentation(options: given).options.map(\.title) == first)
        }
    }

    // MARK: - Style

    @Test(arguments: Severity.allCases)
    func styleFollowsSeverity(severity: Severity) {
        #expect(presentation(severity: severity).style == severity.defaultStyle)
    }

    @Test func severityMapsToTheDocumentedStyles() {
        #expect(Severity.minor.defaultStyle == .banner)
        #expect(Severity.major.defaultStyle == .alert)
        #expect(Severity.critical.defaultStyle == .route)
        #expect(Severity.fatal.defaultStyle == .alert)
    }

    @Test(arguments: [Severity.minor, .major, .critical], PresentationStyle.allCases)
    func aPreferredStyleWinsOverSeverity(severity: Severity, style: PresentationStyle) {
        #expect(presentation(severity: severity, style: style).style == style)
    }

    @Test func aFatalErrorIsNeverABanner() {
        #expect(presentation(severity: .fatal, style: .banner).style == .alert)
        #expect(presentation(severity: .fatal, style: .route).style == .route)
    }

    @Test func severityDefaultsToTheCategorys() {
        #expect(presentation(category: .authenticationRequired).severity == .critical)
        #expect(presentation(category: .authenticationRequired).style == .route)
        #expect(presentation(category: .cancellation).style == .banner)
    }

    @Test func iconDefaultsToTheCategorys() {
        #expect(presentation(category: .resourceExhausted).icon == .storage)
    }

    // MARK: - Texts

    @Test(arguments: [nil, "", " ", "\n\t  "])
    func aBlankTitleFallsBackToTheCategoryTitle(title: String?) {
        let presentation = presentation(title: title, category: .invalidInput)
        #expect(presentation.title == ErrorCategory.invalidInput.title(in: english))
        #expect(presentation.title == "Check Your Entry")
    }

    @Test(arguments: ["", " ", "\n\t  "])
    func aBlankMessageFallsBackToTheCategoryMessage(message: String) {
        let presentation = presentation(message: message, category: .resourceExhausted)
        #expect(presentation.message == ErrorCategory.resourceExhausted.message(in: english))
        #expect(!presentation.message.isEmpty)
    }

    @Test func aBlankDetailAndHelpAnchorBecomeNil() {
        let presentation = Presentation(
            title: nil,
            message: "Message.",
            detail: "  ",
            helpAnchor: "\n",
            error: Failure(),
            localization: english
        )
        #expect(presentation.detail == nil)
        #expect(presentation.helpAnchor == nil)
    }

    // MARK: - Option titles

    @Test func duplicateOptionTitlesAreShownOnceKeepingTheFirst() async throws {
        let first = RecoveryOption(title: "Reload", role: .recommended) { .recovered }
        let second = RecoveryOption(title: " reload ", role: .normal) { .notRecovered }
        let presentation = presentation(options: [first, second, option("Reload")])
        #expect(presentation.options.map(\.title) == ["Reload", "Cancel"])
        #expect(try await presentation.options[0].perform() == .recovered)
    }

    @Test func aReadyMadeCancelAndAnAppCancelAreNotShownTwice() {
        #expect(presentation(options: [option("Cancel", .cancel), .cancel]).options.map(\.title) == ["Cancel"])
    }

    @Test func blankOptionTitlesTakeTheRolesDefault() {
        let presentation = presentation(options: [option(" "), option("", .cancel)])
        #expect(presentation.options.map(\.title) == ["OK", "Cancel"])
        #expect(presentation.options.map(\.role) == [.normal, .cancel])
    }

    @Test func aDestructiveOptionWithoutATitleIsLeftOut() {
        let presentation = presentation(options: [option(" ", .destructive)])
        #expect(presentation.options.map(\.title) == ["OK"])
        #expect(!presentation.options.contains { $0.role == .destructive })
    }

    @Test func readyMadeOptionsFollowThePresentationsLanguage() {
        let german = Localization(locale: Locale(identifier: "de"))
        let presentation = Presentation(
            title: nil, message: "x", options: [.retry], error: Failure(), localization: german)
        #expect(presentation.options.map(\.title) == ["Erneut versuchen", "Abbrechen"])
    }

    @Test func anAnswerIsMatchedByTitleAndRole() throws {
        let presentation = presentation(options: [option("Update", .recommended)])
        let answer = RecoveryOption(title: "Update", role: .recommended) { .notRecovered }
        #expect(presentation.option(matching: answer)?.title == "Update")
        var normal = answer
        normal.role = .normal
        #expect(presentation.option(matching: normal) == nil)
        #expect(presentation.option(matching: option("Delete")) == nil)
    }

    // MARK: - Size

    @Test func aFiveMegabyteMessageIsKeptWholeAndDescribedBriefly() {
        let message = String(repeating: "The disk is full. ", count: 5 * 1_048_576 / 18 + 1)
        let presentation = presentation(message: message)
        #expect(presentation.message == message)
        #expect(presentation.message.utf8.count >= 5 * 1_048_576)
        #expect(presentation.description.utf8.count < 1_000)
        #expect(presentation.description.contains("bytes"))
    }

    @Test func aPresentationStandsForOneErrorUntilCoalesced() {
        #expect(presentation().occurrences == 1)
        #expect(!presentation().groupingKey.isEmpty)
    }

    // MARK: - Grouping key

    private enum Download: Error {
        case timeout
        case failed(URLError)
    }

    private func presentation(of error: any Error, groupingKey: String? = nil) -> Presentation {
        Presentation(title: nil, message: "Message.", groupingKey: groupingKey, error: error, localization: english)
    }

    @Test func theGroupingKeyIsTheErrorsGroupingKey() {
        let errors: [any Error] = [
            Download.timeout,
            Download.failed(URLError(.timedOut)),
            URLError(.notConnectedToInternet),
            ContextError("Loading", wrapping: Download.failed(URLError(.cannotFindHost))),
        ]
        for error in errors {
            #expect(presentation(of: error).groupingKey == ErrorReport.groupingKey(of: error))
            #expect(ErrorResolver().presentation(for: error).groupingKey == ErrorReport.groupingKey(of: error))
        }
        #expect(presentation(of: Download.timeout).groupingKey != presentation(of: URLError(.timedOut)).groupingKey)
    }

    /// The derived key is computed behind one lock shared by all presentations: copies of many
    /// presentations read from many threads at once each get their own error's key.
    @Test func derivedKeysReadFromManyThreadsAreEachErrorsOwn() async {
        let errors: [any Error] = [
            Download.timeout, URLError(.notConnectedToInternet), Download.failed(URLError(.timedOut)),
        ]
        let expected = errors.map { ErrorReport.groupingKey(of: $0) }
        let presentations = errors.map { presentation(of: $0) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<300 {
                        let index = (round + task) % errors.count
                        let copy = presentations[index]
                        if copy.groupingKey != expected[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test func aGivenGroupingKeyWins() {
        #expect(presentation(of: Download.timeout, groupingKey: "draft-not-saved").groupingKey == "draft-not-saved")
    }

    @Test func settingTheGroupingKeyReplacesIt() {
        var presentation = presentation(of: Download.timeout)
        presentation.groupingKey = "custom"
        #expect(presentation.groupingKey == "custom")
        presentation.groupingKey += "-2"
        #expect(presentation.groupingKey == "custom-2")
    }

    @Test func copiesAreIndependentOnceAKeyIsSet() {
        let original = presentation(of: Download.timeout)
        let derived = ErrorReport.groupingKey(of: Download.timeout)
        var first = original
        var second = original
        first.groupingKey = "first"
        #expect(original.groupingKey == derived)
        #expect(second.groupingKey == derived)
        second.groupingKey = "second"
        #expect(first.groupingKey == "first")
        #expect(second.groupingKey == "second")
        #expect(original.groupingKey == derived)
    }

    @Test func theKeyIsOfTheErrorThePresentationWasMadeFor() {
        var presentation = presentation(of: Download.timeout)
        presentation.error = URLError(.timedOut)
        #expect(presentation.groupingKey == ErrorReport.groupingKey(of: Download.timeout))
    }

    @Test func copiesReadTheSameKeyConcurrently() async {
        let presentation = presentation(of: Download.failed(URLError(.timedOut)))
        let keys = await withTaskGroup(of: String.self, returning: Set<String>.self) { group in
            for _ in 0..<8 {
                group.addTask { presentation.groupingKey }
            }
            return await group.reduce(into: []) { $0.insert($1) }
        }
        #expect(keys == [ErrorReport.groupingKey(of: Download.failed(URLError(.timedOut)))])
    }
}
