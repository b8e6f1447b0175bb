import Foundation
import StandInSupport

/// https://developer.apple.com/documentation/uikit/uiview
/// `@MainActor class UIView : UIResponder`
@MainActor
open class UIView: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiview/frame
    /// `var frame: CGRect { get set }`
    open var frame: CGRect

    /// https://developer.apple.com/documentation/uikit/uiview/bounds
    /// `var bounds: CGRect { get set }` (the fake derives it from the frame)
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }

    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask
    /// `var autoresizingMask: UIView.AutoresizingMask { get set }`
    open var autoresizingMask: AutoresizingMask = []

    /// https://developer.apple.com/documentation/uikit/uiview/backgroundcolor
    /// `@NSCopying var backgroundColor: UIColor? { get set }`
    open var backgroundColor: UIColor?

    /// https://developer.apple.com/documentation/uikit/uiview/ishidden
    /// `var isHidden: Bool { get set }`
    open var isHidden = false

    /// https://developer.apple.com/documentation/uikit/uiview/superview
    /// `var superview: UIView? { get }`
    open private(set) weak var superview: UIView?

    /// https://developer.apple.com/documentation/uikit/uiview/subviews
    /// `var subviews: [UIView] { get }`
    open private(set) var subviews: [UIView] = []

    /// https://developer.apple.com/documentation/uikit/uiview/window
    /// `var window: UIWindow? { get }` — "This property is nil if the view has not yet been added to a
    /// window."
    open var window: UIWindow? { superview.flatMap { $0 as? UIWindow ?? $0.window } }

    /// https://developer.apple.com/documentation/uikit/uiview/alpha
    /// `var alpha: CGFloat { get set }`
    open var alpha: CGFloat = 1

    /// https://developer.apple.com/documentation/uikit/uiview/translatesautoresizingmaskintoconstraints
    /// `var translatesAutoresizingMaskIntoConstraints: Bool { get set }`
    open var translatesAutoresizingMaskIntoConstraints = true

    /// https://developer.apple.com/documentation/uikit/uiview/safearealayoutguide
    /// `var safeAreaLayoutGuide: UILayoutGuide { get }`
    open private(set) lazy var safeAreaLayoutGuide = UILayoutGuide(fakeName: "safeArea", owningView: self)

    /// https://developer.apple.com/documentation/uikit/uiview/keyboardlayoutguide
    /// `var keyboardLayoutGuide: UIKeyboardLayoutGuide { get }` (iOS 15, not tvOS) — "A layout guide that
    /// tracks the keyboard's position in your app's layout."
    open private(set) lazy var keyboardLayoutGuide = UIKeyboardLayoutGuide(fakeName: "keyboard", owningView: self)

    /// https://developer.apple.com/documentation/uikit/uiview/leadinganchor
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// https://developer.apple.com/documentation/uikit/uiview/trailinganchor
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// https://developer.apple.com/documentation/uikit/uiview/topanchor
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    /// https://developer.apple.com/documentation/uikit/uiview/bottomanchor
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }

    /// https://developer.apple.com/documentation/uikit/uitraitenvironment/traitcollection
    /// `var traitCollection: UITraitCollection { get }` — the fake's views all have
    /// `UITraitCollection.fakeCurrent`, set by a test.
    open var traitCollection: UITraitCollection { UITraitCollection.fakeCurrent }

    /// https://developer.apple.com/documentation/uikit/uiview/isdescendant(of:)
    /// `func isDescendant(of view: UIView) -> Bool`
    open func isDescendant(of view: UIView) -> Bool {
        self === view || superview?.isDescendant(of: view) == true
    }

    /// https://developer.apple.com/documentation/uikit/uiview/layoutifneeded()
    /// `func layoutIfNeeded()` — the fake lays nothing out.
    open func layoutIfNeeded() {}

    /// https://developer.apple.com/documentation/uikit/uiview/animate(withduration:animations:completion:)
    /// `class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
    /// completion: ((Bool) -> Void)? = nil)` — the fake runs both at once and records the duration.
    open class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        fakeAnimationDurations.append(duration)
        animations()
        completion?(true)
    }

    /// Fake: the durations of every animation run, in order.
    public static var fakeAnimationDurations: [TimeInterval] = []

    /// Fake: the view controller whose view this is.
    weak var fakeViewController: UIViewController?

    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    /// `init(frame: CGRect)`
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    /// `init?(coder: NSCoder)`
    public required init?(coder: NSCoder) {
        return nil
    }

    /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    /// `func addSubview(_ view: UIView)`
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/uikit/uiview/removefromsuperview()
    /// `func removeFromSuperview()`
    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
        FakeChanges.shared.changed()
    }

    /// Fake: a view's next responder is its view controller when it is one's view, else its superview.
    override open var next: UIResponder? { fakeViewController ?? superview }

    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct
    /// `struct AutoresizingMask`
    public struct AutoresizingMask: OptionSet, Sendable {
        /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/rawvalue
        public let rawValue: UInt
        /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibleleftmargin
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexiblewidth
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibletopmargin
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    }
}

/// https://developer.apple.com/documentation/uikit/uiimage
/// `class UIImage : NSObject` (not main-actor isolated)
open class UIImage: @unchecked Sendable {
    /// Fake: the symbol's name.
    public let fakeSystemName: String

    /// https://developer.apple.com/documentation/uikit/uiimage/init(systemname:)
    /// `convenience init?(systemName name: String)`
    public init?(systemName name: String) {
        guard !name.isEmpty else { return nil }
        fakeSystemName = name
    }
}

/// https://developer.apple.com/documentation/uikit/uilabel
/// `@MainActor class UILabel : UIView`
@MainActor
open class UILabel: UIView {
    /// https://developer.apple.com/documentation/uikit/uilabel/text
    /// `var text: String? { get set }`
    open var text: String?

    /// https://developer.apple.com/documentation/uikit/uilabel/numberoflines
    /// `var numberOfLines: Int { get set }`
    open var numberOfLines = 1

    /// https://developer.apple.com/documentation/uikit/uilabel/textcolor
    /// `var textColor: UIColor! { get set }`
    open var textColor: UIColor!

    /// https://developer.apple.com/documentation/uikit/uilabel/font
    /// `var font: UIFont! { get set }`
    open var font: UIFont!

    /// https://developer.apple.com/documentation/uikit/uicontentsizecategoryadjusting/adjustsfontforcontentsizecategory
    /// `var adjustsFontForContentSizeCategory: Bool { get set }` (UILabel adopts `UIContentSizeCategoryAdjusting`)
    open var adjustsFontForContentSizeCategory = false
}
