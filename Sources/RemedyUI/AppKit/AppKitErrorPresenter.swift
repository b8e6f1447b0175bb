#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Remedy

/// Shows presentations with `NSAlert`, as a sheet of the window an error belongs to.
///
/// ```swift
/// let root = ErrorScope.root(presenter: AppKitErrorPresenter())
/// ```
///
/// The window is the one the error came from (``AppKit/NSResponder/presentError(_:completion:)`` passes
/// the responder's window along), else the one given, else the key or main window of the app. While the
/// app is inactive, `NSApplication.keyWindow` is `nil`: the alert waits until the person comes back to the
/// app (its Dock icon bounces once meanwhile), rather than appearing app-modal over nothing. When that
/// window shows a sheet already (the key window *is* the sheet then: a sheet becomes key), the alert waits
/// for the sheet of that window to end, then comes up on the window itself.
///
/// The recommended option is the first button, AppKit's default button (Return); the cancel option is
/// last and answers Escape; a destructive option is marked as such and is never the default. Critical
/// errors get the critical alert style and go over a sheet that is shown. A minor error is a banner inside
/// the window, at the bottom of its content, which never takes the keyboard focus from what the person is
/// doing; it is announced to VoiceOver and goes after ``ErrorScope/Configuration/bannerDuration``. Only an
/// active app without any window shows an app-modal alert.
@MainActor
public final class AppKitErrorPresenter: ErrorPresenter {
    let fixedWindow: NSWindow?
    let clock: any Clock<Duration>

    /// How often an app-modal alert's modal session handles its events (see ``runAppModal(_:buttons:)``).
    static let modalSessionInterval = Duration.milliseconds(15)

    /// Alerts and banners with actions; critical errors are shown as alerts.
    public nonisolated var capabilities: PresenterCapabilities { [.alerts, .bannerActions] }

    /// Creates a presenter.
    ///
    /// - Parameters:
    ///   - window: The window whose sheet shows alerts unless an error came from another window; `nil`
    ///     uses the key or main window of the app.
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
        if presentation.style == .banner { return await showBanner(presentation) }
        let buttons = PresentationLayout.appKitButtonOrder(of: presentation.options)
        let alert = Self.alert(for: presentation, buttons: buttons)
        guard let window = await window(for: presentation) else {
            if Task.isCancelled { return nil }
            return await runAppModal(alert, buttons: buttons)
        }
        return await AnswerSlot.wait { slot in
            Self.beginSheet(alert, on: window, buttons: buttons, answering: slot)
        }
    }

    // MARK: - Which window

    /// The window to show an alert on: the error's own, or the presenter's, or, once the app is active,
    /// its key or main window; always the window a sheet belongs to, never the sheet. `nil` for an active
    /// app without windows, or when the wait for the app to become active was withdrawn.
    func window(for presentation: Presentation) async -> NSWindow? {
        if let window = Self.originWindow(of: presentation) ?? fixedWindow { return Self.sheetOwner(of: window) }
        let application = NSApplication.shared
        if !application.isActive {
            application.requestUserAttention(.informationalRequest)
            await ApplicationActivation.wait()
        }
        guard !Task.isCancelled else { return nil }
        return (application.keyWindow ?? application.mainWindow).map(Self.sheetOwner(of:))
    }

    /// The window of the responder the error came from, while it is on screen.
    static func originWindow(of presentation: Presentation) -> NSWindow? {
        let origin = ErrorTree(presentation.error).first(PresentedFromWindow.self)?.window.object as? NSWindow
        return origin?.isVisible == true ? origin : nil
    }

    /// The window a sheet belongs to (`sheetParent`, followed down), or the window itself.
    static func sheetOwner(of window: NSWindow) -> NSWindow {
        var owner = window
        while let parent = owner.sheetParent { owner = parent }
        return owner
    }

    // MARK: - Alerts

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
#endif
