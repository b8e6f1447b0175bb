#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Remedy

extension AppKitErrorPresenter {
    /// Begins the alert's sheet on a window, or, when the window shows a sheet already (a Save panel, the
    /// app's own), waits until it has none.
    ///
    /// AppKit would queue a second sheet and show it when the first ends; a withdrawn alert would then still
    /// come up later, after its callers were answered, and AppKit documents no way to take a sheet out of its
    /// queue. So the alert waits here, where a withdrawal simply ends the wait. A critical alert doesn't
    /// wait: AppKit shows it as a critical sheet, on top of the current one.
    ///
    /// The wait ends with the sheet it waits for: `didEndSheetNotification` says the window ended a sheet,
    /// and the sheet's `sheetParent` — "The parent window–sheet relationship … ends with the sheet's
    /// dismissal" — says whether it was that one. The window is looked at once AppKit has finished ending
    /// it, a turn of the main actor later; a sheet AppKit had queued behind it is waited for in turn.
    static func beginSheet(
        _ alert: NSAlert, on window: NSWindow, buttons: [RecoveryOption], answering slot: AnswerSlot
    ) {
        guard !slot.isFinished else { return }
        guard let shown = window.attachedSheet, alert.alertStyle != .critical else {
            slot.onFinish { if alert.window.sheetParent != nil { window.endSheet(alert.window) } }
            alert.beginSheetModal(for: window) { response in
                slot.answer(option(for: response, of: buttons))
            }
            return
        }
        let wait = SheetWait()
        wait.observer = NotificationCenter.default.addObserver(
            forName: NSWindow.didEndSheetNotification, object: window, queue: nil
        ) { _ in
            // AppKit ends sheets on the main thread, and posts this there.
            MainActor.assumeIsolated {
                guard wait.observer != nil else { return }
                Task { @MainActor in
                    guard wait.observer != nil, shown.sheetParent == nil else { return }
                    wait.stop()
                    beginSheet(alert, on: window, buttons: buttons, answering: slot)
                }
            }
        }
        slot.onFinish { wait.stop() }
    }
}

/// An alert's wait for a window without a sheet: the observer of the sheets the window ends.
@MainActor
final class SheetWait {
    var observer: (any NSObjectProtocol)?

    /// Stops observing; the wait is over.
    func stop() {
        if let observer { NotificationCenter.default.removeObserver(observer) }
        observer = nil
    }
}

/// The wait for the app to become active, as `NSApplication.didBecomeActiveNotification` tells.
@MainActor
final class ApplicationActivation {
    private var observer: (any NSObjectProtocol)?
    private var continuation: CheckedContinuation<Void, Never>?

    /// Returns once the app is active, or when the waiting task is cancelled.
    static func wait() async {
        let wait = ApplicationActivation()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard !Task.isCancelled, !NSApplication.shared.isActive else { return continuation.resume() }
                wait.continuation = continuation
                wait.observer = NotificationCenter.default.addObserver(
                    forName: NSApplication.didBecomeActiveNotification, object: nil, queue: nil
                ) { _ in
                    // AppKit posts it on the main thread.
                    MainActor.assumeIsolated { wait.finish() }
                }
            }
        } onCancel: {
            Task { @MainActor in wait.finish() }
        }
    }

    private func finish() {
        if let observer { NotificationCenter.default.removeObserver(observer) }
        observer = nil
        continuation?.resume()
        continuation = nil
    }
}
#endif
