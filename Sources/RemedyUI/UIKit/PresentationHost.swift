#if canImport(UIKit) && !os(watchOS)
import UIKit

/// The clear view controller an alert or a route is presented from: the one controller of a presentation
/// whose appearance callbacks RemedyUI can hear.
///
/// `UIAlertController` "doesn't support subclassing", and a route is the app's own controller, so neither
/// can tell RemedyUI when it went away. The host can: UIKit calls its `viewDidAppear(_:)` once its own
/// presentation has finished (the moment presenting the alert from it is accepted), and its
/// `viewDidDisappear(_:)` when it leaves — also when the app dismisses a controller below it, which,
/// as `dismiss(animated:completion:)` documents, dismisses every controller above that one too.
@MainActor
final class PresentationHost: UIViewController {
    /// Runs once, when the host's presentation has finished.
    var onAppear: (@MainActor () -> Void)?
    /// Runs when the host has left the screen, whoever dismissed it.
    var onDisappear: (@MainActor () -> Void)?

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let appeared = onAppear
        onAppear = nil
        appeared?()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Nothing covers the host but what it presents itself (over full screen, which leaves it in
        // place), so a disappearance is its removal.
        let disappeared = onDisappear
        onDisappear = nil
        disappeared?()
    }
}
#endif
