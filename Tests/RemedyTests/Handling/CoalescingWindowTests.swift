import Foundation
import Remedy
import RemedyTesting
import Testing

/// The coalescing window: identical presentations arriving just after one was answered get its answer.
@Suite(.timeLimit(.minutes(10)))
struct CoalescingWindowTests {
    private func makeQueue(
        _ presenter: ScriptedPresenter,
        clock: TestClock = TestClock(),
        coalescingWindow: Duration = .seconds(1)
    ) -> Scheduling {
        Scheduling(presenter, clock: clock, coalescingWindow: coalescingWindow)
    }

    private func harness(
        answers: [ScriptedPresenter.Answer] = [],
        otherwise: ScriptedPresenter.Answer = .role(.cancel),
        coalescingWindow: Duration = .seconds(1)
    ) -> HandlingHarness {
        var configuration = HandlingHarness.defaultConfiguration
        configuration.coalescingWindow = coalescingWindow
        return HandlingHarness(answers: answers, otherwise: otherwise, configuration: configuration)
    }

    // MARK: - Bursts

    @Test func anInstantPresenterShowsABurstOfTwoHundredIdenticalFailuresOnce() async {
        let runs = LockedCounter()
        let repair = RecoveryOption(title: "Repair", role: .recommended) {
            runs.increment()
            return .notRecovered
        }
        let harness = harness(otherwise: .title("Repair"))
        let outcomes = LockedList<HandlingOutcome>()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    let error = MessageError("The sync failed.", options: [repair])
                    outcomes.append(await harness.scope.handle(error).value)
                }
            }
        }
        #expect(harness.presentations.count == 1)
        #expect(outcomes.values.count == 200)
        #expect(outcomes.values.count { $0 == .presented } == 1)
        #expect(outcomes.values.count { $0 == .coalesced } == 199)
        #expect(runs.value == 1)
        let logged = harness.logs.handledErrors
        #expect(logged.count == 200)
        #expect(logged.count { $0.outcome == .coalesced } == 199)
        #expect(logged.allSatisfy { $0["option"] == "Repair" })
    }

    @Test func queueCallersArrivingAfterTheAnswerGetItAsCoalesced() async {
        let presenter = ScriptedPresenter(otherwise: .defaultOption)
        let queue = makeQueue(presenter)
        let answers = LockedList<Scheduling.Handled>()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask { answers.append(await queue.present(presentation("same"))) }
            }
        }
        #expect(presenter.presentations.count == 1)
        #expect(answers.values.count == 200)
        #expect(answers.values.count { $0.isCoalesced } == 199)
        #expect(answers.values.allSatisfy { $0.answer.resolution.isChoice && $0.option.title == "OK" })
    }

    // MARK: - The window's limits

    @Test func anIdenticalFailureAfterTheWindowIsPresentedAgain() async {
        let harness = harness(otherwise: .defaultOption)
        let error = MessageError("The sync failed.", options: [.ok])
        #expect(await harness.scope.handle(error).value == .presented)
        harness.clock.advance(by: .milliseconds(999))
        #expect(await harness.scope.handle(error).value == .coalesced)
        #expect(harness.presentations.count == 1)
        harness.clock.advance(by: .milliseconds(1))
        #expect(await harness.scope.handle(error).value == .presented)
        #expect(harness.presentations.count == 2)
        #expect(harness.logs.handledErrors.map(\.outcome) == [.presented, .coalesced, .presented])
    }

    @Test func aZeroWindowShowsEveryIdenticalFailure() async {
        let harness = harness(otherwise: .defaultOption, coalescingWindow: .zero)
        let error = MessageError("The sync failed.", options: [.ok])
        for _ in 0..<3 {
            #expect(await harness.scope.handle(error).value == .presented)
        }
        #expect(harness.presentations.count == 3)
        #expect(!harness.logs.handledErrors.contains { $0.outcome == .coalesced })
    }

    @Test func presentationsWithDifferentMessagesAreNotMerged() async {
        let presenter = ScriptedPresenter(otherwise: .defaultOption)
        let queue = makeQueue(presenter)
        let first = await queue.present(presentation("first"))
        let second = await queue.present(presentation("second"))
        #expect(!first.isCoalesced)
        #expect(!second.isCoalesced)
        #expect(presenter.presentations.map(\.message) == ["first", "second"])
    }

    @Test func aPresentationOfAnotherStyleOrWithOtherOptionsIsShown() async {
        let presenter = ScriptedPresenter(otherwise: .defaultOption)
        let queue = makeQueue(presenter)
        _ = await queue.present(presentation("same", style: .alert))
        let route = await queue.present(presentation("same", style: .route))
        let retry = await queue.present(presentation("same", style: .alert, options: [.retry]))
        #expect(!route.isCoalesced)
        #expect(!retry.isCoalesced)
        #expect(presenter.presentations.map(\.style) == [.alert, .route, .alert])
    }

    @Test func aFatalPresentationNeverReusesAnAnswer() async {
        let presenter = ScriptedPresenter(otherwise: .defaultOption)
        let queue = makeQueue(presenter)
        _ = await queue.present(presentation("broken", severity: .critical))
        let first = await queue.present(presentation("broken", severity: .fatal))
        let second = await queue.present(presentation("broken", severity: .fatal))
        #expect(!first.isCoalesced)
        #expect(!second.isCoalesced)
        #expect(presenter.presentations.count == 3)
    }

    @Test func aCallerThatOptsOutIsShownThePresentation() async {
        let presenter = ScriptedPresenter(otherwise: .defaultOption)
        let queue = makeQueue(presenter)
        _ = await queue.present(presentation("same"))
        let answer = await queue.present(presentation("same"), reusesRecentAnswer: false)
        #expect(!answer.isCoalesced)
        #expect(presenter.presentations.count == 2)
    }

    @Test func aRecoveryActionThatMeetsTheSameFailureGetsAPresentationOfItsOwn() async {
        let presenter = ScriptedPresenter(otherwise: .title("Repair"))
        let queue = makeQueue(presenter)
        let inner = RecoveryOption(title: "Repair", role: .recommended) { .notRecovered }
        let innerAnswer = LockedList<Scheduling.Handled>()
        let outer = RecoveryOption(title: "Repair", role: .recommended) {
            innerAnswer.append(await queue.present(presentation("same", options: [inner])))
            return .recovered
        }
        let answer = await queue.present(presentation("same", options: [outer]))
        #expect(answer.outcome == .recovered)
        #expect(innerAnswer.values.map(\.isCoalesced) == [false])
        #expect(presenter.presentations.count == 2)
    }

    // MARK: - No loop

    @Test func aRetriedAttemptThatFailsAgainWithinTheWindowIsShownToThePerson() async {
        let harness = harness(answers: [.title("Try Again")])
        let value: Int? = await harness.scope.attempt("Loading") { throw HTTPStatusError(status: 503) }
        #expect(value == nil)
        let record = harness.record(of: "Loading")
        #expect(record.recoveryRetries == 1)
        #expect(
            harness.presentations.map { $0.options.map(\.title) } == [
                ["Try Again", "Cancel"], ["Try Again", "Cancel"],
            ])
        #expect(record.outcomes == [.recovered, .gaveUp])
    }

    @Test func aCallerAnsweredByTheWindowIsShownItsNextFailure() async {
        let harness = harness(answers: [.title("Try Again")])
        let failures = LockedCounter()
        // Both callers attempt from one call site, so their failures are identical.
        @Sendable func load(failingTimes times: Int) async -> Int? {
            await harness.scope.attempt("Loading") {
                guard failures.increment() > times else { throw HTTPStatusError(status: 503) }
                return 1
            }
        }
        #expect(await load(failingTimes: 1) == 1)
        #expect(await load(failingTimes: .max) == nil)
        #expect(harness.presentations.count == 2)
        #expect(harness.logs.handledErrors.map(\.outcome) == [.recovered, .coalesced, .gaveUp])
        #expect(harness.record(of: "Loading").recoveryRetries == 2)
    }
}
