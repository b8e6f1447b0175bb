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
    /// How many of this presenter's controllers are being dismissed, and who waits for them to be gone.
    private var dismissalsUnderWay = 0
    private var dismissalWaiters: [CheckedContinuation<Void, Never>] = []

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
        await dismissalsEnded()
        return await AnswerSlot.wait { slot in
            let alert = Self.alertController(for: presentation, answering: slot)
            guard let presenting = presentingViewController(for: slot) else { return slot.answer(nil) }
            slot.onFinish(reportingDone: dismissal(of: alert))
            presenting.present(alert, animated: true)
        }
    }

    /// Takes a presented controller away once it is gone: a withdrawn one is dismissed here, with
    /// animation; one that UIKit is dismissing already (after a tap) is waited for through its transition
    /// coordinator. Either way the answer comes with the end of the dismissal.
    private func dismissal(of controller: UIViewController) -> AnswerSlot.TakeAway {
        { [weak self] done in
            guard controller.presentingViewController != nil else { return done() }
            self?.dismissalsUnderWay += 1
            let ended: @MainActor () -> Void = { [weak self] in
                done()
                self?.dismissalEnded()
            }
            guard controller.isBeingDismissed else { return controller.dismiss(animated: true) { ended() } }
            let waits = controller.transitionCoordinator?.animate(alongsideTransition: nil) { _ in ended() } ?? false
            if !waits { ended() }
        }
    }

    private func dismissalEnded() {
        dismissalsUnderWay -= 1
        guard dismissalsUnderWay == 0 else { return }
        let waiters = dismissalWaiters
        dismissalWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no controller of this presenter is being dismissed. UIKit refuses to present from a
    /// controller that is still dismissing another, and the root's scheduler shows the next presentation as
    /// soon as it withdrew the last one, while its alert is still animating away.
    private func dismissalsEnded() async {
        while dismissalsUnderWay > 0 {
            await withCheckedContinuation { dismissalWaiters.append($0) }
        }
    }

    // MARK: - Routes

    private func showRoute(_ presentation: Presentation, _ makeRoute: RouteMaker) async -> RecoveryOption? {
        await dismissalsEnded()
        return await AnswerSlot.wait { slot in
            let route = makeRoute(presentation) { slot.answer($0) }
            guard let presenting = presentingViewController(for: slot) else { return slot.answer(nil) }
            // Over the current screen, which stays in place below: nothing that failed is torn down.
            route.modalPresentationStyle = .overFullScreen
            slot.onFinish(reportingDone: dismissal(of: route))
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
            slot.onFinish { banner.removeFromSuperview() }
        }
    }

    private var bannerWindow: UIWindow? {
        switch host {
        case .window(let window): window
        case .aboveAll(let scene):
            // Not a window of the presenter's own: it leaves with its alert.
            ([scene.keyWindow].compactMap { $0 } + scene.windows).first { window in
                !window.isHidden && !ownWindows.contains { $0 === window }
            }
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
            // Key, so that the keyboard reaches the alert (Return chooses its preferred action).
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
