import Observation
import RemedyTesting
import Testing

@testable import Remedy

/// The root's scheduler counts the handlings on their way to it (handed to a scope, not yet shown), so
/// that an answer the presenter gives at once, in the caller's thread, still waits a turn for identical
/// errors handed in at the same moment. Every count must end, whatever becomes of the error, or every
/// later answer would wait that turn for nothing.
@Suite(.timeLimit(.minutes(1)))
struct ArrivalTests {
    struct Unauthorized: Error {}
    struct Quiet: Error {}

    @Test func everyHandlingEndsItsArrivalWhateverBecomesOfIt() async {
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
        let scheduler = root.pipeline.scheduler
        #expect(await root.handle(MessageError("Shown.")).value == .gaveUp)
        #expect(await root.handle(CancellationError()).value == .silenced)
        #expect(await root.handle(Quiet()).value == .silenced)
        #expect(await root.handle(Unauthorized()).value == .takenOver)
        let shown: Int? = await root.attempt("Loading") { throw MessageError("Shown too.") }
        let silenced: Int? = await root.attempt("Refreshing") { throw CancellationError() }
        #expect(shown == nil && silenced == nil)
        // Cancelled before or while it runs: it gives up early or is shown; its count ends either way.
        let cancelled = root.handle(MessageError("Cancelled."))
        cancelled.cancel()
        #expect(await cancelled.value == .gaveUp)
        #expect(scheduler.arrivingCount == 0)
        #expect(presenter.presentations.map(\.message).prefix(2) == ["Shown.", "Shown too."])
    }

    /// Observation calls `onChange` while the scheduler publishes a change, with its lock held: an error
    /// handed in from there is counted without that lock.
    @Test func anErrorHandedInByAnObserverOfTheStateIsHandled() async {
        let presenter = ScriptedPresenter(otherwise: .role(.cancel))
        let root = ErrorScope.root(presenter: presenter, logger: LogRecording().logger(), clock: TestClock())
        let raised = LockedValue<Task<HandlingOutcome, Never>?>(nil)
        withObservationTracking {
            _ = root.state.current
        } onChange: {
            raised.withLock { $0 = root.handle(MessageError("Raised by an observer.")) }
        }
        #expect(await root.handle(MessageError("Shown first.")).value == .gaveUp)
        let task = raised.withLock { $0 }
        #expect(await task?.value == .gaveUp)
        #expect(presenter.presentations.map(\.message) == ["Shown first.", "Raised by an observer."])
    }

    @Test func aPresenterThatAnswersAtOnceAnswersOnceNobodyIsOnTheWay() async {
        let presenter = ScriptedPresenter(otherwise: .role(.cancel))
        let scheduler = PresentationScheduler(
            presenter: presenter,
            clock: TestClock(),
            presenterTimeout: .seconds(600),
            bannerDuration: .seconds(4),
            coalescingWindow: .zero
        )
        let presentation = Presentation(
            title: "Not saved",
            message: "The draft was not saved.",
            options: [.retry],
            error: MessageError("The draft was not saved.")
        )
        let firstArrival = scheduler.announceArrival()
        let secondArrival = scheduler.announceArrival()
        let first = await scheduler.present(SharedPresentation(presentation), arrival: firstArrival)
        #expect(scheduler.arrivingCount == 1)
        scheduler.withdrawArrival(secondArrival)
        let second = await scheduler.present(presentation)
        #expect(scheduler.arrivingCount == 0)
        #expect(first.option.role == .cancel && second.option.role == .cancel)
        #expect(first.presentation.occurrences == 1 && second.presentation.occurrences == 1)
        #expect(presenter.presentations.count == 2)
    }
}
