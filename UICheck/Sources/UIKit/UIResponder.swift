// Stand-in of the parts of UIKit that RemedyUI calls, for type-checking RemedyUI on Linux and testing it with
// fakes. Each declaration cites its page of Apple's documentation; what is marked "Fake" is not Apple API.
// Apple's UIKit classes descend from NSObject; the stand-in leaves NSObject out, as RemedyUI uses none of
// its members.
@_exported import Foundation
import StandInSupport

/// https://developer.apple.com/documentation/uikit/uiresponder
/// `@MainActor class UIResponder : NSObject`
@MainActor
open class UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiresponder/init()
    /// `init()`
    public init() {}

    /// https://developer.apple.com/documentation/uikit/uiresponder/next
    /// `var next: UIResponder? { get }`
    open var next: UIResponder? { nil }
}

/// https://developer.apple.com/documentation/uikit/uiapplication
/// `@MainActor class UIApplication : UIResponder`
@MainActor
open class UIApplication: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiapplication/shared
    /// `class var shared: UIApplication { get }`
    public static let shared = UIApplication()

    /// https://developer.apple.com/documentation/uikit/uiapplication/delegate
    /// `unowned(unsafe) var delegate: (any UIApplicationDelegate)? { get set }` (held strongly here)
    public var delegate: (any UIApplicationDelegate)?

    /// Fake: the responder chain ends with the app delegate when it is a responder, as in UIKit.
    override open var next: UIResponder? { delegate as? UIResponder }
}

/// https://developer.apple.com/documentation/uikit/uiapplicationdelegate
/// `@MainActor protocol UIApplicationDelegate : NSObjectProtocol`
@MainActor
public protocol UIApplicationDelegate: AnyObject {}

/// https://developer.apple.com/documentation/uikit/uiaccessibility
/// `@MainActor enum UIAccessibility` (the namespace of the accessibility functions)
@MainActor
public enum UIAccessibility {
    /// https://developer.apple.com/documentation/uikit/uiaccessibility/notification
    /// `struct Notification`
    public struct Notification: Hashable, Sendable {
        let rawValue: UInt32

        /// https://developer.apple.com/documentation/uikit/uiaccessibility/notification/announcement
        /// `nonisolated static let announcement: UIAccessibility.Notification`
        public static let announcement = Notification(rawValue: 1008)
    }

    /// https://developer.apple.com/documentation/uikit/uiaccessibility/post(notification:argument:)
    /// `@MainActor static func post(notification: UIAccessibility.Notification, argument: Any?)`
    public static func post(notification: UIAccessibility.Notification, argument: Any?) {
        fakePosts.append((notification, argument))
        FakeChanges.shared.changed()
    }

    /// Fake: every notification posted, in order.
    nonisolated(unsafe) public static var fakePosts: [(notification: Notification, argument: Any?)] = []
}
