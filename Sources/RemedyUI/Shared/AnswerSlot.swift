#if canImport(UIKit) || canImport(AppKit) || canImport(SwiftUI)
import Remedy

/// Where the person's answer to one shown presentation arrives, on the main actor, exactly once.
///
/// A presenter shows something, hands the slot's ``answer(_:)`` to its buttons and waits in
/// ``wait(show:)``. When the root's scheduler withdraws the presentation (a banner's time is up, a timeout,
/// the scope closed) it cancels the presenter's task; the slot then takes the view away and answers `nil`.
@MainActor
final class AnswerSlot {
    private var continuation: CheckedContinuation<RecoveryOption?, Never>?
    private var isFinished = false
    /// Takes the shown view away; runs once, whether the person answered or the scheduler withdrew it.
    var onFinish: (@MainActor () -> Void)?

    /// Answers with an option (or `nil` for a dismissal) and takes the view away; later answers are ignored.
    func answer(_ option: RecoveryOption?) {
        guard !isFinished else { return }
        isFinished = true
        onFinish?()
        onFinish = nil
        continuation?.resume(returning: option)
        continuation = nil
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
            Task { @MainActor in slot.answer(nil) }
        }
    }
}
#endif
