import Foundation
import StandInSupport

/// https://developer.apple.com/documentation/uikit/uiaccessibility
/// `@MainActor enum UIAccessibility` (the namespace of the accessibility functions)
///
/// The fake's VoiceOver and Reduce Motion settings are set by a test; VoiceOver's focus moves with
/// `fakeMoveVoiceOverFocus(to:)`, which posts `elementFocusedNotification` as UIKit does.
@MainActor
public enum UIAccessibility {
    /// https://developer.apple.com/documentation/uikit/uiaccessibility/notification
    /// `struct Notification`
    public struct Notification: Hashable, Sendable {
        let rawValue: UInt32

        /// https://developer.apple.com/documentation/uikit/uiaccessibility/notification/announcement
        /// `nonisolated static let announcement: UIAccessibility.Notification`
        public static let announcement = Notification(rawValue: 1008)
    }

    /// https://developer.apple.com/documentation/uikit/uiaccessibility/post(notification:argument:)
    /// `@MainActor static func post(notification: UIAccessibility.Notification, argument: Any?)`
    public static func post(notification: UIAccessibility.Notification, argument: Any?) {
        fakePosts.append((notification, argument))
        FakeChanges.shared.changed()
    }

    /// Fake: every notification posted, in order.
    nonisolated(unsafe) public static var fakePosts: [(notification: Notification, argument: Any?)] = []

    /// https://developer.apple.com/documentation/uikit/uiaccessibility/isvoiceoverrunning
    /// `static var isVoiceOverRunning: Bool { get }`
    public static var isVoiceOverRunning: Bool { fakeVoiceOverRunning }

    /// https://developer.apple.com/documentation/uikit/uiaccessibility/isreducemotionenabled
    /// `static var isReduceMotionEnabled: Bool { get }`
    public static var isReduceMotionEnabled: Bool { fakeReduceMotion }

    /// Fake: the person's settings, set by a test.
    public static var fakeVoiceOverRunning = false
    public static var fakeReduceMotion = false

    /// https://developer.apple.com/documentation/uikit/uiaccessibility/focusedelement(using:)
    /// `static func focusedElement(using assistiveTechnologyIdentifier:
    /// UIAccessibility.AssistiveTechnologyIdentifier?) -> Any?` — "The element that is currently focused by
    /// the specified assistive technology"
    public static func focusedElement(using assistiveTechnologyIdentifier: AssistiveTechnologyIdentifier?) -> Any? {
        fakeFocusedElement
    }

    private static var fakeFocusedElement: AnyObject?

    /// Fake: VoiceOver's focus moves to an element (or leaves every element): UIKit posts
    /// `elementFocusedNotification` with the element under `focusedElementUserInfoKey`.
    public static func fakeMoveVoiceOverFocus(to element: AnyObject?) {
        fakeFocusedElement = element
        var userInfo: [AnyHashable: Any] = [assistiveTechnologyKey: AssistiveTechnologyIdentifier.notificationVoiceOver]
        if let element { userInfo[focusedElementUserInfoKey] = element }
        NotificationCenter.default.post(name: elementFocusedNotification, object: nil, userInfo: userInfo)
        FakeChanges.shared.changed()
    }

    /// https://developer.apple.com/documentation/uikit/uiaccessibility/elementfocusednotification
    /// `nonisolated static let elementFocusedNotification: NSNotification.Name` — "A notification that UIKit
    /// posts when an assistive app focuses on an accessibility element."
    public nonisolated static let elementFocusedNotification = NSNotification.Name(
        "UIAccessibilityElementFocusedNotification")

    /// https://developer.apple.com/documentation/uikit/uiaccessibility/focusedelementuserinfokey
    /// `nonisolated static let focusedElementUserInfoKey: String`
    public nonisolated static let focusedElementUserInfoKey = "UIAccessibilityFocusedElementKey"

    /// https://developer.apple.com/documentation/uikit/uiaccessibility/assistivetechnologykey
    /// `nonisolated static let assistiveTechnologyKey: String`
    public nonisolated static let assistiveTechnologyKey = "UIAccessibilityAssistiveTechnologyKey"

    /// https://developer.apple.com/documentation/uikit/uiaccessibility/assistivetechnologyidentifier
    /// `struct AssistiveTechnologyIdentifier`
    public struct AssistiveTechnologyIdentifier: Hashable, Sendable {
        let rawValue: String

        /// https://developer.apple.com/documentation/uikit/uiaccessibility/assistivetechnologyidentifier/notificationvoiceover
        /// `nonisolated static let notificationVoiceOver: UIAccessibility.AssistiveTechnologyIdentifier`
        public static let notificationVoiceOver = AssistiveTechnologyIdentifier(
            rawValue: "UIAccessibilityNotificationVoiceOverIdentifier")
    }
}
