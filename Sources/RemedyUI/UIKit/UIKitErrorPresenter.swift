#if canImport(UIKit) && !os(watchOS)
import Remedy
import UIKit

/// Shows presentations with UIKit: alerts, banners, and an app-provided screen for critical errors.
///
/// Give it the window to present from, or a window scene to present from a window of its own above all
/// others (for code that has no view controller at hand):
///
/// ```swift
/// let presenter = UIKitErrorPresenter(window: window)
/// let root = ErrorScope.root(presenter: presenter)
/// ```
///
/// - An alert is a `UIAlertController` on the top-most view controller. Each option becomes an action
///   whose style follows its role (cancel, destructive, default); the recommended option is the
///   `preferredAction`.
/// - A banner (minor errors) appears at the bottom of the window, is announced to VoiceOver, carries at
///   most one action and goes away when the root's scheduler withdraws it, after
///   ``ErrorScope/Configuration/bannerDuration`` on the root's clock.
/// - A route (critical errors) is a view controller the app makes, presented over the current screen
///   without dismissing it. It answers through the function it is given. Without a route maker, critical
///   errors are shown as alerts.
@MainActor
public final class UIKitErrorPresenter: ErrorPresenter {
    /// Makes the screen of a critical error; it calls `answer` with the chosen option (or `nil`) when done.
    public typealias RouteMaker =
        @MainActor (
            _ presentation: Presentation, _ answer: @escaping @MainActor (RecoveryOption?) -> Void
        ) -> UIViewController

    private enum Host {
        case window(UIWindow)
        case aboveAll(UIWindowScene)
    }

    private let host: Host
    private let makeRoute: RouteMaker?
    /// The windows of their own that are showing, kept alive until their presentation is answered.
    private var ownWindows: [UIWindow] = []

    /// Alerts and banners with actions; routes when a route maker was given.
    public nonisolated let capabilities: PresenterCapabilities

    /// Creates a presenter that presents from the top-most view controller of a window.
    ///
    /// - Parameters:
    ///   - window: The window, usually the app's main one.
    ///   - route: Makes the screen for critical errors; `nil` shows them as alerts.
    public init(window: UIWindow, route: RouteMaker? = nil) {
        self.host = .window(window)
        self.makeRoute = route
        self.capabilities = route == nil ? [.alerts, .bannerActions] : .all
    }

    /// Creates a presenter that presents from a window of its own, above every other window of a scene.
    ///
    /// - Parameters:
    ///   - windowScene: The scene the window belongs to.
    ///   - route: Makes the screen for critical errors; `nil` shows them as alerts.
    public init(windowScene: UIWindowScene, route: RouteMaker? = nil) {
        self.host = .aboveAll(windowScene)
        self.makeRoute = route
        self.capabilities = route == nil ? [.alerts, .bannerActions] : .all
    }

    /// Shows a presentation and answers with the person's choice, or `nil` when it was withdrawn.
    ///
    /// - Parameter presentation: What to show.
    /// - Returns: The chosen option, or `nil`.
    public func present(_ presentation: Presentation) async throws -> RecoveryOption? {
        switch presentation.style {
        case .banner:
            return await showBanner(presentation)
        case .route:
            if let makeRoute { return await showRoute(presentation, makeRoute) }
            return await showAlert(presentation)
        case .alert:
            return await showAlert(presentation)
        }
    }

    // MARK: - Alerts

    /// The alert controller for a presentation; each action answers `slot` with its option.
    static func alertController(for presentation: Presentation, answering slot: AnswerSlot) -> UIAlertController {
        let alert = UIAlertController(
            title: presentation.title,
            message: PresentationLayout.body(of: presentation),
            preferredStyle: .alert
        )
        for option in presentation.options {
            let action = UIAlertAction(title: option.title, style: actionStyle(for: option.role)) { _ in
                slot.answer(option)
            }
            alert.addAction(action)
            if option.role == .recommended { alert.preferredAction = action }
        }
        return alert
    }

    /// The action style of a role: cancel and destructive keep theirs, the others are default actions.
    static func actionStyle(for role: RecoveryOption.Role) -> UIAlertAction.Style {
        switch role {
        case .cancel: .cancel
        case .destructive: .destructive
        case .normal, .recommended: .default
        }
    }

    private func showAlert(_ presentation: Presentation) async -> RecoveryOption? {
        await AnswerSlot.wait { slot in
            let alert = Self.alertController(for: presentation, answering: slot)
            guard let presenting = presentingViewController(for: slot) else { return slot.answer(nil) }
            let onFinish = slot.onFinish
            slot.onFinish = {
                // After a tap UIKit has dismissed the alert already; this is for a withdrawal.
                if alert.presentingViewController != nil, !alert.isBeingDismissed { alert.dismiss(animated: true) }
                onFinish?()
            }
            presenting.present(alert, animated: true)
        }
    }

    // MARK: - Routes

    private func showRoute(_ presentation: Presentation, _ makeRoute: RouteMaker) async -> RecoveryOption? {
        await AnswerSlot.wait { slot in
            let route = makeRoute(presentation) { slot.answer($0) }
            guard let presenting = presentingViewController(for: slot) else { return slot.answer(nil) }
            // Over the current screen, which stays in place below: nothing that failed is torn down.
            route.modalPresentationStyle = .overFullScreen
            let onFinish = slot.onFinish
            slot.onFinish = {
                route.dismiss(animated: true)
                onFinish?()
            }
            presenting.present(route, animated: true)
        }
    }

    // MARK: - Banners

    private func showBanner(_ presentation: Presentation) async -> RecoveryOption? {
        UIAccessibility.post(notification: .announcement, argument: PresentationLayout.announcement(of: presentation))
        return await AnswerSlot.wait { slot in
            guard let window = bannerWindow else { return }  // Announced only; withdrawn on time all the same.
            let banner = BannerView(presentation: presentation, in: window.bounds) { slot.answer($0) }
            window.addSubview(banner)
            slot.onFinish = { banner.removeFromSuperview() }
        }
    }

    private var bannerWindow: UIWindow? {
        switch host {
        case .window(let window): window
        case .aboveAll(let scene): scene.keyWindow
        }
    }

    // MARK: - Where to present from

    /// The view controller to present from: the top-most one of the given window, or the root of a new
    /// window above all others, which is hidden and released when `slot` is answered.
    private func presentingViewController(for slot: AnswerSlot) -> UIViewController? {
        switch host {
        case .window(let window):
            return Self.topViewController(of: window)
        case .aboveAll(let scene):
            let window = UIWindow(windowScene: scene)
            window.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.alert.rawValue + 1)
            let root = UIViewController()
            window.rootViewController = root
            window.isHidden = false
            ownWindows.append(window)
            slot.onFinish = { [weak self] in
                window.isHidden = true
                self?.ownWindows.removeAll { $0 === window }
            }
            return root
        }
    }

    /// The view controller on top of a window: its root, followed up through what each presents.
    static func topViewController(of window: UIWindow) -> UIViewController? {
        var top = window.rootViewController
        while let presented = top?.presentedViewController, !presented.isBeingDismissed {
            top = presented
        }
        return top
    }
}
#endif
