import Foundation
import RemedyTesting
import Testing

@testable import Remedy

/// `handle` called from where the scheduler calls out: a presenter's cancellation handler runs in the
/// thread that answered the presentation another way, and the main actor must never wait for the
/// handling.
@Suite(.timeLimit(.minutes(10)))
struct HandleCallerTests {
    /// The scheduler cancels the task of a presenter that didn't answer in time, which runs the
    /// presenter's cancellation handler at once in the watchdog's thread: an error it hands in is put in
    /// line there, so the scheduler must not hold its lock while it cancels.
    @Test func anErrorHandedInByAPresentersCancellationHandlerIsHandled() async {
        let clock = TestClock()
        let presenter = RaisingOnCancellationPresenter()
        let root = ErrorScope.root(
            presenter: presenter,
            logger: LogRecording().logger(),
            clock: clock,
            configuration: ErrorScope.Configuration(presenterTimeout: .seconds(5))
        )
        presenter.scope.withLock { $0 = root }
        let first = root.handle(MessageError("Never answered."))
        await presenter.waitUntilParked()
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        #expect(await first.value == .gaveUp)
        let raised = presenter.raised.withLock { $0 }
        #expect(await raised?.value == .gaveUp)
        #expect(presenter.messages.withLock { $0 } == ["Never answered.", "Raised on cancellation."])
    }

    /// On the main actor `handle` returns at once: a presenter isolated to the main actor runs only once
    /// the caller gives the main actor up.
    @MainActor @Test func onTheMainActorHandleReturnsBeforeAMainActorPresenterRuns() async {
        let presenter = MainActorPresenter()
        let root = ErrorScope.root(presenter: presenter, logger: LogRecording().logger(), clock: TestClock())
        let task = root.handle(MessageError("From the main actor."))
        #expect(presenter.messages.isEmpty)
        #expect(await task.value == .gaveUp)
        #expect(presenter.messages == ["From the main actor."])
    }
}

/// Holds its first presentation until its task is cancelled, and then, in the cancellation handler,
/// hands an error to the scope; answers every later presentation by dismissing it.
private final class RaisingOnCancellationPresenter: ErrorPresenter, Sendable {
    let scope = LockedValue<ErrorScope?>(nil)
    let raised = LockedValue<Task<HandlingOutcome, Never>?>(nil)
    let messages = LockedValue<[String]>([])
    private let parked = LockedValue<(continuation: CheckedContinuation<Void, Never>?, isCancelled: Bool)>((nil, false))
    private let changes = ChangeSignal()

    func present(_ presentation: Presentation) async throws -> RecoveryOption? {
        let isFirst = messages.withLock { messages in
            messages.append(presentation.message)
            return messages.count == 1
        }
        guard isFirst else { return nil }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = parked.withLock { parked in
                    if parked.isCancelled { return true }
                    parked.continuation = continuation
                    return false
                }
                changes.signal()
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let task = scope.withLock { $0 }?.handle(MessageError("Raised on cancellation."))
            raised.withLock { $0 = task }
            let continuation = parked.withLock { parked in
                parked.isCancelled = true
                defer { parked.continuation = nil }
                return parked.continuation
            }
            continuation?.resume()
        }
        return nil
    }

    func waitUntilParked() async {
        _ = await changes.wait { parked.withLock { $0.continuation != nil || $0.isCancelled } }
    }
}

@MainActor
private final class MainActorPresenter: ErrorPresenter {
    private(set) var messages: [String] = []

    func present(_ presentation: Presentation) async throws -> RecoveryOption? {
        MainActor.assertIsolated()
        messages.append(presentation.message)
        return nil
    }
}
