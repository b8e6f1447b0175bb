#if canImport(UIKit) || canImport(AppKit) || canImport(SwiftUI)
import Remedy

/// Where the person's answer to one shown presentation arrives, on the main actor, exactly once.
///
/// A presenter shows something, hands the slot's ``answer(_:)`` to its buttons and waits in
/// ``wait(show:)``. When the root's scheduler withdraws the presentation (a banner's time is up, a timeout,
/// the scope closed) it cancels the presenter's task; the slot then takes the view away and answers `nil`.
///
/// The answer is given only once the view is gone: an animated dismissal reports that it finished, and
/// until then UIKit refuses to present anything else from the same controller.
@MainActor
final class AnswerSlot {
    /// Takes a shown view away and calls `done` once it is gone.
    typealias TakeAway = @MainActor (_ done: @escaping @MainActor () -> Void) -> Void

    private var continuation: CheckedContinuation<RecoveryOption?, Never>?
    /// Whether the slot was answered (its view may still be on its way out).
    private(set) var isFinished = false
    /// What takes the view away, most recently added first; run once, whether the person answered or the
    /// scheduler withdrew the presentation.
    private var takeAways: [TakeAway] = []

    /// Adds a step that takes the view away; the steps run in reverse order of adding (an alert is
    /// dismissed before the window it was presented from is hidden), each after the last one is done.
    func onFinish(reportingDone takeAway: @escaping TakeAway) {
        takeAways.append(takeAway)
    }

    /// Adds a step that takes the view away at once.
    func onFinish(_ takeAway: @escaping @MainActor () -> Void) {
        takeAways.append { done in
            takeAway()
            done()
        }
    }

    /// Holds a withdrawal back until the view lets it go: `hold` gets the step that answers `nil`, and calls
    /// it when it is ready (a banner once VoiceOver's focus has left it). A person's answer meanwhile still
    /// ends the wait at once.
    func holdWithdrawal(_ hold: @escaping @MainActor (_ release: @escaping @MainActor () -> Void) -> Void) {
        withdrawalHold = hold
    }

    private var withdrawalHold: (@MainActor (_ release: @escaping @MainActor () -> Void) -> Void)?

    /// The scheduler withdrew the presentation: answers `nil`, once a hold lets it.
    func withdraw() {
        guard !isFinished else { return }
        guard let hold = withdrawalHold else { return answer(nil) }
        withdrawalHold = nil
        hold { [self] in answer(nil) }
    }

    /// Answers with an option (or `nil` for a dismissal) once the view is gone; later answers are ignored.
    func answer(_ option: RecoveryOption?) {
        guard !isFinished else { return }
        isFinished = true
        takeAway { [self] in
            continuation?.resume(returning: option)
            continuation = nil
        }
    }

    private func takeAway(then finish: @escaping @MainActor () -> Void) {
        guard let step = takeAways.popLast() else { return finish() }
        step { [self] in takeAway(then: finish) }
    }

    /// Shows something through `show` and waits for its answer, or for the task's cancellation.
    static func wait(show: (AnswerSlot) -> Void) async -> RecoveryOption? {
        let slot = AnswerSlot()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                slot.continuation = continuation
                if Task.isCancelled {
                    slot.answer(nil)
                } else {
                    show(slot)
                }
            }
        } onCancel: {
            Task { @MainActor in slot.withdraw() }
        }
    }
}
#endif
