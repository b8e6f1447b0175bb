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
///
/// The fake's presentations and dismissals take time, as UIKit's animated ones do: each is a transition that
/// a test ends with `fakeFinishTransitions()` on the presenting controller. Its appearance callbacks come as
/// UIKit documents them: `viewWillAppear(_:)` as a presentation begins, `viewDidAppear(_:)` when it has
/// finished, then the completion ("The completion handler is called after the viewDidAppear(_:) method is
/// called on the presented view controller", present(_:animated:completion:)); `viewWillDisappear(_:)` as a
/// dismissal begins, `viewDidDisappear(_:)` and then the completion once it has finished.
@MainActor
open class UIViewController: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    /// `var view: UIView! { get set }`
    open var view: UIView! {
        didSet { view?.fakeViewController = self }
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewifloaded
    /// `var viewIfLoaded: UIView? { get }` — the fake's views are always loaded.
    open var viewIfLoaded: UIView? { view }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/title
    /// `var title: String? { get set }`
    open var title: String?

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
    /// `var presentedViewController: UIViewController? { get }` — "When you present a view controller
    /// modally … the view controller that called the method has this property set to the view controller
    /// that it presented."
    open private(set) var presentedViewController: UIViewController?

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller
    /// `var presentingViewController: UIViewController? { get }` — set on the presented controller when a
    /// presentation is accepted; `nil` for one UIKit refused.
    open private(set) weak var presentingViewController: UIViewController?

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/isbeingdismissed
    /// `var isBeingDismissed: Bool { get }` — Apple documents its answer only inside `viewWillDisappear(_:)`
    /// and `viewDidDisappear(_:)`; the fake answers `true` there, during a dismissal, and `false` everywhere
    /// else, so code that reads it elsewhere can't lean on it. Tests read `fakeIsBeingDismissed`.
    open var isBeingDismissed: Bool { fakeInDisappearanceCallback && fakeIsBeingDismissed }

    /// Fake: whether a dismissal of this controller is under way (not Apple API; for tests).
    public private(set) var fakeIsBeingDismissed = false
    private var fakeInDisappearanceCallback = false

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/transitioncoordinator
    /// `var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { get }` — "When a presentation
    /// or dismissal is in progress, this method returns the transition coordinator object associated with
    /// that transition"; `nil` "if no transition is in progress". The fake answers the coordinator of the
    /// transition of this controller or of the one it presents.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        fakeTransition ?? presentedViewController?.fakeTransition
    }

    /// Fake: the coordinator of this controller's presentation or dismissal, while it is under way.
    private var fakeTransition: FakeTransitionCoordinator?

    /// Fake: how many completions wait for the end of this controller's transition.
    public var fakeWaitersOnTransition: Int { fakeTransition?.fakeWaiting ?? 0 }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle
    /// `var modalPresentationStyle: UIModalPresentationStyle { get set }`
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/contentunavailableconfiguration-4b95e
    /// `var contentUnavailableConfiguration: (any UIContentConfiguration)? { get set }`
    open var contentUnavailableConfiguration: (any UIContentConfiguration)?

    /// Fake: every controller this one presented, in order, and how often it was asked to dismiss.
    public private(set) var fakePresented: [UIViewController] = []
    public private(set) var fakeDismissCalls = 0

    /// Fake: the controllers UIKit refused to present from this one. Apple's pages don't document the
    /// refusal; UIKit logs "Attempt to present … which is already presenting" or "… while a presentation is
    /// in progress" and drops the request: no presentation, no completion, `presentingViewController` stays
    /// `nil`. The fake refuses a controller that presents one already, and one whose own presentation or
    /// dismissal is under way.
    public private(set) var fakeRefusedPresentations: [UIViewController] = []

    /// Fake: the end of the transition (presentation or dismissal) of the controller this one presents.
    private var fakePendingTransition: (@MainActor () -> Void)?

    /// Fake: the transitions under way from this controller, and from those it presents, end now; the
    /// appearance callbacks and completions run. (Per controller, so that tests side by side don't end
    /// each other's.)
    /// A transition that begins meanwhile (a dismissal started when a presentation ended) is left under way.
    public func fakeFinishTransitions() {
        let finish = fakePendingTransition
        fakePendingTransition = nil
        presentedViewController?.fakeFinishTransitions()
        finish?()
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

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwillappear(_:)
    /// `func viewWillAppear(_ animated: Bool)`
    open func viewWillAppear(_ animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:)
    /// `func viewDidAppear(_ animated: Bool)`
    open func viewDidAppear(_ animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwilldisappear(_:)
    /// `func viewWillDisappear(_ animated: Bool)`
    open func viewWillDisappear(_ animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdiddisappear(_:)
    /// `func viewDidDisappear(_ animated: Bool)`
    open func viewDidDisappear(_ animated: Bool) {}

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
    /// `func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
    /// completion: (() -> Void)? = nil)` — `completion`: "The block to execute after the presentation
    /// finishes". Animated, the presentation is under way until the test ends it.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)
    {
        guard presentedViewController == nil, !fakeTransitionUnderWayHereOrBelow else {
            fakeRefusedPresentations.append(viewControllerToPresent)
            FakeChanges.shared.changed()
            return
        }
        let presented = viewControllerToPresent
        presentedViewController = presented
        presented.presentingViewController = self
        fakePresented.append(presented)
        presented.viewWillAppear(flag)
        let coordinator = FakeTransitionCoordinator()
        let finish: @MainActor () -> Void = {
            presented.fakeTransition = nil
            presented.viewDidAppear(flag)
            FakeChanges.shared.changed()
            completion?()
            coordinator.fakeEnd()
        }
        FakeChanges.shared.changed()
        guard flag else { return finish() }
        presented.fakeTransition = coordinator
        fakePendingTransition = finish
    }

    /// Whether this controller, or one that presents it, is being presented or dismissed.
    private var fakeTransitionUnderWayHereOrBelow: Bool {
        var controller: UIViewController? = self
        while let current = controller {
            if current.fakeTransition != nil { return true }
            controller = current.presentingViewController
        }
        return false
    }

    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
    /// `func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)` — dismisses what this controller
    /// presents, or, when it presents nothing, asks its presenting controller to dismiss it. "If you present
    /// several view controllers in succession, thus building a stack of presented view controllers, calling
    /// this method on a view controller lower in the stack dismisses its immediate child view controller and
    /// all view controllers above that child on the stack." Animated, the dismissed controller stays until
    /// the animation ends; then it is gone and `completion` runs.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        fakeDismissCalls += 1
        guard let presented = presentedViewController else {
            presentingViewController?.dismiss(animated: flag, completion: completion)
            return
        }
        guard !presented.fakeIsBeingDismissed else { return }
        let stack = presented.fakeStack
        let coordinator = FakeTransitionCoordinator()
        for controller in stack { controller.fakeIsBeingDismissed = true }
        for controller in stack.reversed() { controller.fakeDisappearanceCallback { $0.viewWillDisappear(flag) } }
        let finish: @MainActor () -> Void = { [self] in
            for controller in stack {
                controller.fakeTransition = nil
                controller.fakePendingTransition = nil
            }
            for controller in stack.reversed() {
                controller.presentedViewController = nil
                controller.presentingViewController = nil
            }
            presentedViewController = nil
            for controller in stack.reversed() { controller.fakeDisappearanceCallback { $0.viewDidDisappear(flag) } }
            for controller in stack { controller.fakeIsBeingDismissed = false }
            FakeChanges.shared.changed()
            completion?()
            coordinator.fakeEnd()
        }
        guard flag else { return finish() }
        presented.fakeTransition = coordinator
        fakePendingTransition = finish
        FakeChanges.shared.changed()
    }

    /// This controller and those presented above it, lowest first.
    private var fakeStack: [UIViewController] {
        var stack = [self]
        while let next = stack.last?.presentedViewController { stack.append(next) }
        return stack
    }

    private func fakeDisappearanceCallback(_ callback: (UIViewController) -> Void) {
        fakeInDisappearanceCallback = true
        callback(self)
        fakeInDisappearanceCallback = false
    }

    /// Fake: a controller's next responder is its view's superview, or the controller that presented it.
    override open var next: UIResponder? { view?.superview ?? presentingViewController }
}
