#if canImport(UIKit) && !os(watchOS)
import Remedy
import UIKit

extension UIKitErrorPresenter {
    /// Whether banners carry their action: not while VoiceOver runs as the presenter is made, as a banner's
    /// action then goes after the root's banner duration, before a person navigating with VoiceOver may
    /// reach it. Without it, the root shows a minor error that has an action as an alert, which VoiceOver
    /// focuses at once and which stays until answered.
    static func showsBannerActions() -> Bool {
        !UIAccessibility.isVoiceOverRunning
    }

    /// Shows a banner in the window the error came from (or the presenter's, or the foreground scene's),
    /// announced to VoiceOver; it stays while VoiceOver's focus is in it.
    func showBanner(_ presentation: Presentation) async -> RecoveryOption? {
        UIAccessibility.post(notification: .announcement, argument: PresentationLayout.announcement(of: presentation))
        return await AnswerSlot.wait { slot in
            // Without a window it is announced only, and withdrawn on time all the same.
            guard let window = bannerWindow(for: presentation) else { return }
            let banner = BannerView(presentation: presentation) { slot.answer($0) }
            banner.show(in: window)
            slot.holdWithdrawal { release in banner.whenVoiceOverFocusLeaves(release) }
            slot.onFinish { banner.removeFromSuperview() }
        }
    }
}
#endif
