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

/// https://developer.apple.com/documentation/uikit/uicolor
/// `class UIColor : NSObject` (not main-actor isolated)
open class UIColor: @unchecked Sendable {
    /// Fake: the color's name, for tests.
    public let fakeName: String

    init(fakeName: String) { self.fakeName = fakeName }

    /// https://developer.apple.com/documentation/uikit/uicolor/darkgray
    /// `class var darkGray: UIColor { get }`
    open class var darkGray: UIColor { UIColor(fakeName: "darkGray") }

    /// https://developer.apple.com/documentation/uikit/uicolor/white
    /// `class var white: UIColor { get }`
    open class var white: UIColor { UIColor(fakeName: "white") }
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
}
