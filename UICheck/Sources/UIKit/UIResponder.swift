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

    /// https://developer.apple.com/documentation/uikit/uiapplication/connectedscenes
    /// `var connectedScenes: Set<UIScene> { get }` — an array here, in the order the scenes connected
    /// (the fake's scenes aren't `Hashable`: `NSObject` is left out).
    open var connectedScenes: [UIScene] { fakeConnectedScenes }

    /// Fake: the connected scenes; a scene connects when made and leaves with `fakeDisconnect()`.
    public var fakeConnectedScenes: [UIScene] = []

    /// Fake: the responder chain ends with the app delegate when it is a responder, as in UIKit.
    override open var next: UIResponder? { delegate as? UIResponder }
}

/// https://developer.apple.com/documentation/uikit/uiapplicationdelegate
/// `@MainActor protocol UIApplicationDelegate : NSObjectProtocol`
@MainActor
public protocol UIApplicationDelegate: AnyObject {}
