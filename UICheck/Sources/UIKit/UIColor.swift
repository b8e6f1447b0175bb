import Foundation

/// https://developer.apple.com/documentation/uikit/uicolor
/// `class UIColor : NSObject` (not main-actor isolated) — the fake keeps sRGB components, or a provider
/// that resolves them for a trait collection, as a dynamic color does.
open class UIColor: @unchecked Sendable {
    // @unchecked: every stored property is a `let`, set in an initializer; the provider is `@Sendable`.
    private let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
    private let provider: (@Sendable (UITraitCollection) -> UIColor)?

    /// https://developer.apple.com/documentation/uikit/uicolor/init(red:green:blue:alpha:)
    /// `init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)`
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = (red, green, blue, alpha)
        provider = nil
    }

    /// https://developer.apple.com/documentation/uikit/uicolor/init(dynamicprovider:)
    /// `init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor)` (iOS 13)
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        components = (0, 0, 0, 0)
        provider = dynamicProvider
    }

    /// https://developer.apple.com/documentation/uikit/uicolor/resolvedcolor(with:)
    /// `func resolvedColor(with traitCollection: UITraitCollection) -> UIColor`
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        provider.map { $0(traitCollection).resolvedColor(with: traitCollection) } ?? self
    }

    /// https://developer.apple.com/documentation/uikit/uicolor/getred(_:green:blue:alpha:)
    /// `func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    /// blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool` — `false` for a
    /// dynamic color that isn't resolved.
    open func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        guard provider == nil else { return false }
        red?.pointee = components.red
        green?.pointee = components.green
        blue?.pointee = components.blue
        alpha?.pointee = components.alpha
        return true
    }

    /// https://developer.apple.com/documentation/uikit/uicolor/clear
    /// `class var clear: UIColor { get }`
    open class var clear: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 0) }
}

/// https://developer.apple.com/documentation/uikit/uitraitcollection
/// `class UITraitCollection : NSObject` — immutable; the fake keeps the two traits RemedyUI reads.
public final class UITraitCollection: Sendable {
    /// https://developer.apple.com/documentation/uikit/uitraitcollection/userinterfacestyle
    /// `var userInterfaceStyle: UIUserInterfaceStyle { get }`
    public let userInterfaceStyle: UIUserInterfaceStyle

    /// https://developer.apple.com/documentation/uikit/uitraitcollection/preferredcontentsizecategory
    /// `var preferredContentSizeCategory: UIContentSizeCategory { get }`
    public let preferredContentSizeCategory: UIContentSizeCategory

    /// https://developer.apple.com/documentation/uikit/uitraitcollection/init(userinterfacestyle:)
    /// `convenience init(userInterfaceStyle: UIUserInterfaceStyle)`
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(userInterfaceStyle: userInterfaceStyle, preferredContentSizeCategory: .large)
    }

    /// https://developer.apple.com/documentation/uikit/uitraitcollection/init(preferredcontentsizecategory:)
    /// `convenience init(preferredContentSizeCategory: UIContentSizeCategory)`
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(userInterfaceStyle: .light, preferredContentSizeCategory: preferredContentSizeCategory)
    }

    /// Fake: both traits at once.
    public init(userInterfaceStyle: UIUserInterfaceStyle, preferredContentSizeCategory: UIContentSizeCategory) {
        self.userInterfaceStyle = userInterfaceStyle
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    /// Fake: the traits every view has, set by a test.
    @MainActor public static var fakeCurrent = UITraitCollection(userInterfaceStyle: .light)
}

/// https://developer.apple.com/documentation/uikit/uiuserinterfacestyle
/// `enum UIUserInterfaceStyle`
public enum UIUserInterfaceStyle: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uiuserinterfacestyle/unspecified
    case unspecified = 0
    /// https://developer.apple.com/documentation/uikit/uiuserinterfacestyle/light
    case light = 1
    /// https://developer.apple.com/documentation/uikit/uiuserinterfacestyle/dark
    case dark = 2
}

/// https://developer.apple.com/documentation/uikit/uicontentsizecategory
/// `struct UIContentSizeCategory`
public struct UIContentSizeCategory: Hashable, Sendable {
    let rawValue: String

    /// https://developer.apple.com/documentation/uikit/uicontentsizecategory/extrasmall
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    /// https://developer.apple.com/documentation/uikit/uicontentsizecategory/large (the default)
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    /// https://developer.apple.com/documentation/uikit/uicontentsizecategory/extraextraextralarge
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    /// https://developer.apple.com/documentation/uikit/uicontentsizecategory/accessibilitymedium
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    /// https://developer.apple.com/documentation/uikit/uicontentsizecategory/accessibilityextraextraextralarge
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(
        rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// https://developer.apple.com/documentation/uikit/uicontentsizecategory/isaccessibilitycategory
    /// `var isAccessibilityCategory: Bool { get }`
    public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }
}

/// https://developer.apple.com/documentation/uikit/uifont
/// `class UIFont : NSObject` (not main-actor isolated)
public final class UIFont: Sendable {
    /// Fake: the text style it was made for.
    public let fakeTextStyle: TextStyle

    init(fakeTextStyle: TextStyle) { self.fakeTextStyle = fakeTextStyle }

    /// https://developer.apple.com/documentation/uikit/uifont/preferredfont(fortextstyle:)
    /// `class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont`
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        UIFont(fakeTextStyle: style)
    }

    /// https://developer.apple.com/documentation/uikit/uifont/textstyle
    /// `struct TextStyle`
    public struct TextStyle: Hashable, Sendable {
        let rawValue: String

        /// https://developer.apple.com/documentation/uikit/uifont/textstyle/headline
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// https://developer.apple.com/documentation/uikit/uifont/textstyle/subheadline
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
    }
}
