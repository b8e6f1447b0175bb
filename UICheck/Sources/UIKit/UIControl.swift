import Foundation
import StandInSupport

/// https://developer.apple.com/documentation/uikit/uiactionhandler
/// `typealias UIActionHandler = (UIAction) -> Void`
public typealias UIActionHandler = (UIAction) -> Void

/// https://developer.apple.com/documentation/uikit/uiaction
/// `@MainActor class UIAction : UIMenuElement`
@MainActor
open class UIAction {
    let handler: UIActionHandler

    /// https://developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
    /// `convenience init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
    /// discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
    /// state: UIMenuElement.State = .off, handler: @escaping UIActionHandler)` — the parameters RemedyUI
    /// leaves at their defaults are left out.
    public init(title: String = "", image: UIImage? = nil, handler: @escaping UIActionHandler) {
        self.handler = handler
    }

    /// Fake: performs the action, as UIKit does when its control event happens.
    public func fakePerform() {
        handler(self)
    }
}

/// https://developer.apple.com/documentation/uikit/uicontrol
/// `@MainActor class UIControl : UIView`
@MainActor
open class UIControl: UIView {
    private var actions: [(action: UIAction, events: Event)] = []

    /// https://developer.apple.com/documentation/uikit/uicontrol/isenabled
    /// `var isEnabled: Bool { get set }`
    open var isEnabled = true

    /// https://developer.apple.com/documentation/uikit/uicontrol/addaction(_:for:)
    /// `func addAction(_ action: UIAction, for controlEvents: UIControl.Event)`
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        actions.append((action, controlEvents))
    }

    /// Fake: performs the actions registered for an event, as a tap would (none on a disabled control).
    public func fakeSendActions(for event: Event) {
        guard isEnabled else { return }
        for entry in actions where entry.events.contains(event) { entry.action.fakePerform() }
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/event
    /// `struct Event`
    public struct Event: OptionSet, Sendable {
        /// https://developer.apple.com/documentation/uikit/uicontrol/event/rawvalue
        public let rawValue: UInt
        /// https://developer.apple.com/documentation/uikit/uicontrol/event/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// https://developer.apple.com/documentation/uikit/uicontrol/event/primaryactiontriggered
        /// `static var primaryActionTriggered: UIControl.Event { get }`
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/state-swift.struct
    /// `struct State`
    public struct State: OptionSet, Sendable, Hashable {
        /// https://developer.apple.com/documentation/uikit/uicontrol/state-swift.struct/rawvalue
        public let rawValue: UInt
        /// https://developer.apple.com/documentation/uikit/uicontrol/state-swift.struct/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// https://developer.apple.com/documentation/uikit/uicontrol/state-swift.struct/normal
        /// `static var normal: UIControl.State { get }`
        public static let normal: State = []
    }
}

/// https://developer.apple.com/documentation/uikit/uibutton
/// `@MainActor class UIButton : UIControl`
@MainActor
open class UIButton: UIControl {
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]

    /// https://developer.apple.com/documentation/uikit/uibutton/titlelabel
    /// `var titleLabel: UILabel? { get }`
    open private(set) var titleLabel: UILabel? = UILabel(frame: .zero)

    /// https://developer.apple.com/documentation/uikit/uibutton/settitlecolor(_:for:)
    /// `func setTitleColor(_ color: UIColor?, for state: UIControl.State)`
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        titleColors[state.rawValue] = color
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/titlecolor(for:)
    /// `func titleColor(for state: UIControl.State) -> UIColor?`
    open func titleColor(for state: UIControl.State) -> UIColor? {
        titleColors[state.rawValue]
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/init(type:)
    /// `convenience init(type buttonType: UIButton.ButtonType)`
    public convenience init(type buttonType: UIButton.ButtonType) {
        self.init(frame: .zero)
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/settitle(_:for:)
    /// `func setTitle(_ title: String?, for state: UIControl.State)`
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/title(for:)
    /// `func title(for state: UIControl.State) -> String?`
    open func title(for state: UIControl.State) -> String? {
        titles[state.rawValue]
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum
    /// `enum ButtonType`
    public enum ButtonType: Int, Sendable {
        /// https://developer.apple.com/documentation/uikit/uibutton/buttontype-swift.enum/system
        case system = 1
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct
    /// `struct Configuration` (iOS 15) — not main-actor isolated: Apple's page shows no `@MainActor`, on
    /// the type or on `borderedProminent()`.
    public struct Configuration {
        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/title
        /// `var title: String? { get set }`
        public var title: String?

        /// Fake: the style it was made with.
        public let fakeStyle: String

        /// https://developer.apple.com/documentation/uikit/uibutton/configuration-swift.struct/borderedprominent()
        /// `static func borderedProminent() -> UIButton.Configuration`
        public static func borderedProminent() -> Configuration {
            Configuration(title: nil, fakeStyle: "borderedProminent")
        }
    }
}
