import Remedy
import RemedyTesting
import Testing

/// Fatal errors: presented, every cleanup hook exactly once, then terminate — also when they race.
@Suite(.timeLimit(.minutes(10)))
struct FatalErrorTests {
    struct Corrupted: PresentableError {
        var id: Int
        var message: String { "The data is damaged." }
        var severity: Severity { .fatal }
    }

    @Test func racingFatalErrorsRunEveryCleanupHookOnceAndTerminateOnce() async {
        let harness = HandlingHarness(otherwise: .defaultOption)
        let first = LockedCounter()
        let second = LockedCounter()
        harness.scope.addFatalCleanup { first.increment() }
        harness.scope.addFatalCleanup { second.increment() }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    let scope = harness.scope.child("Worker \(index)")
                    if index.isMultiple(of: 2) {
                        let _: Int? = await scope.attempt("Working") { throw FatalError("Impossible state \(index).") }
                    } else {
                        scope.handle(Corrupted(id: index))
                    }
                }
            }
        }
        await harness.waitForTerminations(1)
        await harness.logs.waitForHandledErrors(50)
        #expect(first.value == 1)
        #expect(second.value == 1)
        #expect(harness.terminations.count == 1)
        #expect(harness.terminations.first?.severity == .fatal)
        #expect(harness.logs.handledErrors.count == 50)
        #expect(harness.presentations.count >= 1)
        #expect(harness.presentations.allSatisfy { $0.severity == .fatal })
    }

    @Test func aFatalErrorDoesNotWaitForAnAlertThatIsNeverAnswered() async {
        let harness = HandlingHarness(answers: [.never], otherwise: .defaultOption)
        let alert = harness.scope.handle(HTTPStatusError(status: 500))
        await harness.presenter.waitForPresentations(1)
        let fatal = harness.scope.handle(FatalError("Impossible."))
        #expect(await fatal.value == .presented)
        #expect(await alert.value == .gaveUp)
        #expect(harness.terminations.count == 1)
        #expect(harness.logs.handledErrors.contains { $0["resolution"] == "preempted" })
    }

    @Test func aCleanupHookThatHangsIsLeftBehindAfterTheCleanupTimeout() async {
        var configuration = HandlingHarness.defaultConfiguration
        configuration.cleanupTimeout = .seconds(5)
        let harness = HandlingHarness(configuration: configuration)
        let never = AsyncGate()
        let after = LockedCounter()
        harness.scope.addFatalCleanup { after.increment() }
        harness.scope.addFatalCleanup { await never.wait() }
        let fatal = harness.scope.handle(FatalError("Impossible."))
        await harness.clock.waitForSleepRequest(of: .seconds(5))
        harness.clock.advance(by: .seconds(5))
        #expect(await fatal.value == .presented)
        #expect(after.value == 1)
        #expect(harness.terminations.count == 1)
        #expect(harness.logs.entries.contains { $0.message.contains("cleanup hook did not finish in time") })
        never.open()
    }

    @Test func rulesCannotSilenceAFatalError() async {
        let harness = HandlingHarness(rules: [.silence { _ in true }])
        let outcome = await harness.scope.handle(FatalError("Impossible.")).value
        #expect(outcome == .presented)
        #expect(harness.presentations.count == 1)
        #expect(harness.terminations.count == 1)
    }
}
