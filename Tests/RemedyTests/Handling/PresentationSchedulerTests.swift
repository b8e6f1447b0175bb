import Foundation
import Remedy
import RemedyTesting
import Testing

/// The scheduler's ordering, coalescing, banners and every way it is kept from getting stuck, with the
/// recovery runner that runs the chosen actions.
@Suite(.timeLimit(.minutes(10)))
struct PresentationSchedulerTests {
    private func makeQueue(
        _ presenter: ScriptedPresenter,
        clock: TestClock = TestClock(),
        presenterTimeout: Duration = .seconds(600),
        actionTimeout: Duration = .seconds(600)
    ) -> Scheduling {
        Scheduling(presenter, clock: clock, presenterTimeout: presenterTimeout, recoveryTimeout: actionTimeout)
    }

    // MARK: - Order

    @Test func waitingPresentationsAreShownMostSevereFirst() async {
        let presenter = ScriptedPresenter([.held(.dismiss)], otherwise: .dismiss)
        let queue = makeQueue(presenter)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { _ = await queue.present(presentation("first")) }
            await presenter.waitForPresentations(1)
            group.addTask { _ = await queue.present(presentation("major")) }
            await queue.state.wait { $0.waitingCount == 1 }
            group.addTask { _ = await queue.present(presentation("critical", severity: .critical)) }
            await queue.state.wait { $0.waitingCount == 2 }
            presenter.release()
        }
        #expect(presenter.presentations.map(\.message) == ["first", "critical", "major"])
    }

    @Test func aFatalPresentationDismissesALesserOneBeingShown() async {
        let presenter = ScriptedPresenter([.never], otherwise: .defaultOption)
        let queue = makeQueue(presenter)
        let lesser = Task { await queue.present(presentation("lesser")) }
        await presenter.waitForPresentations(1)
        let fatal = await queue.present(presentation("fatal", severity: .fatal))
        let preempted = await lesser.value
        #expect(preempted.resolution == "preempted")
        #expect(preempted.option.title == "OK")
        #expect(fatal.answer.resolution.isChoice)
        #expect(presenter.presentations.map(\.message) == ["lesser", "fatal"])
    }

    @Test func bannersAreShownAlongsideABlockingPresentation() async {
        let presenter = ScriptedPresenter([.held(.dismiss)], otherwise: .dismiss)
        let queue = makeQueue(presenter)
        let alert = Task { await queue.present(presentation("alert")) }
        await presenter.waitForPresentations(1)
        let banner = await queue.present(presentation("banner", severity: .minor))
        #expect(banner.presentation.style == .banner)
        #expect(queue.state.current?.message == "alert")
        #expect(queue.state.banners.map(\.message) == ["banner"])
        presenter.release()
        _ = await alert.value
        #expect(presenter.presentations.map(\.message) == ["alert", "banner"])
    }

    @Test func bannersGoAwayAfterTheirDurationOnTheClock() async {
        let clock = TestClock()
        let queue = makeQueue(ScriptedPresenter(otherwise: .dismiss), clock: clock)
        _ = await queue.present(presentation("banner", severity: .minor))
        #expect(queue.state.banners.count == 1)
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(3))
        #expect(queue.state.banners.count == 1)
        clock.advance(by: .seconds(1))
        await queue.state.wait { $0.banners.isEmpty }
        #expect(queue.state.banners.isEmpty)
    }

    // MARK: - Coalescing

    @Test func identicalPresentationsAreShownOnceAndShareTheAnswerAndOneActionRun() async {
        let runs = LockedCounter()
        let repair = RecoveryOption(title: "Repair", role: .recommended) {
            runs.increment()
            return .recovered
        }
        let presenter = ScriptedPresenter([.held(.title("Repair"))])
        let queue = makeQueue(presenter)
        let answers = LockedList<Scheduling.Handled>()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask { answers.append(await queue.present(presentation("same", options: [repair]))) }
            }
            await queue.state.wait { $0.current?.occurrences == 5 }
            presenter.release()
        }
        #expect(presenter.presentations.count == 1)
        #expect(runs.value == 1)
        #expect(answers.values.allSatisfy { $0.option.title == "Repair" })
        #expect(answers.values.allSatisfy { $0.outcome == .recovered })
        #expect(answers.values.count { $0.isCoalesced } == 4)
        #expect(answers.values.allSatisfy { $0.presentation.occurrences == 5 })
    }

    @Test func bannerJoinersGetTheBannersAnswerAtOnce() async {
        let queue = makeQueue(ScriptedPresenter(otherwise: .dismiss))
        let first = await queue.present(presentation("offline", severity: .minor))
        let second = await queue.present(presentation("offline", severity: .minor))
        #expect(!first.isCoalesced)
        #expect(second.isCoalesced)
        #expect(second.presentation.occurrences == 2)
        #expect(queue.state.banners.map(\.occurrences) == [2])
    }

    @Test func aBannerWhoseActionStillRunsTakesJoinersAndStaysOneBanner() async {
        let entered = AsyncGate()
        let finish = AsyncGate()
        let runs = LockedCounter()
        let undo = RecoveryOption(title: "Undo") {
            runs.increment()
            entered.open()
            await finish.wait()
            return .recovered
        }
        let queue = makeQueue(ScriptedPresenter([.title("Undo")], otherwise: .dismiss))
        let first = Task { await queue.present(presentation("moved", severity: .minor, options: [undo])) }
        await entered.wait()
        let second = Task { await queue.present(presentation("moved", severity: .minor, options: [undo])) }
        await queue.state.wait { $0.banners.first?.occurrences == 2 }
        #expect(queue.state.banners.count == 1)
        finish.open()
        let answers = [await first.value, await second.value]
        #expect(answers.map(\.option.title) == ["Undo", "Undo"])
        #expect(answers.map(\.isCoalesced) == [false, true])
        #expect(runs.value == 1)
    }

    // MARK: - Never stuck

    @Test func aPresenterThatNeverAnswersTimesOutAndTheNextPresentationIsShown() async {
        let clock = TestClock()
        let presenter = ScriptedPresenter([.never], otherwise: .dismiss)
        let queue = makeQueue(presenter, clock: clock, presenterTimeout: .seconds(30))
        let stuck = Task { await queue.present(presentation("stuck")) }
        await presenter.waitForPresentations(1)
        let next = Task { await queue.present(presentation("next")) }
        await queue.state.wait { $0.waitingCount == 1 }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(30))
        let answer = await stuck.value
        #expect(answer.resolution == "timedOut")
        #expect(answer.option.title == "OK")
        _ = await next.value
        #expect(presenter.presentations.map(\.message) == ["stuck", "next"])
    }

    @Test func aPresenterThatThrowsIsAnsweredWithTheFallback() async {
        let queue = makeQueue(ScriptedPresenter([.fail(Boom())]))
        let answer = await queue.present(presentation("x", options: [.retry]))
        #expect(answer.resolution == "presenterFailed")
        #expect(answer.option.role == .cancel)
        #expect(answer.outcome == .notRecovered)
    }

    @Test func anAnswerThatIsNotAnOptionIsTreatedAsTheFallback() async {
        let queue = makeQueue(ScriptedPresenter([.title("Launch Rockets")]))
        let answer = await queue.present(presentation("x", options: [.retry]))
        #expect(answer.resolution == "unknownOption")
        #expect(answer.option.title == "Cancel")
    }

    @Test func aDismissedPresentationIsAnsweredWithTheFallback() async {
        let queue = makeQueue(ScriptedPresenter([.dismiss]))
        let answer = await queue.present(presentation("x", options: [.retry]))
        #expect(answer.resolution == "dismissed")
        #expect(answer.option.title == "Cancel")
    }

    @Test func aCancelledCallerWithdrawsItsPresentationAndReleasesTheQueue() async {
        let presenter = ScriptedPresenter([.never], otherwise: .dismiss)
        let queue = makeQueue(presenter)
        let cancelled = Task { await queue.present(presentation("withdrawn")) }
        await presenter.waitForPresentations(1)
        cancelled.cancel()
        let answer = await cancelled.value
        #expect(answer.resolution == "cancelled")
        await queue.state.wait { $0.current == nil }
        let next = await queue.present(presentation("next"))
        #expect(next.resolution == "dismissed")
        #expect(presenter.presentations.map(\.message) == ["withdrawn", "next"])
    }

    @Test func cancellingOneOfTwoCoalescedCallersLeavesTheOtherWaiting() async {
        let presenter = ScriptedPresenter([.held(.defaultOption)])
        let queue = makeQueue(presenter)
        let first = Task { await queue.present(presentation("same")) }
        await presenter.waitForPresentations(1)
        let second = Task { await queue.present(presentation("same")) }
        await queue.state.wait { $0.current?.occurrences == 2 }
        first.cancel()
        #expect(await first.value.resolution == "cancelled")
        #expect(queue.state.current != nil)
        presenter.release()
        let answer = await second.value
        #expect(answer.answer.resolution.isChoice)
        #expect(answer.isCoalesced)
    }

    @Test func closingAnswersEveryWaiterAndEveryLaterCaller() async {
        let presenter = ScriptedPresenter([.never], otherwise: .never)
        let queue = makeQueue(presenter)
        let shown = Task { await queue.present(presentation("shown")) }
        await presenter.waitForPresentations(1)
        let waiting = Task { await queue.present(presentation("waiting")) }
        await queue.state.wait { $0.waitingCount == 1 }
        await queue.close()
        #expect(await shown.value.resolution == "closed")
        #expect(await waiting.value.resolution == "closed")
        #expect(await queue.present(presentation("later")).resolution == "closed")
        #expect(queue.state.current == nil)
        #expect(presenter.presentations.count == 1)
    }

    @Test func aRecoveryActionThatHangsCountsAsNotRecoveredAfterTheTimeout() async {
        let clock = TestClock()
        let never = AsyncGate()
        let hang = RecoveryOption(title: "Hang", role: .recommended) {
            await never.wait()
            return .recovered
        }
        let queue = makeQueue(ScriptedPresenter([.title("Hang")]), clock: clock, actionTimeout: .seconds(60))
        let task = Task { await queue.present(presentation("x", options: [hang])) }
        await clock.waitForSleepRequest(of: .seconds(60))  // the action's (answered at once, no presenter timeout)
        clock.advance(by: .seconds(60))
        let answer = await task.value
        #expect(answer.recovery.name == "timedOut")
        #expect(answer.outcome == nil)
        #expect(answer.option.title == "Hang")
        never.open()
    }
}
