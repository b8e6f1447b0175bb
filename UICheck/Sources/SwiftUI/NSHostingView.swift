import AppKit
import Foundation

/// https://developer.apple.com/documentation/swiftui/nshostingview
/// `@MainActor @preconcurrency open class NSHostingView<Content> : NSView where Content : View` (macOS)
@MainActor
open class NSHostingView<Content: View>: NSView {
    /// https://developer.apple.com/documentation/swiftui/nshostingview/rootview
    /// `var rootView: Content { get set }`
    public var rootView: Content

    /// https://developer.apple.com/documentation/swiftui/nshostingview/init(rootview:)
    /// `required init(rootView: Content)`
    public required init(rootView: Content) {
        self.rootView = rootView
        super.init(frame: .zero)
    }
}
