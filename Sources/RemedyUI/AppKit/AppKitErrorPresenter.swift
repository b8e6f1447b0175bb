#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Remedy

/// Shows presentations with `NSAlert`: as a sheet on the key window when there is one, else app-modal.
///
/// ```swift
/// let root = ErrorScope.root(presenter: AppKitErrorPresenter())
/// ```
///
/// The recommended option is the first button, AppKit's default button (Return); the cancel option is
/// last and answers Escape; a destructive option is marked as such and is never the default. Critical
/// errors get the critical alert style. AppKit has no transient banner: a minor error is an informational
/// sheet that the root's scheduler takes away after ``ErrorScope/Configuration/bannerDuration``, and,
/// without a key window, it is only announced to VoiceOver rather than interrupting the person with a
/// modal alert.
@MainActor
public final class AppKitErrorPresenter: ErrorPresenter {
    private let fixedWindow: NSWindow?
    private let clock: any Clock<Duration>

    /// How often an app-modal alert's modal session handles its events: AppKit's `runModalSession(_:)`
    /// returns when there are none, and wants to be called often enough that the alert stays responsive.
    static let modalSessionInterval = Duration.milliseconds(15)

    /// Alerts and banners with actions; critical errors are shown as alerts.
    public nonisolated var capabilities: PresenterCapabilities { [.alerts, .bannerActions] }

    /// Creates a presenter.
    ///
    /// - Parameters:
    ///   - window: The window whose sheet shows alerts; `nil` uses the key window of the moment, or an
    ///     app-modal alert when no window is key.
    ///   - clock: The clock that paces an app-modal alert's modal session; tests inject their own.
    public init(window: NSWindow? = nil, clock: any Clock<Duration> = ContinuousClock()) {
        self.fixedWindow = window
        self.clock = clock
    }

    /// Shows a presentation and answers with the person's choice, or `nil` when it was withdrawn.
    ///
    /// - Parameter presentation: What to show.
    /// - Returns: The chosen option, or `nil`.
    public func present(_ presentation: Presentation) async throws -> RecoveryOption? {
        let buttons = PresentationLayout.appKitButtonOrder(of: presentation.options)
        let alert = Self.alert(for: presentation, buttons: buttons)
        guard let window = fixedWindow ?? NSApplication.shared.keyWindow else {
            if presentation.style == .banner {
                NSAccessibility.post(
                    element: NSApplication.shared,
                    notification: .announcementRequested,
                    userInfo: [.announcement: PresentationLayout.announcement(of: presentation)]
                )
                return nil
            }
            return await runAppModal(alert, buttons: buttons)
        }
        return await AnswerSlot.wait { slot in
            Self.beginSheet(alert, on: window, buttons: buttons, answering: slot)
        }
    }

    // MARK: - Sheets

    /// Begins the alert's sheet on a window, or, when the window already shows a sheet (a Save panel, the
    /// app's own), waits until it has none.
    ///
    /// AppKit would queue a second sheet and show it when the first ends; a withdrawn alert would then still
    /// come up later, after its callers were answered, and AppKit documents no way to take a sheet out of its
    /// queue. So the alert waits here, where a withdrawal simply ends the wait. A critical alert doesn't
    /// wait: AppKit shows it as a critical sheet, on top of the current one.
    static func beginSheet(
        _ alert: NSAlert, on window: NSWindow, buttons: [RecoveryOption], answering slot: AnswerSlot
    ) {
        guard window.attachedSheet == nil || alert.alertStyle == .critical else {
            let wait = SheetWait()
            wait.observer = NotificationCenter.default.addObserver(
                forName: NSWindow.didEndSheetNotification, object: window, queue: nil
            ) { _ in
                // AppKit ends sheets on the main thread, and posts this there.
                MainActor.assumeIsolated {
                    guard wait.observer != nil, window.attachedSheet == nil else { return }
                    wait.stop()
                    beginSheet(alert, on: window, buttons: buttons, answering: slot)
                }
            }
            slot.onFinish { wait.stop() }
            return
        }
        slot.onFinish { if alert.window.sheetParent != nil { window.endSheet(alert.window) } }
        alert.beginSheetModal(for: window) { response in
            slot.answer(option(for: response, of: buttons))
        }
    }

    // MARK: - App-modal alerts

    /// Shows an alert app-modally in a modal session of its own, which ends when the person presses a
    /// button or when the presentation is withdrawn.
    ///
    /// `runModal()` would block the main actor in AppKit's modal loop until a button is pressed, so a
    /// withdrawal (a timeout, a fatal error first, the scope closing) could not take the alert away. A modal
    /// session lets the alert's events be handled between the waits, as AppKit documents for
    /// `runModalSession(_:)`, and is ended when the wait is cancelled.
    private func runAppModal(_ alert: NSAlert, buttons: [RecoveryOption]) async -> RecoveryOption? {
        guard !Task.isCancelled else { return nil }
        let application = NSApplication.shared
        alert.layout()
        let session = application.beginModalSession(for: alert.window)
        defer {
            application.endModalSession(session)
            alert.window.orderOut(nil)
        }
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

    /// The alert of a presentation, its buttons added in `buttons`' order.
    static func alert(for presentation: Presentation, buttons: [RecoveryOption]) -> NSAlert {
        let alert = NSAlert()
        alert.messageText = presentation.title
        alert.informativeText = PresentationLayout.body(of: presentation)
        alert.alertStyle =
            switch presentation.severity {
            case .minor: .informational
            case .major: .warning
            case .critical, .fatal: .critical
            }
        for option in buttons {
            let button = alert.addButton(withTitle: option.title)
            switch option.role {
            case .cancel: button.keyEquivalent = "\u{1b}"
            case .destructive: button.hasDestructiveAction = true
            case .normal, .recommended: break
            }
        }
        return alert
    }

    /// The option of the button an alert ended with; `nil` for a response that is no button's.
    static func option(for response: NSApplication.ModalResponse, of buttons: [RecoveryOption]) -> RecoveryOption? {
        let index = response.rawValue - NSApplication.ModalResponse.alertFirstButtonReturn.rawValue
        return buttons.indices.contains(index) ? buttons[index] : nil
    }
}
/// An alert's wait for a window without a sheet: the observer of the sheets the window ends.
@MainActor
private final class SheetWait {
    var observer: (any NSObjectProtocol)?

    /// Stops observing; the wait is over.
    func stop() {
        if let observer { NotificationCenter.default.removeObserver(observer) }
        observer = nil
    }
}
#endif
