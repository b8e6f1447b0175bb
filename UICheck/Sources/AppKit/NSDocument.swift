import Foundation
import StandInSupport

/// https://developer.apple.com/documentation/appkit/nswindowcontroller
/// `@MainActor class NSWindowController : NSResponder`
@MainActor
open class NSWindowController: NSResponder {
    /// https://developer.apple.com/documentation/appkit/nswindowcontroller/window
    /// `var window: NSWindow? { get set }`
    open var window: NSWindow? {
        didSet { window?.windowController = self }
    }

    /// https://developer.apple.com/documentation/appkit/nswindowcontroller/document
    /// `weak var document: AnyObject? { get set }` — "The document associated with the window controller."
    open weak var document: AnyObject?

    /// https://developer.apple.com/documentation/appkit/nswindowcontroller/init(window:)
    /// `init(window: NSWindow?)`
    public init(window: NSWindow?) {
        super.init()
        self.window = window
        window?.windowController = self
    }
}

/// https://developer.apple.com/documentation/appkit/nsdocument
/// `class NSDocument : NSObject` — main-actor isolated here, as RemedyUI only calls it there.
@MainActor
open class NSDocument {
    /// https://developer.apple.com/documentation/appkit/nsdocument/init()
    public init() {}

    /// https://developer.apple.com/documentation/appkit/nsdocument/willpresenterror(_:)
    /// `func willPresentError(_ error: any Error) -> any Error` — "The default implementation of this method
    /// merely returns the passed-in error. The returned error may simply be forwarded to the document
    /// controller."
    open func willPresentError(_ error: any Error) -> any Error {
        error
    }
}

/// https://developer.apple.com/documentation/appkit/nsdocumentcontroller
/// `class NSDocumentController : NSObject` — main-actor isolated here, as RemedyUI only calls it there.
@MainActor
open class NSDocumentController {
    /// https://developer.apple.com/documentation/appkit/nsdocumentcontroller/shared
    /// `class var shared: NSDocumentController { get }` — a test may replace it with a subclass of its own
    /// (an app does so by making its subclass first).
    open class var shared: NSDocumentController { fakeShared }

    /// Fake: the shared instance.
    public static var fakeShared = NSDocumentController()

    /// Fake: AppKit makes the shared instance; a test makes one with this.
    public init() {}

    /// https://developer.apple.com/documentation/appkit/nsdocumentcontroller/willpresenterror(_:)
    /// `func willPresentError(_ error: any Error) -> any Error` — "The default implementation of this method
    /// merely returns the passed-in error. The returned error may simply be forwarded to the application
    /// object."
    open func willPresentError(_ error: any Error) -> any Error {
        error
    }
}

/// https://developer.apple.com/documentation/appkit/nsview
/// `@MainActor class NSView : NSResponder`
@MainActor
open class NSView: NSResponder {
    /// https://developer.apple.com/documentation/appkit/nsview/frame
    open var frame: CGRect
    /// https://developer.apple.com/documentation/appkit/nsview/subviews
    open private(set) var subviews: [NSView] = []
    /// https://developer.apple.com/documentation/appkit/nsview/superview
    open private(set) weak var superview: NSView?
    /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask
    /// `var autoresizingMask: NSView.AutoresizingMask { get set }`
    open var autoresizingMask: AutoresizingMask = []

    /// https://developer.apple.com/documentation/appkit/nsview/window
    /// `var window: NSWindow? { get }` — "The view's window object, if it is installed in a window."
    open var window: NSWindow? { fakeWindow ?? superview?.window }

    /// Fake: the window whose content view this is.
    weak var fakeWindow: NSWindow?

    /// https://developer.apple.com/documentation/appkit/nsview/init(frame:)
    /// `init(frame frameRect: NSRect)`
    public init(frame frameRect: CGRect) {
        frame = frameRect
        super.init()
    }

    /// https://developer.apple.com/documentation/appkit/nsview/addsubview(_:)
    open func addSubview(_ view: NSView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/appkit/nsview/removefromsuperview()
    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/appkit/nsresponder/acceptsfirstresponder
    /// `var acceptsFirstResponder: Bool { get }` — `false` for a plain view.
    open var acceptsFirstResponder: Bool { false }

    /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct
    /// `struct AutoresizingMask`
    public struct AutoresizingMask: OptionSet, Sendable {
        /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct/rawvalue
        public let rawValue: UInt
        /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct/width
        public static let width = AutoresizingMask(rawValue: 2)
        /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct/maxymargin
        public static let maxYMargin = AutoresizingMask(rawValue: 32)
    }
}
