import Foundation
import StandInSupport

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
