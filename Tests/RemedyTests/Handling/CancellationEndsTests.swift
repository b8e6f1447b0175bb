import Remedy
import RemedyTesting
import Testing

/// A task cancelled while Remedy waits on something that never comes — a presenter, a clock nobody advances, a
/// take-over or a cleanup hook that never returns — ends: nothing waits on forever once its task is cancelled, so
/// a test cancelled at its time limit ends too. Each test starts the wait in a task that would otherwise never
/// end, cancels it, and awaits its end; the suite's time limit is the only backstop.
///
/// Waits tested elsewhere: a caller of a presentation the presenter never answers
/// (`ErrorScopeFaultTests.aCancelledCallerEndsTheAttemptWhileThePresentationShows`), the automatic retry's
/// backoff (`…cancellingTheCallingTaskDuringBackoffEndsTheAttemptWithoutShowingAnything`), a recovery action
/// that hangs (`…aRecoveryActionThatHangsDoesNotHangTheAttemptWhenItsTaskIsCancelled`), a `RecoverableError`
/// whose attempter never calls back (`RecoverableErrorTests.anAttempterThatNeverCallsBackEndsWhenTheTaskIsCancelled`),
/// the test clock's sleep (`TestClockTests.cancelledSleeperEndsWithCancellationError`) and the timeline's
/// (`TimelineTests.sleepingEndsWithTheTasksCancellation`).
@Suite(.timeLimit(.minutes(10)))
struct CancellationEndsTests {
    @Test func aHandlingTaskEndsWhenCancelledWhileThePresenterNeverAnswers() async {
        let harness = HandlingHarness(otherwise: .never)
        let handling = harness.scope.handle(Boom(), retry: {})
        await harness.presenter.waitForPresentations(1)
        handling.cancel()
        #expect(await handling.value == .gaveUp)
        #expect(harness.logs.handledErrors.first?["resolution"] == "cancelled")
    }

    @Test func theWaitBeforeARepeatedFailureIsShownEndsWhenCancelled() async {
        let harness = HandlingHarness(
            answers: [.title("Try Again")],
            configuration: ErrorScope.Configuration(minimumDuration: .seconds(1), retryPolicy: .disabled)
        )
        let calls = LockedCounter()
        let task = Task {
            await harness.scope.attempt("Loading") { () async throws -> Int in
                calls.increment()
                throw Boom()
            }
        }
        // The second failure waits out the minimum duration on a clock nobody advances.
        await harness.clock.waitForSleepRequest(of: .seconds(1))
        task.cancel()
        #expect(await task.value == nil)
        #expect(calls.value == 2)
        #expect(harness.presentations.count == 1)
    }

    @Test func aTakeOverThatNeverReturnsLetsItsCancelledCallerGo() async {
        let stuck = StuckWork()
        let harness = HandlingHarness(rules: [
            .matching(Boom.self) { _, _ in
                .takeOver { _ in
                    await stuck.run()
                    return .recovered
                }
            }
        ])
        let task = Task { await harness.scope.attempt("Loading") { () async throws -> Int in throw Boom() } }
        await stuck.waitUntilStarted()
        task.cancel()
        #expect(await task.value == nil)
        #expect(harness.presentations.isEmpty)
        stuck.finish()
    }

    /// The fatal path's wait for the termination: a cleanup hook that never returns holds the termination until
    /// its time is up on the root's clock, but not a caller that was cancelled meanwhile.
    @Test func aCleanupHookThatNeverReturnsLetsACancelledFatalCallerGo() async {
        let stuck = StuckWork()
        let harness = HandlingHarness(otherwise: .defaultOption)
        harness.scope.addFatalCleanup { await stuck.run() }
        let handling = harness.scope.handle(Corrupted())
        await stuck.waitUntilStarted()
        handling.cancel()
        #expect(await handling.value == .presented)
        #expect(harness.terminations.isEmpty)
        // The termination goes on without the caller: once the hook's time is up, terminate runs.
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: HandlingHarness.defaultConfiguration.cleanupTimeout)
        #expect(await harness.waitForTerminations(1))
        stuck.finish()
    }

    @Test func aHeldAnswerEndsDismissedWhenItsTaskIsCancelled() async throws {
        let presenter = ScriptedPresenter([.held(.defaultOption)])
        let presentation = Presentation(title: "Offline", message: "The server can't be reached.", error: Boom())
        let task = Task { try await presenter.present(presentation) }
        await presenter.waitForPresentations(1)
        task.cancel()
        #expect(try await task.value == nil)
        presenter.release()
    }

    /// The waits the tests themselves use (a signal on shared state, the test clock's and the recorders'),
    /// each for something that never comes.
    @Test func theWaitsOfTestsEndWhenCancelled() async {
        let signal = ChangeSignal()
        let checked = AsyncGate()
        let waiting = Task {
            await signal.wait {
                checked.open()
                return false
            }
        }
        await checked.wait()
        waiting.cancel()
        #expect(await waiting.value == false)

        let harness = HandlingHarness()
        let waits = Task {
            [
                await harness.clock.waitForSleepers(1),
                await harness.clock.waitForSleepRequests(1),
                await harness.clock.waitForSleepRequest(of: .seconds(1)),
                await harness.presenter.waitForPresentations(1).count == 1,
                await harness.logs.waitForHandledErrors(1),
                await harness.waitForTerminations(1),
                await harness.scope.state.wait { $0.current != nil },
            ]
        }
        waits.cancel()
        #expect(await waits.value == Array(repeating: false, count: 7))
    }
}

/// Someone else's code that hangs: it ignores cancellation and returns only when the test finishes it.
final class StuckWork: Sendable {
    private let started = AsyncGate()
    private let state = LockedValue<(isFinished: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func run() async {
        started.open()
        await withCheckedContinuation { continuation in
            let isFinished = state.withLock { state -> Bool in
                if !state.isFinished { state.waiting.append(continuation) }
                return state.isFinished
            }
            if isFinished { continuation.resume() }
        }
    }

    func waitUntilStarted() async {
        await started.wait()
    }

    /// Lets every run return, so no task outlives the test.
    func finish() {
        let waiting = state.withLock { state in
            state.isFinished = true
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// A fatal error of the app.
private struct Corrupted: PresentableError {
    var message: String { "The data is damaged." }
    var severity: Severity { .fatal }
}
