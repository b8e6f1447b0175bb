import Foundation
import StandInSupport

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
        FakeChanges.shared.changed()
        return true
    }

    /// How many completions wait for the end of the animation.
    var fakeWaiting: Int { completions.count }

    /// The animation ended: the completions run, in order.
    func fakeEnd() {
        let completions = completions
        self.completions = []
        for completion in completions { completion(self) }
    }
}
