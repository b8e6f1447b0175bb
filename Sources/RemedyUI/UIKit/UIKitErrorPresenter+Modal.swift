#if canImport(UIKit) && !os(watchOS)
import Remedy
import UIKit

// How an alert or a route gets on screen and off it again: presented from a host controller, checked that
// UIKit accepted it, tried again after a transition that refused it, and answered at once when it is taken
// away under the presenter's feet.

extension UIKitErrorPresenter {
    /// How often a refused presentation is tried again, each time after the transition that refused it.
    static let presentationAttempts = 3

    /// Presents `controller` (an alert or a route) over the top of `window`, and takes it away when `slot` is
    /// answered.
    ///
    /// The controller is presented from a ``PresentationHost``, presented over the window's top-most
    /// controller: the host's `viewDidAppear(_:)` says the host is on screen (the alert is presented from it
    /// then), its `viewDidDisappear(_:)` that it has gone, and `slot` is answered with `nil` at once — the
    /// app dismissed the screen the alert was on, or its scene was closed.
    func showModally(_ controller: UIViewController, in window: UIWindow, answering slot: AnswerSlot) {
        let host = PresentationHost()
        host.modalPresentationStyle = .overFullScreen
        host.view.backgroundColor = .clear
        host.onAppear = { [weak host] in
            guard let host else { return }
            host.present(controller, animated: true)
            // The host presents nothing else and has finished its own transition; a refusal here would
            // leave nothing to wait for.
            if controller.presentingViewController == nil { slot.answer(nil) }
        }
        host.onDisappear = { slot.answer(nil) }
        slot.onFinish(reportingDone: takeAway(host, from: window))
        slot.onFinish(Self.answerWhenClosed(window.windowScene, slot))
        present(host, in: window, answering: slot, attemptsLeft: Self.presentationAttempts)
    }

    /// Presents the host from the top of the window, and checks that UIKit took it: a presentation that
    /// UIKit accepted has its `presentingViewController` set. UIKit refuses to present from a controller
    /// that is being presented or dismissed (the app dismissing its editor as the error arrives); then the
    /// host is presented again once that transition has ended, from the controller on top then.
    private func present(
        _ host: PresentationHost, in window: UIWindow, answering slot: AnswerSlot, attemptsLeft: Int
    ) {
        guard !slot.isFinished else { return }
        guard let top = Self.topViewController(of: window) else { return slot.answer(nil) }
        top.present(host, animated: false)
        if host.presentingViewController != nil { return }
        let transition = Self.transitionUnderWay(from: top)
        let waits =
            attemptsLeft > 1
            && transition?.animate(alongsideTransition: nil) { [weak self] _ in
                self?.present(host, in: window, answering: slot, attemptsLeft: attemptsLeft - 1)
            } == true
        // Refused with no transition to wait for: the presentation can't happen, so it is answered now
        // rather than at the root's presenter timeout.
        if !waits { slot.answer(nil) }
    }

    /// The coordinator of a presentation or dismissal under way at `top` or below it.
    private static func transitionUnderWay(from top: UIViewController) -> (any UIViewControllerTransitionCoordinator)? {
        var controller: UIViewController? = top
        while let current = controller {
            if let coordinator = current.transitionCoordinator { return coordinator }
            controller = current.presentingViewController
        }
        return nil
    }

    /// Takes the host, and what it presents, away; `done` runs once they are gone.
    ///
    /// A transition of the host's own (the alert still appearing, or leaving after a tap) ends first: UIKit
    /// starts no second transition meanwhile. Dismissing the host dismisses what it presents with it. A host
    /// that isn't presented (refused, or removed by the app), or whose scene was closed, is gone already.
    private func takeAway(_ host: PresentationHost, from window: UIWindow) -> AnswerSlot.TakeAway {
        { [weak self] done in
            host.onAppear = nil
            host.onDisappear = nil
            guard host.presentingViewController != nil, Self.isOnScreen(window) else { return done() }
            self?.dismissalsUnderWay += 1
            let ended: @MainActor () -> Void = { [weak self] in
                done()
                self?.dismissalEnded()
            }
            let dismissHost: @MainActor () -> Void = {
                guard let presenting = host.presentingViewController else { return ended() }
                // The host is clear: once what it presented has gone, it leaves without an animation.
                presenting.dismiss(animated: host.presentedViewController != nil) { ended() }
            }
            let waits = host.transitionCoordinator?.animate(alongsideTransition: nil) { _ in dismissHost() } ?? false
            if !waits { dismissHost() }
        }
    }

    /// Answers `slot` with `nil` when the scene is closed (UIKit posts `UIScene.didDisconnectNotification`),
    /// and returns the step that stops listening.
    static func answerWhenClosed(_ scene: UIWindowScene?, _ slot: AnswerSlot) -> @MainActor () -> Void {
        guard let scene else { return {} }
        let observer = NotificationCenter.default.addObserver(
            forName: UIScene.didDisconnectNotification, object: scene, queue: nil
        ) { _ in
            // UIKit disconnects scenes on the main thread, and posts this there.
            MainActor.assumeIsolated { slot.answer(nil) }
        }
        return { NotificationCenter.default.removeObserver(observer) }
    }

    /// The view controller on top of a window: its root, followed up through what each presents.
    static func topViewController(of window: UIWindow) -> UIViewController? {
        var top = window.rootViewController
        while let presented = top?.presentedViewController {
            top = presented
        }
        return top
    }
}
#endif
