#if canImport(UIKit) && !os(watchOS)
import Remedy
import UIKit

/// Shows presentations with UIKit: alerts, banners, and an app-provided screen for critical errors.
///
/// By default it presents in the window an error came from (``UIKit/UIResponder/presentError(_:completion:)``
/// passes the responder's window along), else in the key window of the scene in the foreground and active:
///
/// ```swift
/// let root = ErrorScope.root(presenter: UIKitErrorPresenter())
/// ```
///
/// Given a window, it presents there unless the error came from another one; given a window scene, from a
/// window of its own above all others of that scene (for code that has no view controller at hand). When
/// that window's scene is closed, the next presentation goes to the foreground scene.
///
/// - An alert is a `UIAlertController` over the window's top-most view controller. Each option becomes an
///   action whose style follows its role (cancel, destructive, default); the recommended option is the
///   `preferredAction`.
/// - A banner (minor errors) sits above the safe area's bottom edge and the keyboard, in Dynamic Type, is
///   announced to VoiceOver, carries at most one action and goes away when the root's scheduler withdraws
///   it, after ``ErrorScope/Configuration/bannerDuration`` on the root's clock — not while VoiceOver's focus
///   is on it. With Reduce Motion it fades in rather than sliding. While VoiceOver runs (as the presenter is
///   made), a minor error with an action is an alert instead, so that its action doesn't leave before
///   VoiceOver reaches it.
/// - A route (critical errors) is a view controller the app makes, presented over the current screen
///   without dismissing it. It answers through the function it is given. Without a route maker, critical
///   errors are shown as alerts.
///
/// Each presentation is checked to have happened. UIKit refuses to present while another presentation or
/// dismissal is under way (the app dismissing its editor as the error arrives); the presenter then presents
/// again once that transition has ended. An alert whose screen the app dismisses, or whose scene is closed,
/// is answered at once, as dismissed. The root's ``ErrorScope/Configuration/presenterTimeout`` is then left
/// for what only a person ends: an alert nobody answers, a route that never calls back.
@MainActor
public final class UIKitErrorPresenter: ErrorPresenter {
    /// Makes the screen of a critical error; it calls `answer` with the chosen option (or `nil`) when done.
    public typealias RouteMaker =
        @MainActor (
            _ presentation: Presentation, _ answer: @escaping @MainActor (RecoveryOption?) -> Void
        ) -> UIViewController

    enum Host {
        case window(UIWindow)
        case aboveAll(UIWindowScene)
        case foregroundScene
    }

    let host: Host
    private let makeRoute: RouteMaker?
    /// The windows of their own that are showing, kept alive until their presentation is answered.
    var ownWindows: [UIWindow] = []
    /// How many of this presenter's controllers are being dismissed, and who waits for them to be gone.
    var dismissalsUnderWay = 0
    private var dismissalWaiters: [CheckedContinuation<Void, Never>] = []

    /// Alerts and banners with actions; routes when a route maker was given.
    public nonisolated let capabilities: PresenterCapabilities

    /// Creates a presenter that presents in the window each error came from, else in the key window of the
    /// scene in the foreground and active.
    ///
    /// - Parameter route: Makes the screen for critical errors; `nil` shows them as alerts.
    public convenience init(route: RouteMaker? = nil) {
        self.init(host: .foregroundScene, route: route)
    }

    /// Creates a presenter that presents from the top-most view controller of a window, unless an error came
    /// from another window.
    ///
    /// - Parameters:
    ///   - window: The window, usually the app's main one.
    ///   - route: Makes the screen for critical errors; `nil` shows them as alerts.
    public convenience init(window: UIWindow, route: RouteMaker? = nil) {
        self.init(host: .window(window), route: route)
    }

    /// Creates a presenter that presents from a window of its own, above every other window of a scene.
    ///
    /// - Parameters:
    ///   - windowScene: The scene the window belongs to.
    ///   - route: Makes the screen for critical errors; `nil` shows them as alerts.
    public convenience init(windowScene: UIWindowScene, route: RouteMaker? = nil) {
        self.init(host: .aboveAll(windowScene), route: route)
    }

    private init(host: Host, route: RouteMaker?) {
        self.host = host
        self.makeRoute = route
        var capabilities: PresenterCapabilities = route == nil ? [.alerts, .bannerActions] : .all
        if !Self.showsBannerActions() { capabilities.remove(.bannerActions) }
        self.capabilities = capabilities
    }

    /// Shows a presentation and answers with the person's choice, or `nil` when it was withdrawn or could
    /// not be shown (no window, a scene closed under it).
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
            guard let window = presentingWindow(for: presentation, answering: slot) else { return slot.answer(nil) }
            showModally(alert, in: window, answering: slot)
        }
    }

    func dismissalEnded() {
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
            guard let window = presentingWindow(for: presentation, answering: slot) else { return slot.answer(nil) }
            // Over the current screen, which stays in place below: nothing that failed is torn down.
            route.modalPresentationStyle = .overFullScreen
            showModally(route, in: window, answering: slot)
        }
    }
}
#endif
