// Stand-in of the parts of AppKit that RemedyUI calls, for type-checking RemedyUI on Linux and testing it with
// fakes. Each declaration cites its page of Apple's documentation; what is marked "Fake" is not Apple API.
// Apple's AppKit classes descend from NSObject; the stand-in leaves NSObject out, as RemedyUI uses none of
// its members.
@_exported import Foundation
import StandInSupport

/// https://developer.apple.com/documentation/appkit/nsresponder
/// `@MainActor class NSResponder : NSObject`
@MainActor
open class NSResponder {
    /// https://developer.apple.com/documentation/appkit/nsresponder/init()
    /// `init()`
    public init() {}

    /// https://developer.apple.com/documentation/appkit/nsresponder/nextresponder
    /// `unowned(unsafe) var nextResponder: NSResponder? { get set }` (held weakly here)
    open weak var nextResponder: NSResponder?

    /// https://developer.apple.com/documentation/appkit/nsresponder/willpresenterror(_:)
    /// `func willPresentError(_ error: any Error) -> any Error` — returns the error unchanged unless
    /// overridden.
    open func willPresentError(_ error: any Error) -> any Error {
        error
    }

    /// https://developer.apple.com/documentation/appkit/nsresponder/presenterror(_:)
    /// `func presentError(_ error: any Error) -> Bool` — AppKit's application-modal error alert; kept here so
    /// that calls resolve between it and RemedyUI's `presentError(_:completion:)` as they do with AppKit.
    @discardableResult
    open func presentError(_ error: any Error) -> Bool {
        fakeAppKitPresentedErrors.append(error)
        return false
    }

    /// Fake: the errors handed to AppKit's own `presentError(_:)`.
    public private(set) var fakeAppKitPresentedErrors: [any Error] = []
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

    /// https://developer.apple.com/documentation/appkit/nsalert/layout()
    /// `func layout()` — lays the alert's window out now rather than just before it is shown.
    open func layout() {}

    /// https://developer.apple.com/documentation/appkit/nsalert/runmodal()
    /// `func runModal() -> NSApplication.ModalResponse` — AppKit runs a modal event loop here, on the main
    /// actor, and returns only when a button ends it. Nothing can press one while the loop holds the main
    /// actor of a test, so the fake counts the loop in `NSApplication.fakeBlockingModalLoops` (a loop that
    /// nothing but the person could end) and returns `.stop`.
    open func runModal() -> NSApplication.ModalResponse {
        NSApplication.shared.fakeBlockingModalLoops += 1
        FakeChanges.shared.changed()
        return .stop
    }

    /// https://developer.apple.com/documentation/appkit/nsalert/beginsheetmodal(for:completionhandler:)
    /// `func beginSheetModal(for sheetWindow: NSWindow,
    /// completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil)` — "If the alert has an
    /// alert style of NSCriticalAlertStyle, it is presented as a critical sheet, which means that it can
    /// display on top of other sheets that might already be attached to the window. Otherwise, it is
    /// presented—or queued for presentation—as a standard sheet."
    open func beginSheetModal(
        for sheetWindow: NSWindow,
        completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil
    ) {
        if alertStyle == .critical {
            sheetWindow.beginCriticalSheet(window, completionHandler: handler)
        } else {
            sheetWindow.beginSheet(window, completionHandler: handler)
        }
    }

    /// Fake: the person presses the button at an index: AppKit ends the sheet, or the modal session, with
    /// its response.
    public func fakePressButton(at index: Int) {
        let response = NSApplication.ModalResponse(
            rawValue: NSApplication.ModalResponse.alertFirstButtonReturn.rawValue + index)
        if NSApplication.shared.modalWindow === window {
            NSApplication.shared.stopModal(withCode: response)
        } else {
            window.sheetParent?.endSheet(window, returnCode: response)
        }
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
