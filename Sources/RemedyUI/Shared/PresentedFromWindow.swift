#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
import Remedy

/// An error on its way from `presentError(_:completion:)` to the root's presenter, with the window of the
/// responder it came from, so that it is shown there rather than in whichever window is key.
///
/// The root scope and its scheduler know nothing of windows; the error is what travels to the presenter,
/// so the window travels with it, as a layer of the tree without texts of its own (the texts, the category
/// and the rules' matches come from the error it wraps). The presenter finds it anywhere in the tree, so a
/// rule's context around it keeps it.
struct PresentedFromWindow: WrappingError, CustomStringConvertible {
    /// The error as the responders passed it on.
    let error: any Error
    /// The window of the responder, or `nil` once it is gone.
    let window: WeakWindow

    var underlyingErrors: [any Error] { [error] }
    var description: String { String(describing: error) }
}

/// A weak reference to a window that can travel inside a `Sendable` error.
///
/// `@unchecked Sendable`: the reference is written once, in `init`, and never again; Swift's weak
/// references are safe to load from any thread, and the window itself is only used on the main actor, by
/// the presenters that read it there.
final class WeakWindow: @unchecked Sendable {
    private(set) weak var object: AnyObject?

    init(_ object: AnyObject?) {
        self.object = object
    }
}
#endif
