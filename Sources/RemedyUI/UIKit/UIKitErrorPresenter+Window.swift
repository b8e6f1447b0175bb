#if canImport(UIKit) && !os(watchOS)
import Remedy
import UIKit

// Which window a presentation goes to: the one the error came from, else the presenter's own, else the key
// window of the scene in the foreground. `UIApplication.keyWindow` "should not be used for applications
// that support multiple scenes"; each scene has a key window of its own.

extension UIKitErrorPresenter {
    /// The window to present an alert or a route over; for a presenter above all windows, a new window of
    /// its own, hidden and released when `slot` is answered.
    func presentingWindow(for presentation: Presentation, answering slot: AnswerSlot) -> UIWindow? {
        if let origin = Self.originWindow(of: presentation) { return origin }
        switch host {
        case .window(let window) where Self.isOnScreen(window):
            return window
        case .aboveAll(let scene) where Self.isConnected(scene):
            return ownWindow(in: scene, answering: slot)
        case .window, .aboveAll, .foregroundScene:
            return foregroundKeyWindow()
        }
    }

    /// The window to show a banner in: an app's window, never one of the presenter's own, which leaves
    /// with its alert.
    func bannerWindow(for presentation: Presentation) -> UIWindow? {
        if let origin = Self.originWindow(of: presentation) { return origin }
        switch host {
        case .window(let window) where Self.isOnScreen(window):
            return window
        case .aboveAll(let scene) where Self.isConnected(scene):
            return appWindow(of: scene)
        case .window, .aboveAll, .foregroundScene:
            return foregroundKeyWindow()
        }
    }

    /// The window of the responder the error came from, while it is still on screen.
    static func originWindow(of presentation: Presentation) -> UIWindow? {
        let origin = ErrorTree(presentation.error).first(PresentedFromWindow.self)?.window.object as? UIWindow
        guard let origin, isOnScreen(origin) else { return nil }
        return origin
    }

    /// Whether a window can show anything: not hidden, and in a scene still connected (a window made
    /// without a scene, in an app without scenes, is on screen once shown).
    static func isOnScreen(_ window: UIWindow) -> Bool {
        !window.isHidden && (window.windowScene.map(isConnected) ?? true)
    }

    /// Whether a scene is still connected to the app: closed scenes leave `connectedScenes`.
    static func isConnected(_ scene: UIScene) -> Bool {
        scene.activationState != .unattached && UIApplication.shared.connectedScenes.contains { $0 === scene }
    }

    /// The key window of the scene in the foreground and active, else of one in the foreground at all.
    func foregroundKeyWindow() -> UIWindow? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        let scene =
            scenes.first { $0.activationState == .foregroundActive }
            ?? scenes.first { $0.activationState == .foregroundInactive }
        return scene.flatMap(appWindow(of:))
    }

    /// A scene's key window, else its first visible one; never a window of the presenter's own.
    private func appWindow(of scene: UIWindowScene) -> UIWindow? {
        ([scene.keyWindow].compactMap { $0 } + scene.windows).first { window in
            !window.isHidden && !ownWindows.contains { $0 === window }
        }
    }

    /// A new window above all others of a scene, with a plain root controller to present from; hidden and
    /// released when `slot` is answered, and key meanwhile, so that the keyboard reaches the alert (Return
    /// chooses its preferred action).
    private func ownWindow(in scene: UIWindowScene, answering slot: AnswerSlot) -> UIWindow {
        let window = UIWindow(windowScene: scene)
        window.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.alert.rawValue + 1)
        window.rootViewController = UIViewController()
        let previousKeyWindow = scene.keyWindow
        window.makeKeyAndVisible()
        ownWindows.append(window)
        // Added first, so it runs last: once the alert presented from the window is gone.
        slot.onFinish { [weak self] in
            window.isHidden = true
            if scene.keyWindow === window, let previousKeyWindow, !previousKeyWindow.isHidden {
                previousKeyWindow.makeKey()
            }
            self?.ownWindows.removeAll { $0 === window }
        }
        return window
    }
}
#endif
