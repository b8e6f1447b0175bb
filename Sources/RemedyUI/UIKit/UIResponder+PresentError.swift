#if canImport(UIKit) && !os(watchOS)
import Remedy
import UIKit

/// A responder that looks at errors travelling up the responder chain before they are presented.
///
/// Adopt it in a view, a view controller or the app delegate to replace an error with a clearer one,
/// enrich it with context, or swallow it:
///
/// ```swift
/// extension CheckoutViewController: ErrorPresentingResponder {
///     func willPresentError(_ error: any Error) -> (any Error)? {
///         ContextError("Paying for the order", wrapping: error)
///     }
/// }
/// ```
@MainActor
public protocol ErrorPresentingResponder: AnyObject {
    /// Returns the error to pass on up the chain: the same one, another one, or `nil` to swallow it (it is
    /// then neither presented nor logged by Remedy; the responder has taken care of it).
    ///
    /// - Parameter error: The error as it arrives from the responders below.
    /// - Returns: The error to pass on, or `nil`.
    func willPresentError(_ error: any Error) -> (any Error)?
}

extension UIResponder {
    /// Presents an error from this responder: it travels up the responder chain (`next`) to the
    /// application, and is then handled by the nearest responder's ``ErrorScope``, whose rules lead on to
    /// the app's root scope and its presenter.
    ///
    /// Every responder on the way that adopts ``ErrorPresentingResponder`` sees it first, from this one up,
    /// and may replace, enrich or swallow it. The error is shown in this responder's window (its scene's),
    /// by a ``UIKitErrorPresenter``, rather than in whichever scene is in front.
    ///
    /// ```swift
    /// do { try await store.save(note) } catch { presentError(error) }
    /// ```
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - completion: Called with how the handling ended, or with `nil` when a responder swallowed the
    ///     error or no responder on the chain provides a scope.
    public func presentError(_ error: any Error, completion: (@MainActor (HandlingOutcome?) -> Void)? = nil) {
        var error = error
        var scope: ErrorScope?
        var window: UIWindow?
        var responder: UIResponder? = self
        while let current = responder {
            if window == nil { window = Self.window(of: current) }
            if let hook = current as? any ErrorPresentingResponder {
                guard let passedOn = hook.willPresentError(error) else {
                    completion?(nil)
                    return
                }
                error = passedOn
            }
            if scope == nil, let provider = current as? any ErrorScopeProvidingResponder {
                scope = provider.errorScope
            }
            responder = current.next
        }
        if let window { error = PresentedFromWindow(error: error, window: WeakWindow(window)) }
        ResponderChainHandling.handle(error, in: scope, completion: completion)
    }

    /// The window a responder is shown in: a view's, a view controller's view's, a scene's key window.
    private static func window(of responder: UIResponder) -> UIWindow? {
        switch responder {
        case let window as UIWindow: window
        case let view as UIView: view.window
        case let controller as UIViewController: controller.viewIfLoaded?.window
        case let scene as UIWindowScene: scene.keyWindow
        default: nil
        }
    }
}
#endif
