#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Foundation
import Remedy

extension NSResponder {
    /// Presents any error with AppKit's own error presentation, with the texts and recovery options
    /// Remedy resolves for it, as a sheet on a window.
    ///
    /// The error travels AppKit's responder chain from this responder, so each responder's
    /// `willPresentError(_:)` may still replace it. The buttons are the presentation's options, the
    /// recommended one first; choosing one runs its action through ``ErrorRecoveryAttempter``, which tells
    /// AppKit whether it recovered only once the action finished.
    ///
    /// ```swift
    /// do { try document.save() } catch { presentError(error, resolvedBy: resolver, modalFor: window) }
    /// ```
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - resolver: Turns the error into a presentation; use the app's catalog and localization.
    ///   - window: The window the sheet is attached to.
    public func presentError(_ error: any Error, resolvedBy resolver: ErrorResolver, modalFor window: NSWindow) {
        let bridged = Self.bridgedError(for: resolver.presentation(for: error))
        presentError(bridged, modalFor: window, delegate: nil, didPresent: nil, contextInfo: nil)
    }

    /// The `NSError` AppKit presents for a presentation: its texts under the localized keys, its options
    /// (in AppKit's button order) as recovery options, and an ``ErrorRecoveryAttempter`` that runs them.
    ///
    /// - Parameter presentation: The presentation.
    /// - Returns: The error to hand to AppKit.
    public static func bridgedError(for presentation: Presentation) -> NSError {
        let options = PresentationLayout.appKitButtonOrder(of: presentation.options)
        var userInfo: [String: Any] = [
            NSLocalizedDescriptionKey: presentation.title,
            NSLocalizedRecoverySuggestionErrorKey: PresentationLayout.body(of: presentation),
            NSLocalizedRecoveryOptionsErrorKey: options.map(\.title),
            NSRecoveryAttempterErrorKey: ErrorRecoveryAttempter(options: options),
            NSUnderlyingErrorKey: presentation.error as NSError,
        ]
        if let helpAnchor = presentation.helpAnchor { userInfo[NSHelpAnchorErrorKey] = helpAnchor }
        return NSError(domain: "Remedy.Presentation", code: 0, userInfo: userInfo)
    }
}
#endif
