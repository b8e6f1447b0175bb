import Foundation
import StandInSupport

/// https://developer.apple.com/documentation/uikit/uiscene
/// `@MainActor class UIScene : UIResponder`
///
/// The fake's scenes are connected when made, in the foreground but not yet active, as UIKit's scene life
/// cycle goes (unattached, foreground inactive, foreground active); a test moves them through
/// `fakeActivationState` and closes one with `fakeDisconnect()`.
@MainActor
open class UIScene: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.property
    /// `var activationState: UIScene.ActivationState { get }`
    open var activationState: ActivationState { fakeActivationState }

    /// Fake: the scene's state, set by a test.
    public var fakeActivationState = ActivationState.foregroundInactive {
        didSet { FakeChanges.shared.changed() }
    }

    /// https://developer.apple.com/documentation/uikit/uiscene/diddisconnectnotification
    /// `nonisolated class let didDisconnectNotification: NSNotification.Name` — "A notification that
    /// indicates that UIKit removed a scene from your app. The object of the notification is the UIScene
    /// object that was disconnected."
    public nonisolated static let didDisconnectNotification = NSNotification.Name("UISceneDidDisconnectNotification")

    /// Fake: the person closes the scene (or the system discards it): UIKit posts
    /// `didDisconnectNotification` and no longer lists it among the application's connected scenes.
    public func fakeDisconnect() {
        fakeActivationState = .unattached
        UIApplication.shared.fakeConnectedScenes.removeAll { $0 === self }
        NotificationCenter.default.post(name: Self.didDisconnectNotification, object: self)
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum
    /// `enum ActivationState`
    public enum ActivationState: Int, Sendable {
        /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/unattached
        case unattached = -1
        /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/foregroundactive
        case foregroundActive = 0
        /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/foregroundinactive
        case foregroundInactive = 1
        /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.enum/background
        case background = 2
    }
}

/// https://developer.apple.com/documentation/uikit/uiwindowscene
/// `@MainActor class UIWindowScene : UIScene`
@MainActor
open class UIWindowScene: UIScene {
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/windows
    /// `var windows: [UIWindow] { get }`
    open internal(set) var windows: [UIWindow] = []

    /// https://developer.apple.com/documentation/uikit/uiwindowscene/keywindow
    /// `var keyWindow: UIWindow? { get }`
    open internal(set) weak var keyWindow: UIWindow?

    /// Fake: UIKit makes scenes; a test makes one with this. It is connected to the application at once.
    public override init() {
        super.init()
        UIApplication.shared.fakeConnectedScenes.append(self)
    }

    /// Fake: a scene's next responder is the application.
    override open var next: UIResponder? { UIApplication.shared }
}

/// https://developer.apple.com/documentation/uikit/uiwindow
/// `@MainActor class UIWindow : UIView`
@MainActor
open class UIWindow: UIView {
    /// https://developer.apple.com/documentation/uikit/uiwindow/windowscene
    /// `weak var windowScene: UIWindowScene? { get set }`
    open weak var windowScene: UIWindowScene?

    /// https://developer.apple.com/documentation/uikit/uiwindow/windowlevel
    /// `var windowLevel: UIWindow.Level { get set }`
    open var windowLevel: Level = .normal

    /// https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
    /// `var rootViewController: UIViewController? { get set }` — the fake puts its view in the window.
    open var rootViewController: UIViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            if let view = rootViewController?.view { addSubview(view) }
        }
    }

    /// https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)
    /// `init(windowScene: UIWindowScene)`
    public init(windowScene: UIWindowScene) {
        self.windowScene = windowScene
        super.init(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        windowScene.windows.append(self)
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/uikit/uiwindow/init(frame:)
    /// `init(frame: CGRect)`
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    /// `init?(coder: NSCoder)`
    public required init?(coder: NSCoder) {
        return nil
    }

    /// https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible()
    /// `func makeKeyAndVisible()`
    open func makeKeyAndVisible() {
        isHidden = false
        windowScene?.keyWindow = self
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/uikit/uiwindow/makekey()
    /// `func makeKey()`
    open func makeKey() {
        windowScene?.keyWindow = self
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/uikit/uiwindow/iskeywindow
    /// `var isKeyWindow: Bool { get }`
    open var isKeyWindow: Bool { windowScene?.keyWindow === self }

    /// Fake: a window's next responder is its scene, or the application.
    override open var next: UIResponder? { windowScene ?? UIApplication.shared }

    /// https://developer.apple.com/documentation/uikit/uiwindow/level
    /// `struct Level`
    public struct Level: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/uikit/uiwindow/level/rawvalue
        public var rawValue: CGFloat

        /// https://developer.apple.com/documentation/uikit/uiwindow/level/init(rawvalue:)
        /// `init(rawValue: CGFloat)`
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        /// https://developer.apple.com/documentation/uikit/uiwindow/level/normal
        /// `static let normal: UIWindow.Level`
        public static let normal = Level(rawValue: 0)

        /// https://developer.apple.com/documentation/uikit/uiwindow/level/alert
        /// `static let alert: UIWindow.Level`
        public static let alert = Level(rawValue: 2000)
    }
}

/// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration-swift.struct
/// `struct UIContentUnavailableConfiguration` (iOS 17, tvOS 17) — not main-actor isolated: Apple's page
/// shows no `@MainActor`, on the type or on `empty()`; the view controller's property that takes it is.
public struct UIContentUnavailableConfiguration: UIContentConfiguration {
    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration-swift.struct/image
    /// `var image: UIImage? { get set }`
    public var image: UIImage?

    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration-swift.struct/text
    /// `var text: String? { get set }`
    public var text: String?

    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration-swift.struct/secondarytext
    /// `var secondaryText: String? { get set }`
    public var secondaryText: String?

    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration-swift.struct/button
    /// `var button: UIButton.Configuration { get set }`
    public var button: UIButton.Configuration = UIButton.Configuration(title: nil, fakeStyle: "plain")

    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration-swift.struct/buttonproperties-swift.property
    /// `var buttonProperties: UIContentUnavailableConfiguration.ButtonProperties { get set }`
    public var buttonProperties = ButtonProperties()

    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration-swift.struct/empty()
    /// `static func empty() -> UIContentUnavailableConfiguration`
    public static func empty() -> UIContentUnavailableConfiguration {
        UIContentUnavailableConfiguration()
    }

    /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration-swift.struct/buttonproperties-swift.struct
    /// `struct ButtonProperties`
    public struct ButtonProperties {
        /// https://developer.apple.com/documentation/uikit/uicontentunavailableconfiguration-swift.struct/buttonproperties-swift.struct/primaryaction
        /// `var primaryAction: UIAction? { get set }`
        public var primaryAction: UIAction?
    }
}
