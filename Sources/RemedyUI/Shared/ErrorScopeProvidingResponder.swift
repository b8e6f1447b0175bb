#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
import Remedy

/// A responder that owns an ``ErrorScope``: the app delegate with the root scope, or a screen with a child.
///
/// `presentError(_:completion:)` hands an error that travelled the responder chain to the scope of the
/// nearest responder adopting this protocol, on UIKit and AppKit alike.
@MainActor
public protocol ErrorScopeProvidingResponder: AnyObject {
    /// The scope errors reaching this responder are handled in.
    var errorScope: ErrorScope { get }
}

/// The end of `presentError(_:completion:)` on UIKit and AppKit: one path into the scope, which logs the
/// error, applies its rules and has the root's presenter show it.
enum ResponderChainHandling {
    /// Hands the error to the scope found on the chain and reports how the handling ended, or `nil` when no
    /// responder provides a scope.
    @MainActor
    static func handle(
        _ error: any Error, in scope: ErrorScope?, completion: (@MainActor (HandlingOutcome?) -> Void)?
    ) {
        guard let scope else {
            completion?(nil)
            return
        }
        let handling = scope.handle(error)
        guard let completion else { return }
        // Unstructured because the responder's caller can't wait; it ends when the handling does.
        Task { completion(await handling.value) }
    }
}
#endif
