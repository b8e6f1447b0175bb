import Foundation
import Remedy
import RemedyTesting
import Testing

/// Remedy's two promises at the scheduler: the person sees the right message (different messages are
/// never merged, a more severe error never takes a lesser one's answer), and nothing is lost (every
/// caller answered, every error logged once with its outcome, re-entrant recovery never waits on
/// itself).
@Suite(.timeLimit(.minutes(10)))
struct SchedulingPromiseTests {
    /// A file error of the app: every instance has the same type, so the same grouping key, whatever
    /// the file; only its message tells them apart.
    struct SaveError: PresentableError {
        var file: String
        var message: String { "File \(file) couldn't be saved." }
        var category: ErrorCategory { .invalidInput }
    }

    // MARK: - Different messages are never merged

    @Test func twoDifferentMessagesAtOnceAreTwoPresentations() async {
        let presenter = ScriptedPresenter([.held(.defaultOption)], otherwise: .defaultOption)
        let root = ErrorScope.root(presenter: presenter, logger: LogRecording().logger(), clock: TestClock())
        let a = root.handle(MessageError("Enter a user name to continue."))
        let b = root.handle(MessageError("Your password must be at least 8 characters."))
        await root.state.wait { $0.waitingCount == 1 }
        presenter.release()
        #expect(await a.value == .presented)
        #expect(await b.value == .presented)
        #expect(
            Set(presenter.presentations.map(\.message)) == [
                "Enter a user name to continue.", "Your password must be at least 8 characters.",
            ])
    }

    @Test func twoDifferentMessagesInsideTheCoalescingWindowAreTwoPresentations() async {
        let harness = HandlingHarness(otherwise: .defaultOption)
        #expect(await harness.scope.handle(SaveError(file: "one.txt")).value == .presented)
        #expect(await harness.scope.handle(SaveError(file: "two.txt")).value == .presented)
        #expect(
            harness.presentations.map(\.message) == [
                "File one.txt couldn't be saved.", "File two.txt couldn't be saved.",
            ])
        // Same shape, so one grouping key for analytics; two presentations all the same.
        #expect(Set(harness.presentations.map(\.groupingKey)).count == 1)
        #expect(harness.logs.handledErrors.map(\.outcome) == [.presented, .presented])
    }

    @Test func aMajorErrorWhileASameTypeMinorBannerShowsIsPresented() async {
        let harness = HandlingHarness(otherwise: .defaultOption)
        let minor = MessageError("Couldn't refresh.", severity: .minor)
        #expect(await harness.scope.handle(minor).value == .presented)
        #expect(harness.scope.state.banners.map(\.message) == ["Couldn't refresh."])
        let major = MessageError("Couldn't refresh.", severity: .major)
        #expect(await harness.scope.handle(major).value == .presented)
        #expect(harness.presentations.map(\.severity) == [.minor, .major])
        #expect(harness.presentations.map(\.style) == [.banner, .alert])
    }

    @Test func aMoreSevereErrorNeverReusesALesserOnesAnswerInTheWindow() async {
        let presenter = ScriptedPresenter(otherwise: .defaultOption)
        let scheduling = Scheduling(presenter)
        let major = await scheduling.present(presentation("The disk is full.", severity: .major))
        let critical = await scheduling.present(presentation("The disk is full.", severity: .critical))
        #expect(!major.isCoalesced)
        #expect(!critical.isCoalesced)
        #expect(presenter.presentations.map(\.severity) == [.major, .critical])
    }

    // MARK: - Identical errors: one presentation, true counts

    @Test func identicalErrorsFromAThousandTasksAreOnePresentationWithTheTrueCount() async {
        let harness = HandlingHarness(otherwise: .held(.role(.cancel)))
        let outcomes = LockedList<HandlingOutcome>()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<1_000 {
                group.addTask { outcomes.append(await harness.scope.handle(SaveError(file: "a.txt")).value) }
            }
            await harness.scope.state.wait { $0.current?.occurrences == 1_000 }
            harness.presenter.release()
        }
        #expect(harness.presentations.count == 1)
        #expect(outcomes.values.count == 1_000)
        #expect(outcomes.values.count { $0 == .gaveUp } == 1)
        #expect(outcomes.values.count { $0 == .coalesced } == 999)
        let logged = harness.logs.handledErrors
        #expect(logged.count == 1_000)
        #expect(logged.allSatisfy { $0["occurrences"] == "1000" })
    }

    @Test func theCountOnlyCountsTrueDuplicates() async {
        let harness = HandlingHarness(answers: [.held(.role(.cancel)), .held(.role(.cancel))])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<7 {
                group.addTask { _ = await harness.scope.handle(SaveError(file: "a.txt")).value }
            }
            await harness.scope.state.wait { $0.current?.occurrences == 7 }
            harness.presenter.release()
            await harness.presenter.waitForPresentations(1)
            await harness.scope.state.wait { $0.current == nil }
            // The first release lets every later held answer go; hold the second presentation too, or it
            // could be answered before all three of its callers arrived.
            harness.presenter.hold()
            for _ in 0..<3 {
                group.addTask { _ = await harness.scope.handle(SaveError(file: "b.txt")).value }
            }
            await harness.scope.state.wait { $0.current?.occurrences == 3 }
            harness.presenter.release()
        }
        let a = "File a.txt couldn't be saved."
        let b = "File b.txt couldn't be saved."
        #expect(harness.presentations.map(\.message) == [a, b])
        let byMessage = Dictionary(grouping: harness.logs.handledErrors) { $0.message }
        #expect(byMessage.mapValues(\.count) == [a: 7, b: 3])
        for (_, entries) in byMessage {
            #expect(entries.allSatisfy { $0["occurrences"] == "\(entries.count)" })
        }
    }

    // MARK: - Re-entrant recovery

    @Test func aTakeOverWhoseOwnCallFailsThroughTheSameRuleEndsPromptly() async throws {
        let scopeBox = LockedValue<ErrorScope?>(nil)
        let harness = HandlingHarness(
            otherwise: .role(.cancel),
            rules: [
                .httpStatus(
                    401,
                    .takeOver { _ in
                        // The sign-in call itself is refused with a 401, through the same rule.
                        let scope = try #require(scopeBox.withLock { $0 })
                        let token: String? = await scope.attempt("Signing in") { throw HTTPStatusError(status: 401) }
                        return token == nil ? .notRecovered : .recovered
                    }
                )
            ]
        )
        scopeBox.withLock { $0 = harness.scope }
        let value: Int? = await harness.scope.attempt("Loading the profile") { throw HTTPStatusError(status: 401) }
        #expect(value == nil)
        // The inner failure was shown (the rule passed it on), the outer one taken over without recovery.
        #expect(harness.presentations.count == 1)
        #expect(harness.record(of: "Signing in").outcomes == [.gaveUp])
        #expect(harness.record(of: "Loading the profile").outcomes == [.takenOver])
        let skipped = try #require(harness.logs.entries.first { $0.message.contains("failed into the same rule") })
        #expect(skipped.level == .info)
        #expect(skipped["rule"] == "HTTP 401")
    }

    @Test func aRecoveryActionThatFailsIntoTheSamePresentationIsShownNotAnsweredByItself() async {
        let harness = HandlingHarness(otherwise: .title("Repair"))
        let runs = LockedCounter()
        let innerOutcome = LockedList<HandlingOutcome>()
        let repairBox = LockedValue<RecoveryOption?>(nil)
        let repair = RecoveryOption(title: "Repair", role: .recommended) {
            // The first repair runs into the very same failure; its presentation must be shown, not
            // answered with the answer whose action is running right now.
            if runs.increment() == 1, let repair = repairBox.withLock({ $0 }) {
                let error = MessageError("The index is damaged.", options: [repair])
                innerOutcome.append(await harness.scope.handle(error).value)
            }
            return .notRecovered
        }
        repairBox.withLock { $0 = repair }
        let outcome = await harness.scope.handle(MessageError("The index is damaged.", options: [repair])).value
        #expect(outcome == .presented)
        #expect(innerOutcome.values == [.presented])
        #expect(runs.value == 2)
        #expect(harness.presentations.count == 2)
    }

    // MARK: - Nothing lost

    @Test func tenThousandErrorsFromAThousandTasksAreAllAnsweredWithOneOutcomeLineEach() async {
        let harness = HandlingHarness(otherwise: .role(.cancel))
        let answered = LockedCounter()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<1_000 {
                group.addTask {
                    for index in 0..<10 {
                        // Ten different messages per task, a hundred tasks share each: both kinds at once.
                        _ = await harness.scope.handle(SaveError(file: "\(task % 100)-\(index).txt")).value
                        answered.increment()
                    }
                }
            }
        }
        #expect(answered.value == 10_000)
        #expect(harness.logs.handledErrors.count == 10_000)
        #expect(harness.logs.entries.count { $0.isReceived } == 10_000)
        #expect(Set(harness.presentations.map(\.message)).count == 1_000)
    }

    @Test func releasingTheRootWhileCallersWaitAnswersEveryCaller() async {
        let presenter = ScriptedPresenter(otherwise: .never)
        let logs = LogRecording()
        var root: ErrorScope? = ErrorScope.root(presenter: presenter, logger: logs.logger(), clock: TestClock())
        let tasks = (0..<20).map { index in
            root!.child("Screen").handle(SaveError(file: "\(index % 4).txt"))
        }
        await presenter.waitForPresentations(1)
        root = nil
        var outcomes: [HandlingOutcome] = []
        for task in tasks { outcomes.append(await task.value) }
        #expect(outcomes.count == 20)
        #expect(outcomes.allSatisfy { $0 == .gaveUp || $0 == .coalesced })
    }
}
