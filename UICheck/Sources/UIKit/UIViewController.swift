import Foundation
import StandInSupport

/// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle
/// `enum UIModalPresentationStyle`
public enum UIModalPresentationStyle: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/fullscreen
    case fullScreen = 0
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/overfullscreen
    case overFullScreen = 5
    /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/automatic
    case automatic = -2
}

/// https://developer.apple.com/documentation/uikit/uicontentconfiguration-9eib5
/// `protocol UIContentConfiguration` (iOS 14) — not main-actor isolated: Apple's page shows no `@MainActor`
/// on the protocol (its `makeContentView()` is; RemedyUI calls none of its requirements).
public protocol UIContentConfiguration {}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller
/// `@MainActor class UIViewController : UIResponder`
@MainActor
open class UIViewController: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    /// `var view: UIView! { get set }`
    open var view: UIView! {
        didSet { view?.fakeViewController = self }
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/title
    /// `var title: String? { get set }`
    open var title: String?

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
    /// `var presentedViewController: UIViewController? { get }`
    open private(set) var presentedViewController: UIViewController?

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
    /// `var presentingViewController: UIViewController? { get }`
    open private(set) weak var presentingViewController: UIViewController?

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/isbeingdismissed
    /// `var isBeingDismissed: Bool { get }` — true from the start of an animated dismissal until its end.
    open var isBeingDismissed: Bool { fakeIsBeingDismissed }

    private var fakeIsBeingDismissed = false

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/transitioncoordinator
    /// `var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { get }` — the coordinator of
    /// the dismissal under way of this controller or of the one it presents.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        fakeTransition ?? presentedViewController?.fakeTransition
    }

    /// Fake: the coordinator of this controller's dismissal, while it is under way.
    private var fakeTransition: FakeTransitionCoordinator?

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle
    /// `var modalPresentationStyle: UIModalPresentationStyle { get set }`
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/contentunavailableconfiguration-4b95e
    /// `var contentUnavailableConfiguration: (any UIContentConfiguration)? { get set }`
    open var contentUnavailableConfiguration: (any UIContentConfiguration)?

    /// Fake: every controller this one presented, in order, and how often it was asked to dismiss.
    public private(set) var fakePresented: [UIViewController] = []
    public private(set) var fakeDismissCalls = 0

    /// Fake: the controllers UIKit refused to present from this one, because it was already presenting one
    /// or still dismissing one (UIKit logs "Attempt to present … which is already presenting" and drops it).
    public private(set) var fakeRefusedPresentations: [UIViewController] = []

    /// Fake: the end of the animated dismissal of the controller this one presents, while it is under way.
    /// An animation takes time; a test ends it with ``fakeFinishTransitions()``.
    private var fakePendingDismissal: (@MainActor () -> Void)?

    /// Fake: the animations of the dismissals under way from this controller, and from those it presents,
    /// end now; their completions run. (Per controller, so that tests running side by side don't end each
    /// other's.)
    public func fakeFinishTransitions() {
        presentedViewController?.fakeFinishTransitions()
        if let finish = fakePendingDismissal {
            fakePendingDismissal = nil
            finish()
        }
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    /// `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        self.view = view
        view.fakeViewController = self
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    /// `init?(coder: NSCoder)`
    public required init?(coder: NSCoder) {
        return nil
    }

    /// https://developer.apple.com/documentation/objectivec/nsobject/init() — `UIViewController()`, which UIKit
    /// answers as `init(nibName: nil, bundle: nil)`.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    /// `func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
    /// completion: (() -> Void)? = nil)`
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)
    {
        // UIKit refuses to present from a controller that already presents one, even one that is leaving.
        guard presentedViewController == nil else {
            fakeRefusedPresentations.append(viewControllerToPresent)
            FakeChanges.shared.changed()
            return
        }
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        fakePresented.append(viewControllerToPresent)
        FakeChanges.shared.changed()
        completion?()
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
    /// `func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)` — dismisses what this controller
    /// presents, or, when it presents nothing, asks its presenting controller to dismiss it. Animated, the
    /// dismissed controller stays presented, with `isBeingDismissed` true, until the animation ends; then it
    /// is gone and `completion` runs ("The block to execute after the view controller is dismissed").
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        fakeDismissCalls += 1
        if let presented = presentedViewController {
            guard !presented.fakeIsBeingDismissed else { return }
            let coordinator = FakeTransitionCoordinator()
            let finish: @MainActor () -> Void = { [self] in
                presented.fakeIsBeingDismissed = false
                presented.fakeTransition = nil
                presented.presentingViewController = nil
                presentedViewController = nil
                FakeChanges.shared.changed()
                completion?()
                coordinator.fakeEnd()
            }
            guard flag else { return finish() }
            presented.fakeIsBeingDismissed = true
            presented.fakeTransition = coordinator
            fakePendingDismissal = finish
            FakeChanges.shared.changed()
        } else if let presenting = presentingViewController {
            presenting.dismiss(animated: flag, completion: completion)
        }
    }

    /// Fake: a controller's next responder is its view's superview, or the controller that presented it.
    override open var next: UIResponder? { view?.superview ?? presentingViewController }
}

/// https://developer.apple.com/documentation/uikit/uialertcontroller
/// `@MainActor class UIAlertController : UIViewController`
@MainActor
open class UIAlertController: UIViewController {
    /// https://developer.apple.com/documentation/uikit/uialertcontroller/message
    /// `var message: String? { get set }`
    open var message: String?

    /// https://developer.apple.com/documentation/uikit/uialertcontroller/preferredstyle
    /// `var preferredStyle: UIAlertController.Style { get }`
    open private(set) var preferredStyle: Style = .alert

    /// https://developer.apple.com/documentation/uikit/uialertcontroller/actions
    /// `var actions: [UIAlertAction] { get }`
    open private(set) var actions: [UIAlertAction] = []

    /// https://developer.apple.com/documentation/uikit/uialertcontroller/preferredaction
    /// `var preferredAction: UIAlertAction? { get set }`
    open var preferredAction: UIAlertAction?

    /// https://developer.apple.com/documentation/uikit/uialertcontroller/init(title:message:preferredstyle:)
    /// `convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style)`
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    /// https://developer.apple.com/documentation/uikit/uialertcontroller/addaction(_:)
    /// `func addAction(_ action: UIAlertAction)`
    open func addAction(_ action: UIAlertAction) {
        actions.append(action)
    }

    /// Fake: a tap on an action: UIKit dismisses the alert with animation, and calls the action's handler
    /// once the alert is gone (a test ends the animation with the presenting controller's
    /// `fakeFinishTransitions()`).
    /// Apple doesn't document when the handler runs; `handlerFirst` runs it as the dismissal begins instead.
    public func fakeTap(_ action: UIAlertAction, handlerFirst: Bool = false) {
        guard handlerFirst else { return dismiss(animated: true) { action.handler?(action) } }
        dismiss(animated: true)
        action.handler?(action)
    }

    /// https://developer.apple.com/documentation/uikit/uialertcontroller/style
    /// `enum Style`
    public enum Style: Int, Sendable {
        /// https://developer.apple.com/documentation/uikit/uialertcontroller/style/actionsheet
        case actionSheet = 0
        /// https://developer.apple.com/documentation/uikit/uialertcontroller/style/alert
        case alert = 1
    }
}

/// https://developer.apple.com/documentation/uikit/uialertaction
/// `@MainActor class UIAlertAction : NSObject`
@MainActor
open class UIAlertAction {
    /// https://developer.apple.com/documentation/uikit/uialertaction/title
    /// `var title: String? { get }`
    public let title: String?

    /// https://developer.apple.com/documentation/uikit/uialertaction/style-swift.property
    /// `var style: UIAlertAction.Style { get }`
    public let style: Style

    let handler: ((UIAlertAction) -> Void)?

    /// https://developer.apple.com/documentation/uikit/uialertaction/init(title:style:handler:)
    /// `convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil)`
    public init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }

    /// https://developer.apple.com/documentation/uikit/uialertaction/style-swift.enum
    /// `enum Style`
    public enum Style: Int, Sendable {
        /// https://developer.apple.com/documentation/uikit/uialertaction/style-swift.enum/default
        case `default` = 0
        /// https://developer.apple.com/documentation/uikit/uialertaction/style-swift.enum/cancel
        case cancel = 1
        /// https://developer.apple.com/documentation/uikit/uialertaction/style-swift.enum/destructive
        case destructive = 2
    }
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinatorcontext
/// `@MainActor protocol UIViewControllerTransitionCoordinatorContext : NSObjectProtocol` (`NSObjectProtocol`
/// left out, with `NSObject`; RemedyUI reads none of its members)
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {}

/// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator
/// `@MainActor protocol UIViewControllerTransitionCoordinator : UIViewControllerTransitionCoordinatorContext`
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator/animate(alongsidetransition:completion:)
    /// `func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) ->
    /// Void)?, completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)? = nil) -> Bool` (a
    /// protocol requirement here, which can't have the default)
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
}

/// Fake: the coordinator of an animated dismissal; its completions run when the animation ends.
@MainActor
final class FakeTransitionCoordinator: UIViewControllerTransitionCoordinator {
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []

    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        animation?(self)
        if let completion { completions.append(completion) }
        return true
    }

    /// The animation ended: the completions run, in order.
    func fakeEnd() {
        let completions = completions
        self.completions = []
        for completion in completions { completion(self) }
    }
}
