import Foundation

/// https://developer.apple.com/documentation/uikit/uilayoutguide
/// `@MainActor class UILayoutGuide : NSObject`
@MainActor
open class UILayoutGuide {
    /// Fake: which guide it is ("safeArea", "keyboard").
    public let fakeName: String
    /// https://developer.apple.com/documentation/uikit/uilayoutguide/owningview
    /// `weak var owningView: UIView? { get set }`
    open weak var owningView: UIView?

    init(fakeName: String, owningView: UIView) {
        self.fakeName = fakeName
        self.owningView = owningView
    }

    /// https://developer.apple.com/documentation/uikit/uilayoutguide/leadinganchor
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// https://developer.apple.com/documentation/uikit/uilayoutguide/trailinganchor
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// https://developer.apple.com/documentation/uikit/uilayoutguide/topanchor
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    /// https://developer.apple.com/documentation/uikit/uilayoutguide/bottomanchor
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
}

/// https://developer.apple.com/documentation/uikit/uikeyboardlayoutguide
/// `@MainActor class UIKeyboardLayoutGuide : UITrackingLayoutGuide` (iOS 15; not tvOS) — its top edge
/// follows the keyboard, and is the bottom of the safe area while the keyboard is hidden.
@MainActor
open class UIKeyboardLayoutGuide: UILayoutGuide {}

/// https://developer.apple.com/documentation/uikit/nslayoutanchor
/// `@MainActor class NSLayoutAnchor<AnchorType> : NSObject where AnchorType : AnyObject`
@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
    /// Fake: the view or layout guide, and its edge.
    public let fakeItem: AnyObject
    public let fakeAttribute: NSLayoutConstraint.Attribute

    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        fakeItem = item
        fakeAttribute = attribute
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(equalto:constant:)
    /// `func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint`
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: self, relation: .equal, second: anchor, constant: c)
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(lessthanorequalto:constant:)
    /// `func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat)
    /// -> NSLayoutConstraint`
    open func constraint(
        lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat
    ) -> NSLayoutConstraint {
        NSLayoutConstraint(first: self, relation: .lessThanOrEqual, second: anchor, constant: c)
    }
}

/// https://developer.apple.com/documentation/uikit/nslayoutxaxisanchor
/// `@MainActor class NSLayoutXAxisAnchor : NSLayoutAnchor<NSLayoutXAxisAnchor>`
@MainActor
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

/// https://developer.apple.com/documentation/uikit/nslayoutyaxisanchor
/// `@MainActor class NSLayoutYAxisAnchor : NSLayoutAnchor<NSLayoutYAxisAnchor>`
@MainActor
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// https://developer.apple.com/documentation/uikit/nslayoutconstraint
/// `@MainActor class NSLayoutConstraint : NSObject` — the fake records what it relates.
@MainActor
open class NSLayoutConstraint {
    /// Fake: the two edges and how they relate.
    public let fakeFirst: (item: AnyObject, attribute: Attribute)
    public let fakeSecond: (item: AnyObject, attribute: Attribute)
    public let fakeRelation: Relation

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/constant
    /// `var constant: CGFloat { get set }`
    open var constant: CGFloat

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/isactive
    /// `var isActive: Bool { get set }`
    open var isActive = false

    init<T>(first: NSLayoutAnchor<T>, relation: Relation, second: NSLayoutAnchor<T>, constant: CGFloat) {
        fakeFirst = (first.fakeItem, first.fakeAttribute)
        fakeSecond = (second.fakeItem, second.fakeAttribute)
        fakeRelation = relation
        self.constant = constant
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/activate(_:)
    /// `class func activate(_ constraints: [NSLayoutConstraint])`
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
        fakeActive.append(contentsOf: constraints)
    }

    /// Fake: every constraint activated, in order.
    public static var fakeActive: [NSLayoutConstraint] = []

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/attribute
    /// `enum Attribute` (the edges RemedyUI uses)
    public enum Attribute: Int, Sendable {
        case top = 3, bottom = 4, leading = 5, trailing = 6
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/relation
    /// `enum Relation`
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/axis
    /// `enum Axis`
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }
}

/// https://developer.apple.com/documentation/uikit/uistackview
/// `@MainActor class UIStackView : UIView`
@MainActor
open class UIStackView: UIView {
    /// https://developer.apple.com/documentation/uikit/uistackview/axis
    /// `var axis: NSLayoutConstraint.Axis { get set }`
    open var axis = NSLayoutConstraint.Axis.horizontal

    /// https://developer.apple.com/documentation/uikit/uistackview/spacing
    /// `var spacing: CGFloat { get set }`
    open var spacing: CGFloat = 0

    /// https://developer.apple.com/documentation/uikit/uistackview/arrangedsubviews
    /// `var arrangedSubviews: [UIView] { get }`
    open private(set) var arrangedSubviews: [UIView] = []

    /// https://developer.apple.com/documentation/uikit/uistackview/init(arrangedsubviews:)
    /// `init(arrangedSubviews views: [UIView])`
    public init(arrangedSubviews views: [UIView]) {
        super.init(frame: .zero)
        for view in views {
            arrangedSubviews.append(view)
            addSubview(view)
        }
    }

    /// https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) {
        return nil
    }
}
