#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Foundation
import Remedy

extension NSResponder {
    /// Presents an error from this responder: it travels AppKit's error-responder chain (`nextResponder`,
    /// then the application), and is then handled by the nearest responder's ``ErrorScope`` — or the app
    /// delegate's — whose rules lead on to the app's root scope and its presenter.
    ///
    /// Every responder on the way sees it first, from this one up, through AppKit's own
    /// `willPresentError(_:)`, and may replace or enrich it. The error is handled as on UIKit: logged when
    /// the scope receives it and with its outcome, passed through the scopes' rules, and shown by the root's
    /// presenter, such as ``AppKitErrorPresenter``.
    ///
    /// ```swift
    /// do { try document.export() } catch { presentError(error, completion: nil) }
    /// ```
    ///
    /// The completion has no default, so that `presentError(error)` keeps meaning AppKit's own method.
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - completion: Called with how the handling ended, or with `nil` when no responder on the chain
    ///     provides a scope.
    public func presentError(_ error: any Error, completion: (@MainActor (HandlingOutcome?) -> Void)?) {
        var error = error
        var scope: ErrorScope?
        var responder: NSResponder? = self
        var reachedApplication = false
        while let current = responder {
            error = current.willPresentError(error)
            if scope == nil, let provider = current as? any ErrorScopeProvidingResponder {
                scope = provider.errorScope
            }
            reachedApplication = reachedApplication || current === NSApplication.shared
            // The chain ends with the application, as AppKit's own does.
            responder = current.nextResponder ?? (reachedApplication ? nil : NSApplication.shared)
        }
        if scope == nil, let provider = NSApplication.shared.delegate as? any ErrorScopeProvidingResponder {
            scope = provider.errorScope
        }
        ResponderChainHandling.handle(error, in: scope, completion: completion)
    }

    /// The `NSError` AppKit presents for a presentation, for `presentError(_:)` and an `NSDocument`'s error
    /// sheets: the original error's domain, code and user info, with the presentation's texts under the
    /// localized keys, its options (in AppKit's button order) as recovery options, and an
    /// ``ErrorRecoveryAttempter`` that runs them.
    ///
    /// Keeping the domain and code lets `willPresentError(_:)` overrides tell errors apart as Apple advises
    /// ("always use the domain and error code of the NSError object").
    ///
    /// ```swift
    /// let presentation = ErrorResolver().presentation(for: error)
    /// window.presentError(NSResponder.bridgedError(for: presentation))
    /// ```
    ///
    /// - Parameter presentation: The presentation.
    /// - Returns: The error to hand to AppKit.
    public static func bridgedError(for presentation: Presentation) -> NSError {
        let original = presentation.error as NSError
        let options = PresentationLayout.appKitButtonOrder(of: presentation.options)
        var userInfo = original.userInfo
        userInfo[NSLocalizedDescriptionKey] = presentation.title
        userInfo[NSLocalizedRecoverySuggestionErrorKey] = PresentationLayout.body(of: presentation)
        userInfo[NSLocalizedRecoveryOptionsErrorKey] = options.map(\.title)
        userInfo[NSRecoveryAttempterErrorKey] = ErrorRecoveryAttempter(options: options)
        if let helpAnchor = presentation.helpAnchor { userInfo[NSHelpAnchorErrorKey] = helpAnchor }
        return NSError(domain: original.domain, code: original.code, userInfo: userInfo)
    }
}
#endif
