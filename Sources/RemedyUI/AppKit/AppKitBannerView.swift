#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Remedy
import SwiftUI

/// A banner inside a window, at the bottom of its content: the title and message, and at most one button.
///
/// It is a view of the window, not a sheet or a window of its own, and it never takes the keyboard focus:
/// the window stays key, Return and Escape keep going to what the person is doing, and the button is left
/// out of the key view loop. VoiceOver announces it as it appears.
final class AppKitBannerView: NSHostingView<AppKitBannerContent> {
    override var acceptsFirstResponder: Bool { false }

    /// Puts the banner at the bottom of a window's content, across its width.
    func show(in window: NSWindow) {
        guard let content = window.contentView else { return }
        let margin: CGFloat = 16
        frame = CGRect(x: margin, y: margin, width: max(content.frame.width - 2 * margin, 0), height: 56)
        autoresizingMask = [.width, .maxYMargin]
        content.addSubview(self)
    }
}

/// What the Mac banner shows.
struct AppKitBannerContent: View {
    let text: String
    let action: RecoveryOption?
    let answer: @MainActor (RecoveryOption) -> Void

    var body: some View {
        HStack {
            Text(text)
            if let action {
                Button(action.title) { answer(action) }
                    .focusable(false)
            }
        }
        .padding()
        .background(.regularMaterial)
    }
}

extension AppKitErrorPresenter {
    /// Shows a minor error as a banner in the error's window, the presenter's, or the app's frontmost one,
    /// even while the app is inactive (the person finds it on coming back), and announces it to VoiceOver.
    func showBanner(_ presentation: Presentation) async -> RecoveryOption? {
        let announcement = PresentationLayout.announcement(of: presentation)
        NSAccessibility.post(
            element: NSApplication.shared, notification: .announcementRequested,
            userInfo: [.announcement: announcement]
        )
        return await AnswerSlot.wait { slot in
            let application = NSApplication.shared
            let window =
                Self.originWindow(of: presentation) ?? fixedWindow ?? application.keyWindow ?? application.mainWindow
                ?? application.orderedWindows.first { $0.isVisible && $0.sheetParent == nil }
            // Without a window it is announced only, and withdrawn on time all the same.
            guard let window = window.map(Self.sheetOwner(of:)) else { return }
            let content = AppKitBannerContent(
                text: announcement, action: PresentationLayout.bannerAction(of: presentation)
            ) { slot.answer($0) }
            let banner = AppKitBannerView(rootView: content)
            banner.show(in: window)
            slot.onFinish { banner.removeFromSuperview() }
        }
    }
}
#endif
