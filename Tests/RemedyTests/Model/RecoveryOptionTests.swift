import Foundation
import Remedy
import Testing

@Suite(.timeLimit(.minutes(10)))
struct RecoveryOptionTests {
    private struct ActionFailed: Error, Equatable {}

    private let english = Localization(locale: Locale(identifier: "en"))

    @Test func performRunsTheActionAndReturnsItsOutcome() async throws {
        let runs = Counter()
        let option = RecoveryOption(title: "Reconnect") {
            runs.increment()
            return .recovered
        }
        #expect(try await option.perform() == .recovered)
        #expect(try await option.perform() == .recovered)
        #expect(runs.value == 2)
    }

    @Test func anActionThatThrowsPassesTheErrorOn() async {
        let option = RecoveryOption(title: "Reconnect") { throw ActionFailed() }
        await #expect(throws: ActionFailed.self) {
            try await option.perform()
        }
    }

    @Test func readyMadeOptionsHaveTheirRolesAndOutcomes() async throws {
        #expect(RecoveryOption.retry.role == .recommended)
        #expect(RecoveryOption.cancel.role == .cancel)
        #expect(RecoveryOption.ok.role == .normal)
        #expect(try await RecoveryOption.retry.perform() == .recovered)
        #expect(try await RecoveryOption.cancel.perform() == .notRecovered)
        #expect(try await RecoveryOption.ok.perform() == .notRecovered)
    }

    @Test func readyMadeTitlesAreLocalized() {
        #expect(RecoveryOption.retry.localizedTitle(in: english) == "Try Again")
        #expect(RecoveryOption.cancel.localizedTitle(in: english) == "Cancel")
        #expect(RecoveryOption.ok.localizedTitle(in: english) == "OK")
        let japanese = Localization(locale: Locale(identifier: "ja"))
        #expect(RecoveryOption.retry.localizedTitle(in: japanese) == "再試行")
        #expect(RecoveryOption.cancel.localizedTitle(in: japanese) == "キャンセル")
    }

    @Test func retryPreparingRunsThePreparationBeforeReportingRecovered() async throws {
        let runs = Counter()
        let option = RecoveryOption.retry(preparing: { runs.increment() })
        #expect(option.role == .recommended)
        #expect(option.localizedTitle(in: english) == "Try Again")
        #expect(try await option.perform() == .recovered)
        #expect(runs.value == 1)
    }

    @Test func aPreparationThatThrowsPassesTheErrorOn() async {
        let option = RecoveryOption.retry(preparing: { throw ActionFailed() })
        await #expect(throws: ActionFailed.self) {
            try await option.perform()
        }
    }

    @Test func aNewTitleKeepsTheActionAndRoleAndIsShownAsGiven() async throws {
        var retitled = RecoveryOption.retry
        retitled.title = "Reload Feed"
        #expect(retitled.title == "Reload Feed")
        #expect(retitled.role == .recommended)
        #expect(retitled.localizedTitle(in: Localization(locale: Locale(identifier: "de"))) == "Reload Feed")
        #expect(retitled.id == nil)
        #expect(try await retitled.perform() == .recovered)
    }

    @Test func aNewRoleKeepsTheActionAndTheLocalizedTitle() async throws {
        var option = RecoveryOption.retry
        option.role = .normal
        #expect(option.role == .normal)
        #expect(option.localizedTitle(in: Localization(locale: Locale(identifier: "fr"))) == "Réessayer")
        #expect(try await option.perform() == .recovered)
    }

    @Test func anAppTitleIsShownAsGivenInEveryLanguage() {
        let option = RecoveryOption(title: "Free Up Space") { .recovered }
        #expect(option.localizedTitle(in: Localization(locale: Locale(identifier: "ja"))) == "Free Up Space")
    }

    @Test func aBlankTitleBecomesTheRolesDefault() {
        #expect(RecoveryOption(title: "  ") { .recovered }.localizedTitle(in: english) == "OK")
        #expect(RecoveryOption(title: "", role: .cancel) { .notRecovered }.localizedTitle(in: english) == "Cancel")
    }

    @Test func descriptionShowsTitleAndRole() {
        #expect(
            RecoveryOption(title: "Delete", role: .destructive) { .recovered }.description == "Delete (destructive)")
    }

    @Test func outcomesDescribeThemselves() {
        #expect(RecoveryOutcome.recovered.description == "recovered")
        #expect(RecoveryOutcome.notRecovered.description == "not recovered")
        #expect(
            RecoveryOption.Role.allCases.map { String(describing: $0) } == [
                "cancel", "normal", "recommended", "destructive",
            ])
    }
}

/// A thread-safe counter for actions under test.
private final class Counter: Sendable {
    private let count = LockedValue(0)

    var value: Int { count.withLock { $0 } }

    func increment() {
        count.withLock { $0 += 1 }
    }
}
