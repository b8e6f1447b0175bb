#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Foundation
import Remedy

extension NSResponder {
    /// Presents an error from this responder: it travels AppKit's error-responder chain, and is then
    /// handled by the nearest ``ErrorScope`` on it — or the app delegate's — whose rules lead on to the
    /// app's root scope and its presenter.
    ///
    /// The chain is AppKit's: this responder and its `nextResponder`s (views, the window, the window's
    /// controller), then, in a document-based app, the window's document and the shared document
    /// controller, then the application. Each sees the error first, from this one up, through AppKit's own
    /// `willPresentError(_:)` — an `NSDocument` or `NSDocumentController` override included — and may
    /// replace or enrich it. The error is handled as on UIKit: logged when the scope receives it and with
    /// its outcome, passed through the scopes' rules, and shown by the root's presenter, such as
    /// ``AppKitErrorPresenter``, on this responder's window.
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
        var window: NSWindow?
        for link in ErrorResponderChain.links(from: self) {
            error = link.willPresentError(error)
            if scope == nil, let provider = link.object as? any ErrorScopeProvidingResponder {
                scope = provider.errorScope
            }
            if window == nil { window = ErrorResponderChain.window(of: link.object) }
        }
        if scope == nil, let provider = NSApplication.shared.delegate as? any ErrorScopeProvidingResponder {
            scope = provider.errorScope
        }
        if let window { error = PresentedFromWindow(error: error, window: WeakWindow(window)) }
        ResponderChainHandling.handle(error, in: scope, completion: completion)
    }

    /// The `NSError` AppKit presents for a presentation, for `presentError(_:)` and an `NSDocument`'s error
    /// sheets: the original error's domain, code and user info, with the presentation's texts under the
    /// localized keys, its options (in AppKit's button order) as recovery options, an
    /// ``ErrorRecoveryAttempter`` that runs them, and the original error object itself under
    /// `NSUnderlyingErrorKey` (the bridged error is a new object; the original is one step down).
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
        let error = (presentation.error as? PresentedFromWindow)?.error ?? presentation.error
        let original = error as NSError
        let options = PresentationLayout.appKitButtonOrder(of: presentation.options)
        var userInfo = original.userInfo
        userInfo[NSLocalizedDescriptionKey] = presentation.title
        userInfo[NSLocalizedRecoverySuggestionErrorKey] = PresentationLayout.body(of: presentation)
        userInfo[NSLocalizedRecoveryOptionsErrorKey] = options.map(\.title)
        userInfo[NSRecoveryAttempterErrorKey] = ErrorRecoveryAttempter(options: options)
        if let helpAnchor = presentation.helpAnchor { userInfo[NSHelpAnchorErrorKey] = helpAnchor }
        // The original error object itself, so that code reading the presented error reaches it.
        userInfo[NSUnderlyingErrorKey] = original
        return NSError(domain: original.domain, code: original.code, userInfo: userInfo)
    }
}
#endif
