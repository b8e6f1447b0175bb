import Foundation
import Remedy
import RemedyTesting
import Testing

/// Faults and bad input: every one ends in defined behaviour, without a crash or a hang.
@Suite(.timeLimit(.minutes(10)))
struct ErrorScopeFaultTests {
    @Test func aRuleThatThrowsIsLoggedAndPassesTheErrorOn() async throws {
        let harness = HandlingHarness(rules: [ErrorRule("broken") { _ in throw Boom(label: "rule") }])
        let value: Int? = await harness.scope.attempt("Loading") { throw HTTPStatusError(status: 500) }
        #expect(value == nil)
        #expect(harness.presentations.count == 1)
        let warning = try #require(
            harness.logs.entries.first { $0.message == "An error rule threw; the error is passed on" })
        #expect(warning["rule"] == "broken")
        #expect(warning.level == .info)
        #expect(harness.logs.handledErrors.count == 1)
    }

    @Test func aRecoveryActionThatThrowsIsHandledAsANewErrorInTheSameScope() async throws {
        let repair = RecoveryOption(title: "Repair", role: .recommended) {
            throw MessageError("The repair didn't work.", category: .internalInconsistency)
        }
        let harness = HandlingHarness(answers: [.title("Repair"), .role(.cancel)])
        let value: Int? = await harness.scope.child("Library").attempt("Opening the library") {
            throw MessageError("The library is damaged.", options: [repair])
        }
        #expect(value == nil)
        #expect(harness.presentations.map(\.message) == ["The library is damaged.", "The repair didn't work."])
        let entries = harness.logs.handledErrors
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { $0["scope"] == "App/Library" })
        #expect(entries.first?["actionError"] == "The repair didn't work.")
    }

    @Test func aTakeOverHandlerThatThrowsIsHandledAsANewError() async {
        let harness = HandlingHarness(rules: [
            .httpStatus(
                401, .takeOver { _ in throw MessageError("Signing in failed.", category: .authenticationRequired) })
        ])
        let value: Int? = await harness.scope.attempt("Loading") { throw HTTPStatusError(status: 401) }
        #expect(value == nil)
        #expect(harness.presentations.map(\.message) == ["Signing in failed."])
        #expect(harness.logs.handledErrors.map(\.outcome) == [.takenOver, .gaveUp])
    }

    @Test func aTakeOverThatDoesNotRecoverEndsTheAttempt() async {
        let calls = LockedCounter()
        let harness = HandlingHarness(rules: [.category(.authenticationRequired, .takeOver { _ in .notRecovered })])
        let value: Int? = await harness.scope.attempt("Loading") {
            calls.increment()
            throw MessageError("Sign in.", category: .authenticationRequired)
        }
        #expect(value == nil)
        #expect(calls.value == 1)
        #expect(harness.logs.handledErrors.map(\.outcome) == [.takenOver])
    }

    @Test func aRecoveryActionThatHangsDoesNotHangTheAttemptWhenItsTaskIsCancelled() async {
        let never = AsyncGate()
        let hang = RecoveryOption(title: "Hang", role: .recommended) {
            await never.wait()
            return .recovered
        }
        let harness = HandlingHarness(answers: [.title("Hang")])
        let task = Task {
            await harness.scope.attempt("Loading") { () async throws -> Int in
                throw MessageError("x", options: [hang])
            }
        }
        await harness.presenter.waitForPresentations(1)
        task.cancel()
        #expect(await task.value == nil)
        never.open()
    }

    @Test func handleFromManyThreadsAtOnceAnswersAndLogsEveryError() async {
        let harness = HandlingHarness()
        let tasks = LockedList<Task<HandlingOutcome, Never>>()
        DispatchQueue.concurrentPerform(iterations: 500) { index in
            tasks.append(harness.scope.child("Thread \(index % 8)").handle(Boom(label: "\(index)")))
        }
        var outcomes: [HandlingOutcome] = []
        for task in tasks.values { outcomes.append(await task.value) }
        #expect(outcomes.count == 500)
        // The errors look the same to a person: one presentation, the others joined it or its answer.
        #expect(outcomes.allSatisfy { $0 == .gaveUp || $0 == .coalesced })
        #expect(outcomes.count { $0 == .gaveUp } >= 1)
        #expect(harness.logs.handledErrors.count == 500)
        #expect(Set(harness.logs.handledErrors.map(\.message)).count == 500)
    }

    @Test func releasingTheRootAnswersEveryWaitingPresentation() async {
        let presenter = ScriptedPresenter(otherwise: .never)
        let logs = LogRecording()
        var root: ErrorScope? = ErrorScope.root(presenter: presenter, logger: logs.logger(), clock: TestClock())
        weak let weakRoot = root
        let state = root!.state
        let first = root!.child("A").handle(Boom(label: "first"))
        let second = root!.handle(HTTPStatusError(status: 500))
        await presenter.waitForPresentations(1)
        await state.wait { $0.waitingCount == 1 }
        root = nil
        #expect(weakRoot == nil)
        #expect(await first.value == .gaveUp)
        #expect(await second.value == .gaveUp)
        #expect(logs.handledErrors.allSatisfy { $0["resolution"] == "closed" })
        #expect(presenter.presentations.count == 1)
        await state.wait { $0.current == nil }
        #expect(state.waitingCount == 0)
    }

    @Test func aRecoveryActionMayItselfCallAttempt() async throws {
        let harness = HandlingHarness(answers: [.title("Reconnect"), .title("Try Again")])
        let scope = harness.scope.child("Sync")
        let reconnects = LockedCounter()
        let connected = LockedValue(false)
        let reconnect = RecoveryOption(title: "Reconnect", role: .recommended) {
            let ok = await scope.attempt("Reconnecting") {
                if reconnects.increment() == 1 { throw HTTPStatusError(status: 502) }
                connected.withLock { $0 = true }
                return true
            }
            return ok == true ? .recovered : .notRecovered
        }
        let synced = await scope.attempt("Syncing") {
            guard connected.withLock({ $0 }) else {
                throw MessageError("The connection was lost.", options: [reconnect])
            }
            return "synced"
        }
        #expect(synced == "synced")
        #expect(reconnects.value == 2)
        #expect(harness.presentations.count == 2)
        #expect(harness.record(of: "Reconnecting").retries == 1)
        #expect(harness.record(of: "Syncing").retries == 1)
    }

    @Test func personDrivenRetriesStopAtTheMaximumWithAnAcknowledgementOnly() async throws {
        let harness = HandlingHarness(
            otherwise: .title("Try Again"), configuration: testConfiguration(maximumRecoveries: 3))
        let calls = LockedCounter()
        let value: Int? = await harness.scope.attempt("Loading") {
            calls.increment()
            throw HTTPStatusError(status: 500)
        }
        #expect(value == nil)
        #expect(calls.value == 4)
        #expect(harness.presentations.count == 4)
        let last = try #require(harness.presentations.last)
        #expect(last.options.map(\.title) == ["OK"])
        #expect(last.detail == "It still isn't working. Try again later.")
        #expect(harness.record(of: "Loading").retries == 3)
    }

    @Test func aRetryThatFailsAgainIsNotPresentedBeforeTheMinimumDuration() async {
        let harness = HandlingHarness(
            answers: [.title("Try Again"), .role(.cancel)],
            configuration: testConfiguration(minimumDuration: .milliseconds(300))
        )
        let calls = LockedCounter()
        let task = Task {
            await harness.scope.attempt("Loading") { () async throws -> Int in
                calls.increment()
                throw HTTPStatusError(status: 500)
            }
        }
        await harness.clock.waitForSleepRequest(of: .milliseconds(300))
        await calls.wait(until: 2)
        #expect(harness.presentations.count == 1)
        harness.clock.advance(by: .milliseconds(299))
        #expect(harness.presentations.count == 1)
        harness.clock.advance(by: .milliseconds(1))
        #expect(await task.value == nil)
        #expect(harness.presentations.count == 2)
        #expect(calls.value == 2)
    }

    @Test func cancellingTheCallingTaskDuringBackoffEndsTheAttemptWithoutShowingAnything() async {
        let policy = RetryPolicy.exponential(maximumRetries: 5, initialDelay: .seconds(1), randomFraction: { 1 })
        let harness = HandlingHarness(catalog: .testing, configuration: testConfiguration(retryPolicy: policy))
        let task = Task {
            await harness.scope.attempt("Loading") { () async throws -> Int in throw ConnectionRefused() }
        }
        await harness.clock.waitForSleepers(1)
        task.cancel()
        #expect(await task.value == nil)
        #expect(harness.presentations.isEmpty)
        #expect(harness.logs.handledErrors.map(\.outcome) == [.retrying])
    }

    @Test(arguments: [
        CancellationError() as any Error,
        URLError(.cancelled),
        CocoaError(.userCancelled),
        ContextError("Deep", wrapping: CancellationError()),
    ])
    func cancellationsAreNeverShown(_ cancellation: any Error) async {
        let harness = HandlingHarness(rules: [.severity(Severity.minor..., .takeOver { _ in .recovered })])
        let value: Int? = await harness.scope.attempt("Loading") { throw cancellation }
        #expect(value == nil)
        #expect(harness.presentations.isEmpty)
        #expect(harness.logs.handledErrors.map(\.outcome) == [.silenced])
        #expect(harness.logs.handledErrors.first?.level == .debug)
    }

    @Test func aCancelledCallerEndsTheAttemptWhileThePresentationShows() async {
        let harness = HandlingHarness(otherwise: .never)
        let task = Task { await harness.scope.attempt("Loading") { () async throws -> Int in throw Boom() } }
        await harness.presenter.waitForPresentations(1)
        task.cancel()
        #expect(await task.value == nil)
        await harness.scope.state.wait { $0.current == nil }
        #expect(harness.logs.handledErrors.first?["resolution"] == "cancelled")
    }

    @Test func tryAgainIsOnlyOfferedWhenThereIsSomethingToRunAgain() async {
        var configuration = HandlingHarness.defaultConfiguration
        configuration.coalescingWindow = .zero
        let harness = HandlingHarness(otherwise: .role(.cancel), configuration: configuration)
        _ = await harness.scope.handle(MessageError("Down.", options: [.retry])).value
        _ = await harness.scope.handle(MessageError("Down.", options: [.retry]), retry: {}).value
        let _: Int? = await harness.scope.attempt("Loading") { throw MessageError("Down.") }
        #expect(
            harness.presentations.map { $0.options.map(\.title) } == [
                ["OK"], ["Try Again", "Cancel"], ["Try Again", "Cancel"],
            ])
    }

    @Test func handleRunsTheRetryClosureAfterRecovery() async {
        let harness = HandlingHarness(answers: [.title("Try Again")])
        let retries = LockedCounter()
        let outcome = await harness.scope.handle(HTTPStatusError(status: 503), retry: { retries.increment() }).value
        #expect(outcome == .recovered)
        #expect(retries.value == 1)
    }

    @Test func aRetryClosureThatThrowsIsHandledAgain() async {
        let harness = HandlingHarness(answers: [.title("Try Again"), .role(.cancel)])
        let retries = LockedCounter()
        let outcome = await harness.scope.handle(
            HTTPStatusError(status: 503),
            retry: {
                retries.increment()
                throw HTTPStatusError(status: 503)
            }
        ).value
        #expect(outcome == .gaveUp)
        #expect(retries.value == 1)
        #expect(harness.presentations.count == 2)
        #expect(harness.logs.handledErrors.map(\.outcome) == [.recovered, .gaveUp])
    }

    @Test func aReplacementThatIsACancellationIsSilenced() async {
        let harness = HandlingHarness(rules: [ErrorRule("replace") { _ in .replace(CancellationError()) }])
        let value: Int? = await harness.scope.attempt("Loading") { throw Boom() }
        #expect(value == nil)
        #expect(harness.presentations.isEmpty)
        #expect(harness.logs.handledErrors.map(\.outcome) == [.silenced])
    }

    @Test func hugeAndEmptyMessagesArePresentedWithoutTrouble() async throws {
        let huge = String(repeating: "x", count: 5_000_000)
        let harness = HandlingHarness()
        let _: Int? = await harness.scope.attempt("Huge") { throw MessageError(huge) }
        let _: Int? = await harness.scope.attempt("Empty") { throw MessageError("   ", title: "") }
        #expect(harness.presentations.first?.message.count == 5_000_000)
        let empty = try #require(harness.presentations.last)
        #expect(!empty.title.isEmpty)
        #expect(!empty.message.isEmpty)
        #expect(harness.logs.handledErrors.count == 2)
    }
}
