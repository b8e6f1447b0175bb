import Foundation
import Remedy
import RemedyTesting
import Testing

/// Presenter timeouts and banner durations, which one task per scheduler watches: each presentation
/// still gets its own whole timeout, a sooner deadline is never missed, and closing leaves nothing behind.
@Suite(.timeLimit(.minutes(10)))
struct PresentationWatchdogTests {
    @Test func aPresentationShownWhileTheWatchdogWaitsForAnEarlierDeadlineGetsItsWholeTimeout() async {
        let clock = TestClock()
        let presenter = ScriptedPresenter([.held(.dismiss), .never])
        let queue = Scheduling(presenter, clock: clock, presenterTimeout: .seconds(30))
        // Answered after the presenter waited; its timeout (at 30 s) is still what the watchdog waits for.
        let first = Task { await queue.present(presentation("first")) }
        await clock.waitForSleepers(1)
        presenter.release()
        _ = await first.value
        clock.advance(by: .seconds(10))
        let stuck = Task { await queue.present(presentation("stuck")) }
        await presenter.waitForPresentations(2)
        // At 30 s the first deadline passes; the second presentation's is at 40 s.
        clock.advance(by: .seconds(20))
        await clock.waitForSleepRequest(of: .seconds(10))
        #expect(queue.state.current?.message == "stuck")
        clock.advance(by: .seconds(10))
        let answer = await stuck.value
        #expect(answer.resolution == "timedOut")
        #expect(answer.option.title == "OK")
    }

    @Test func aBannerShownWhileAnAlertWaitsGoesAwayOnTime() async {
        let clock = TestClock()
        let presenter = ScriptedPresenter([.never], otherwise: .dismiss)
        let queue = Scheduling(presenter, clock: clock, presenterTimeout: .seconds(600))
        let alert = Task { await queue.present(presentation("alert")) }
        await presenter.waitForPresentations(1)
        await clock.waitForSleepers(1)
        // The banner's 4 seconds end long before the alert's 600: the watchdog must wake for them.
        _ = await queue.present(presentation("banner", severity: .minor))
        #expect(queue.state.banners.map(\.message) == ["banner"])
        await clock.waitForSleepRequest(of: .seconds(4))
        clock.advance(by: .seconds(4))
        await queue.state.wait { $0.banners.isEmpty }
        #expect(queue.state.banners.isEmpty)
        #expect(queue.state.current?.message == "alert")
        await queue.close()
        #expect(await alert.value.resolution == "closed")
    }

    @Test func presentationsThatTimeOutTogetherAreAllAnswered() async {
        let clock = TestClock()
        let presenter = ScriptedPresenter([.never, .never], otherwise: .never)
        // Shorter than the banner's 4 seconds: the banner times out before it would go away.
        let queue = Scheduling(presenter, clock: clock, presenterTimeout: .seconds(3))
        let banner = Task { await queue.present(presentation("banner", severity: .minor)) }
        let alert = Task { await queue.present(presentation("alert")) }
        await presenter.waitForPresentations(2)
        clock.advance(by: .seconds(3))
        #expect(await banner.value.resolution == "timedOut")
        #expect(await alert.value.resolution == "timedOut")
        #expect(queue.state.banners.map(\.message) == ["banner"], "answered, and still visible until 4 s")
        clock.advance(by: .seconds(1))
        await queue.state.wait { $0.banners.isEmpty }
        #expect(queue.state.banners.isEmpty)
    }

    @Test func aBannerThatGoesAwayBeforeItsPresenterAnswersIsDismissed() async {
        let clock = TestClock()
        let presenter = ScriptedPresenter([.never])
        let queue = Scheduling(presenter, clock: clock, presenterTimeout: .seconds(5))
        let banner = Task { await queue.present(presentation("banner", severity: .minor)) }
        await presenter.waitForPresentations(1)
        // Both deadlines pass at once; the earlier one, the banner's 4 seconds, decides.
        clock.advance(by: .seconds(5))
        #expect(await banner.value.resolution == "dismissed")
    }

    @Test func aZeroPresenterTimeoutAnswersAPresenterThatNeverDoesAtOnce() async {
        let presenter = ScriptedPresenter([.never])
        let queue = Scheduling(presenter, presenterTimeout: .zero)
        let answer = await queue.present(presentation("x"))
        #expect(answer.resolution == "timedOut")
        #expect(queue.state.current == nil)
    }

    @Test func closingLeavesNothingSleepingOnTheClock() async {
        let clock = TestClock()
        let queue = Scheduling(ScriptedPresenter([.never]), clock: clock)
        let waiting = Task { await queue.present(presentation("x")) }
        await clock.waitForSleepers(1)
        await queue.close()
        #expect(clock.sleeperCount == 0)
        #expect(await waiting.value.resolution == "closed")
    }
}

/// A scope made for one request (as a server's middleware makes) leaves nothing behind when it is released:
/// its watchdog would otherwise sleep until the presenter timeout, ten minutes by default.
@Suite(.timeLimit(.minutes(10)))
struct ReleasedScopeWatchdogTests {
    @Test func aReleasedRootStopsItsWatchdog() async {
        let clock = TestClock()
        let presenter = ScriptedPresenter([.held(.defaultOption)])
        var root: ErrorScope? = ErrorScope.root(
            presenter: presenter,
            clock: clock,
            configuration: HandlingHarness.defaultConfiguration
        )
        let handling = root?.handle(MessageError("The upload failed."))
        // The presenter waits: the watchdog sleeps until the presenter timeout, and still after the answer.
        #expect(await clock.waitForSleepers(1))
        #expect(clock.nextDeadline == TestClock.Instant(offset: HandlingHarness.defaultConfiguration.presenterTimeout))
        presenter.release()
        _ = await handling?.value
        weak let released = root
        root = nil
        #expect(released == nil)
        // The released root closes its scheduler, which cancels the watchdog's sleep.
        #expect(await clock.waitForSleepers(atMost: 0))
        #expect(clock.sleeperCount == 0)
    }

    @Test func aRootWhosePresentationWasAnsweredAtOnceStartsNoSleep() async {
        let clock = TestClock()
        let presenter = ScriptedPresenter(otherwise: .defaultOption)
        let root = ErrorScope.root(
            presenter: presenter,
            clock: clock,
            configuration: HandlingHarness.defaultConfiguration
        )
        #expect(await root.handle(MessageError("The upload failed.")).value == .presented)
        // A sleep on the real clock keeps its timer until its deadline even when cancelled: none may start.
        #expect(clock.sleepRequests.isEmpty)
        #expect(clock.sleeperCount == 0)
    }
}
