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

    /// Alerts and banners with actions; critical errors are shown as alerts.
    public nonisolated var capabilities: PresenterCapabilities { [.alerts, .bannerActions] }

    /// Creates a presenter.
    ///
    /// - Parameter window: The window whose sheet shows alerts; `nil` uses the key window of the moment,
    ///   or an app-modal alert when no window is key.
    public init(window: NSWindow? = nil) {
        self.fixedWindow = window
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
            // App-modal: AppKit runs the alert in a modal loop of its own and returns the button pressed.
            return Self.option(for: alert.runModal(), of: buttons)
        }
        return await AnswerSlot.wait { slot in
            alert.beginSheetModal(for: window) { response in
                slot.answer(Self.option(for: response, of: buttons))
            }
            slot.onFinish {
                if alert.window.sheetParent != nil { window.endSheet(alert.window) }
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
#endif
