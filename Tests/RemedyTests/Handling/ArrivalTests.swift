import Observation
import RemedyTesting
import Testing

@testable import Remedy

/// `handle` puts an error in line before it returns: nothing is announced ahead and withdrawn later, so
/// whatever becomes of one handling, the next is shown without waiting for it.
@Suite(.timeLimit(.minutes(10)))
struct ArrivalTests {
    struct Unauthorized: Error {}
    struct Quiet: Error {}

    @Test func handlingsThatEndWithoutPresentingHoldNothingBack() async {
        let presenter = ScriptedPresenter(otherwise: .role(.cancel))
        let root = ErrorScope.root(
            presenter: presenter,
            rules: [
                .matching(Unauthorized.self) { _, _ in .takeOver { _ in .notRecovered } },
                ErrorRule("silence quiet ones") { $0.error is Quiet ? .silence : .passOn },
            ],
            logger: LogRecording().logger(),
            clock: TestClock()
        )
        #expect(await root.handle(MessageError("Shown.")).value == .gaveUp)
        #expect(await root.handle(CancellationError()).value == .silenced)
        #expect(await root.handle(Quiet()).value == .silenced)
        #expect(await root.handle(Unauthorized()).value == .takenOver)
        let shown: Int? = await root.attempt("Loading") { throw MessageError("Shown too.") }
        let silenced: Int? = await root.attempt("Refreshing") { throw CancellationError() }
        #expect(shown == nil && silenced == nil)
        // Cancelled before or while it runs: it gives up either way.
        let cancelled = root.handle(MessageError("Cancelled."))
        cancelled.cancel()
        #expect(await cancelled.value == .gaveUp)
        #expect(await root.handle(MessageError("Last.")).value == .gaveUp)
        let messages = presenter.presentations.map(\.message)
        #expect(messages.prefix(2) == ["Shown.", "Shown too."])
        #expect(messages.last == "Last.")
        #expect(root.state.current == nil && root.state.waitingCount == 0)
    }

    /// Observation calls `onChange` while the scheduler publishes a change: an error handed in from there
    /// is put in line without waiting on the scheduler.
    @Test func anErrorHandedInByAnObserverOfTheStateIsHandled() async {
        let presenter = ScriptedPresenter(otherwise: .role(.cancel))
        let root = ErrorScope.root(presenter: presenter, logger: LogRecording().logger(), clock: TestClock())
        let raised = LockedValue<Task<HandlingOutcome, Never>?>(nil)
        let isFirstChange = LockedValue(true)
        withObservationTracking {
            _ = root.state.current
        } onChange: {
            // Observation may call this again from within `handle`, which publishes its own change: no
            // lock is held across the call, and only the first change hands an error in.
            let isFirst = isFirstChange.withLock { isFirst in
                defer { isFirst = false }
                return isFirst
            }
            guard isFirst else { return }
            let task = root.handle(MessageError("Raised by an observer."))
            raised.withLock { $0 = task }
        }
        #expect(await root.handle(MessageError("Shown first.")).value == .gaveUp)
        let task = raised.withLock { $0 }
        #expect(await task?.value == .gaveUp)
        #expect(presenter.presentations.map(\.message) == ["Shown first.", "Raised by an observer."])
    }

    @Test func presentationsEnteredOneAfterTheOtherAreShownInThatOrder() async {
        let presenter = ScriptedPresenter(otherwise: .defaultOption)
        let scheduler = PresentationScheduler(
            presenter: presenter,
            clock: TestClock(),
            presenterTimeout: .seconds(600),
            bannerDuration: .seconds(4),
            coalescingWindow: .zero
        )
        let tickets = (1...5).map { scheduler.enter(presentation("Step \($0) failed.")) }
        for ticket in tickets {
            #expect(await scheduler.answer(ticket).resolution.isChoice)
        }
        #expect(presenter.presentations.map(\.message) == (1...5).map { "Step \($0) failed." })
    }
}
