// Stand-in of the parts of AppKit that RemedyUI calls, for type-checking RemedyUI on Linux and testing it with
// fakes. Each declaration cites its page of Apple's documentation; what is marked "Fake" is not Apple API.
// Apple's AppKit classes descend from NSObject; the stand-in leaves NSObject out, as RemedyUI uses none of
// its members.
@_exported import Foundation
import StandInSupport

/// https://developer.apple.com/documentation/objectivec/selector
/// `struct Selector` — from the Objective-C runtime, which AppKit brings along and Linux lacks.
public struct Selector: Hashable, Sendable {
    let name: String

    /// https://developer.apple.com/documentation/objectivec/selector/init(_:)
    /// `init(_ str: String)`
    public init(_ name: String) { self.name = name }
}

/// https://developer.apple.com/documentation/appkit/nsresponder
/// `@MainActor class NSResponder : NSObject`
@MainActor
open class NSResponder {
    /// https://developer.apple.com/documentation/appkit/nsresponder/init()
    /// `init()`
    public init() {}

    /// Fake: every error presented as a sheet, with its window.
    public private(set) var fakePresentedErrors: [(error: any Error, window: NSWindow)] = []

    /// https://developer.apple.com/documentation/appkit/nsresponder/presenterror(_:)
    /// `func presentError(_ error: any Error) -> Bool`
    @discardableResult
    open func presentError(_ error: any Error) -> Bool {
        false
    }

    /// https://developer.apple.com/documentation/appkit/nsresponder/presenterror(_:modalfor:delegate:didpresent:contextinfo:)
    /// `func presentError(_ error: any Error, modalFor window: NSWindow, delegate: Any?,
    /// didPresent didPresentSelector: Selector?, contextInfo: UnsafeMutableRawPointer?)`
    open func presentError(
        _ error: any Error,
        modalFor window: NSWindow,
        delegate: Any?,
        didPresent didPresentSelector: Selector?,
        contextInfo: UnsafeMutableRawPointer?
    ) {
        fakePresentedErrors.append((error, window))
        FakeChanges.shared.changed()
    }
}

/// https://developer.apple.com/documentation/appkit/nswindow
/// `@MainActor class NSWindow : NSResponder`
@MainActor
open class NSWindow: NSResponder {
    /// https://developer.apple.com/documentation/appkit/nswindow/sheetparent
    /// `var sheetParent: NSWindow? { get }`
    open internal(set) weak var sheetParent: NSWindow?

    /// Fake: the alert whose window this is.
    public internal(set) weak var fakeOwningAlert: NSAlert?

    /// Fake: the sheets attached to this window, and the handlers that end them.
    var fakeSheets: [(sheet: NSWindow, handler: ((NSApplication.ModalResponse) -> Void)?)] = []

    /// Fake: AppKit makes windows from nibs or code; a test makes one with this.
    public override init() {}

    /// Fake: the sheet windows attached now.
    public var fakeAttachedSheets: [NSWindow] { fakeSheets.map(\.sheet) }

    /// https://developer.apple.com/documentation/appkit/nswindow/endsheet(_:)
    /// `func endSheet(_ sheetWindow: NSWindow)` — ends the sheet with `.stop`.
    open func endSheet(_ sheetWindow: NSWindow) {
        endSheet(sheetWindow, returnCode: .stop)
    }

    /// https://developer.apple.com/documentation/appkit/nswindow/endsheet(_:returncode:)
    /// `func endSheet(_ sheetWindow: NSWindow, returnCode: NSApplication.ModalResponse)`
    open func endSheet(_ sheetWindow: NSWindow, returnCode: NSApplication.ModalResponse) {
        guard let index = fakeSheets.firstIndex(where: { $0.sheet === sheetWindow }) else { return }
        let (sheet, handler) = fakeSheets.remove(at: index)
        sheet.sheetParent = nil
        FakeChanges.shared.changed()
        handler?(returnCode)
    }
}

/// https://developer.apple.com/documentation/appkit/nsapplication
/// `@MainActor class NSApplication : NSResponder`
@MainActor
open class NSApplication: NSResponder {
    /// https://developer.apple.com/documentation/appkit/nsapplication/shared
    /// `class var shared: NSApplication { get }`
    public static let shared = NSApplication()

    /// https://developer.apple.com/documentation/appkit/nsapplication/keywindow
    /// `var keyWindow: NSWindow? { get }` — a test sets it through the fake setter.
    open var keyWindow: NSWindow? { fakeKeyWindow }

    /// Fake: the window that is key.
    public weak var fakeKeyWindow: NSWindow?

    /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse
    /// `struct ModalResponse`
    public struct ModalResponse: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse/rawvalue
        public let rawValue: Int

        /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse/init(rawvalue:)
        /// `init(rawValue: Int)`
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse/stop
        /// `static let stop: NSApplication.ModalResponse` (-1000)
        public static let stop = ModalResponse(rawValue: -1000)

        /// https://developer.apple.com/documentation/appkit/nsapplication/modalresponse/alertfirstbuttonreturn
        /// `static let alertFirstButtonReturn: NSApplication.ModalResponse` (1000)
        public static let alertFirstButtonReturn = ModalResponse(rawValue: 1000)
    }
}

/// https://developer.apple.com/documentation/appkit/nsbutton
/// `@MainActor class NSButton : NSControl`
@MainActor
open class NSButton {
    /// https://developer.apple.com/documentation/appkit/nsbutton/title
    /// `var title: String { get set }`
    open var title: String

    /// https://developer.apple.com/documentation/appkit/nsbutton/keyequivalent
    /// `var keyEquivalent: String { get set }`
    open var keyEquivalent = ""

    /// https://developer.apple.com/documentation/appkit/nsbutton/hasdestructiveaction
    /// `var hasDestructiveAction: Bool { get set }` (macOS 11)
    open var hasDestructiveAction = false

    init(title: String) { self.title = title }
}

/// https://developer.apple.com/documentation/appkit/nsalert
/// `@MainActor class NSAlert : NSObject`
@MainActor
open class NSAlert {
    /// https://developer.apple.com/documentation/appkit/nsalert/messagetext
    /// `var messageText: String { get set }`
    open var messageText = ""

    /// https://developer.apple.com/documentation/appkit/nsalert/informativetext
    /// `var informativeText: String { get set }`
    open var informativeText = ""

    /// https://developer.apple.com/documentation/appkit/nsalert/alertstyle-swift.property
    /// `var alertStyle: NSAlert.Style { get set }`
    open var alertStyle: Style = .warning

    /// https://developer.apple.com/documentation/appkit/nsalert/buttons
    /// `var buttons: [NSButton] { get }`
    open private(set) var buttons: [NSButton] = []

    /// https://developer.apple.com/documentation/appkit/nsalert/window
    /// `var window: NSWindow { get }`
    public let window = NSWindow()

    /// Fake: the response the next `runModal()` returns, as if the person pressed that button.
    nonisolated(unsafe) public static var fakeNextModalResponse = NSApplication.ModalResponse.alertFirstButtonReturn

    /// https://developer.apple.com/documentation/appkit/nsalert/init()
    /// `init()`
    public init() {
        window.fakeOwningAlert = self
    }

    /// https://developer.apple.com/documentation/appkit/nsalert/addbutton(withtitle:)
    /// `func addButton(withTitle title: String) -> NSButton`
    @discardableResult
    open func addButton(withTitle title: String) -> NSButton {
        let button = NSButton(title: title)
        buttons.append(button)
        return button
    }

    /// https://developer.apple.com/documentation/appkit/nsalert/runmodal()
    /// `func runModal() -> NSApplication.ModalResponse`
    open func runModal() -> NSApplication.ModalResponse {
        Self.fakeNextModalResponse
    }

    /// https://developer.apple.com/documentation/appkit/nsalert/beginsheetmodal(for:completionhandler:)
    /// `func beginSheetModal(for sheetWindow: NSWindow,
    /// completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil)`
    open func beginSheetModal(
        for sheetWindow: NSWindow,
        completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil
    ) {
        window.sheetParent = sheetWindow
        sheetWindow.fakeSheets.append((window, handler))
        FakeChanges.shared.changed()
    }

    /// Fake: the person presses the button at an index of a sheet: AppKit ends the sheet with its response.
    public func fakePressButton(at index: Int) {
        window.sheetParent?.endSheet(
            window,
            returnCode: NSApplication.ModalResponse(
                rawValue: NSApplication.ModalResponse.alertFirstButtonReturn.rawValue + index)
        )
    }

    /// https://developer.apple.com/documentation/appkit/nsalert/style
    /// `enum Style`
    public enum Style: UInt, Sendable {
        /// https://developer.apple.com/documentation/appkit/nsalert/style/warning
        case warning = 0
        /// https://developer.apple.com/documentation/appkit/nsalert/style/informational
        case informational = 1
        /// https://developer.apple.com/documentation/appkit/nsalert/style/critical
        case critical = 2
    }
}

/// https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct
/// `struct NSAccessibility` (the namespace of the accessibility functions)
public enum NSAccessibility {
    /// https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/notification
    /// `struct Notification`
    public struct Notification: Hashable, Sendable {
        let rawValue: String

        /// https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/notification/announcementrequested
        /// `static let announcementRequested: NSAccessibility.Notification`
        public static let announcementRequested = Notification(rawValue: "AXAnnouncementRequested")
    }

    /// https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/notificationuserinfokey
    /// `struct NotificationUserInfoKey`
    public struct NotificationUserInfoKey: Hashable, Sendable {
        let rawValue: String

        /// https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/notificationuserinfokey/announcement
        /// `static let announcement: NSAccessibility.NotificationUserInfoKey`
        public static let announcement = NotificationUserInfoKey(rawValue: "AXAnnouncementKey")
    }

    /// https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/post(element:notification:userinfo:)
    /// `static func post(element: Any, notification: NSAccessibility.Notification,
    /// userInfo: [NSAccessibility.NotificationUserInfoKey : Any]?)`
    public static func post(
        element: Any,
        notification: NSAccessibility.Notification,
        userInfo: [NSAccessibility.NotificationUserInfoKey: Any]?
    ) {
        // The fake records on the main thread, where AppKit code (and every test here) posts from.
        let announcement = userInfo?[.announcement] as? String
        MainActor.assumeIsolated {
            fakePosts.append((notification, announcement))
            FakeChanges.shared.changed()
        }
    }

    /// Fake: every notification posted, in order, with its announcement text.
    @MainActor public static var fakePosts: [(notification: Notification, announcement: String?)] = []
}
