#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Remedy

extension AppKitErrorPresenter {
    // MARK: - App-modal alerts

    /// Shows an alert app-modally in a modal session of its own, which ends when the person presses a
    /// button or when the presentation is withdrawn.
    ///
    /// `runModal()` would block the main actor in AppKit's modal loop until a button is pressed, so a
    /// withdrawal (a timeout, a fatal error first, the scope closing) could not take the alert away. A modal
    /// session lets the alert's events be handled between the waits, as AppKit documents for
    /// `runModalSession(_:)`, and is ended when the wait is cancelled.
    func runAppModal(_ alert: NSAlert, buttons: [RecoveryOption]) async -> RecoveryOption? {
        guard !Task.isCancelled else { return nil }
        let application = NSApplication.shared
        alert.layout()
        let session = application.beginModalSession(for: alert.window)
        defer {
            application.endModalSession(session)
            alert.window.orderOut(nil)
        }
        // AppKit documents no way to be told that a modal session has events or that a button stopped it,
        // and its blocking forms (`runModal(for:)`, `nextEvent(matching:until:inMode:dequeue:)`) hold the
        // main actor, which a withdrawal needs to end the alert. So the session is run in a paced loop, as
        // `runModalSession(_:)`'s page asks: "frequently enough in your loop that the window remains
        // responsive", "not … in a tight loop". The clock paces it; only an active app without any window
        // gets here.
        while true {
            let response = application.runModalSession(session)
            if response != .continue { return Self.option(for: response, of: buttons) }
            do {
                try await clock.sleep(for: Self.modalSessionInterval)
            } catch {
                return nil  // Withdrawn.
            }
        }
    }
}
#endif
